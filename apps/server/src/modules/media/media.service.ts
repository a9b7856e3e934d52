import type { AppContext } from '../../context.ts';
import { appendAudit, asAdmin } from '../../db/audit-log.ts';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { updateVenueSettings } from '../config/config.service.ts';
import { lockProductPicture, notifyMenuProductChanged, writeProductPicture } from '../menus/menus.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  MAIN_WIDTH,
  RENDITIONS,
  renderImage,
  sourceKeyOf,
  type ImageFormat,
  type ImagePurpose,
  type Rendition,
} from './image-renditions.ts';
import { insertRenditions, productExists } from './media.repository.ts';

/** `/media/<sourceKey>-<width>.<format>`: one rendition, immutable. */
export const MEDIA_PATH = /^([0-9a-f]{32})-([0-9]{1,4})\.(webp|png)$/;

export function mediaUrl(sourceKey: string, width: number, format: ImageFormat): string {
  return `/media/${sourceKey}-${width}.${format}`;
}

export interface StoredImage {
  /** The URL of the purpose's main rendition (what settings and products keep). */
  readonly url: string;
  /** Every rendition's URL by width. */
  readonly renditions: Readonly<Record<number, string>>;
}

function stored(purpose: ImagePurpose, sourceKey: string, renditions: readonly Rendition[]): StoredImage {
  const main = RENDITIONS[purpose].find((spec) => spec.width === MAIN_WIDTH[purpose])!;
  return {
    url: mediaUrl(sourceKey, main.width, main.format),
    renditions: Object.fromEntries(
      renditions.map((rendition) => [
        rendition.width,
        mediaUrl(sourceKey, rendition.width, rendition.format),
      ]),
    ),
  };
}

/** Re-encodes an upload (outside any transaction: it is the slow part) and keeps its renditions. */
async function keepImage(
  db: Executor,
  venueId: number,
  purpose: ImagePurpose,
  sourceKey: string,
  renditions: readonly Rendition[],
): Promise<StoredImage> {
  await insertRenditions(db, venueId, sourceKey, purpose, renditions);
  return stored(purpose, sourceKey, renditions);
}

/** The venue settings field each venue image fills. */
const VENUE_IMAGE_FIELD = { logo: 'logo_url', favicon: 'favicon_url' } as const;

/**
 * Sets the venue's logo or favicon from an upload (admin only): its renditions are kept, and the settings
 * field points at the main one through the settings update, which audits it (SEC-11) and announces
 * `venue.config.updated`, so guest pages and the staff app show it at their next read of the venue config.
 */
export async function setVenueImage(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  purpose: 'logo' | 'favicon',
  bytes: Buffer,
): Promise<StoredImage> {
  const renditions = await renderImage(bytes, purpose);
  const image = await keepImage(ctx.db, venue.id, purpose, sourceKeyOf(bytes), renditions);
  await updateVenueSettings(ctx, venue, staff, { [VENUE_IMAGE_FIELD[purpose]]: image.url });
  return image;
}

/** Takes the venue's logo or favicon off its pages (the renditions stay: old pages in caches name them). */
export async function removeVenueImage(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  purpose: 'logo' | 'favicon',
): Promise<void> {
  await updateVenueSettings(ctx, venue, staff, { [VENUE_IMAGE_FIELD[purpose]]: '' });
}

/**
 * Sets (an upload) or clears (null) a product's photo: the product must be this venue's (404 otherwise,
 * checked before the image is decoded), the change is audited and announced to staff screens and open
 * guest menus like any product change.
 */
export async function setProductPhoto(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  productId: number,
  bytes: Buffer | null,
): Promise<StoredImage | null> {
  if (!(await productExists(ctx.db, venue.id, productId))) throw notFound();
  const renditions = bytes ? await renderImage(bytes, 'product') : null;
  return ctx.db.transaction(async (tx) => {
    const before = await lockProductPicture(tx, venue.id, productId);
    if (!before) throw notFound();
    const image =
      bytes && renditions ? await keepImage(tx, venue.id, 'product', sourceKeyOf(bytes), renditions) : null;
    const change = await writeProductPicture(tx, venue.id, productId, image?.url ?? null);
    await appendAudit(
      tx,
      venue.id,
      asAdmin(staff),
      image ? 'product.photo.update' : 'product.photo.remove',
      'product',
      productId,
      { pictureUrl: before.pictureUrl },
      { pictureUrl: image?.url ?? null },
    );
    await appendEvent(tx, venue.id, 'menu.product.changed', change);
    await notifyMenuProductChanged(tx, venue.id, change);
    return image;
  });
}
