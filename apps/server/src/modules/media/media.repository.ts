import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { media, products } from '../../db/schema/index.ts';
import type { ImageFormat, ImagePurpose, Rendition } from './image-renditions.ts';

/** Keeps an upload's renditions; the same picture uploaded again finds them stored already. */
export async function insertRenditions(
  db: Executor,
  venueId: number,
  sourceKey: string,
  purpose: ImagePurpose,
  renditions: readonly Rendition[],
): Promise<void> {
  await db
    .insert(media)
    .values(
      renditions.map((rendition) => ({
        venueId,
        sourceKey,
        purpose,
        width: rendition.width,
        format: rendition.format,
        contentType: rendition.contentType,
        hash: rendition.hash,
        bytes: rendition.bytes,
      })),
    )
    .onConflictDoNothing();
}

/** One rendition of the venue, with its bytes. */
export async function findRendition(
  db: Executor,
  venueId: number,
  sourceKey: string,
  width: number,
  format: ImageFormat,
) {
  const [row] = await db
    .select({ contentType: media.contentType, hash: media.hash, bytes: media.bytes })
    .from(media)
    .where(
      and(
        eq(media.venueId, venueId),
        eq(media.sourceKey, sourceKey),
        eq(media.width, width),
        eq(media.format, format),
      ),
    );
  return row;
}

/** Whether the product is this venue's (another venue's id reads as absent). */
export async function productExists(db: Executor, venueId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.venueId, venueId), eq(products.id, productId)));
  return row !== undefined;
}
