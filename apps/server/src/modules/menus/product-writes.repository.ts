// The product writes other modules ask menus for (decision 068: menus owns the menu tables): a hidden product
// under a fixed sku (a delivery's fee) and a product's photo (media).
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { products } from '../../db/schema/index.ts';

/** The id of the venue's product under `sku`, created hidden from the menu with these details when missing. */
export async function hiddenProductId(
  db: Executor,
  venueId: number,
  product: { sku: string; name: string; vatRateBp: number; type: string },
): Promise<number> {
  await db
    .insert(products)
    .values({ venueId, ...product, priceCents: 0, isVisible: false })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.venueId, venueId), eq(products.sku, product.sku)));
  if (!row) throw new Error(`product ${product.sku} missing after insert`);
  return row.id;
}

/** The product's photo URL under a row lock, so two uploads apply one after the other. */
export async function lockProductPicture(db: Executor, venueId: number, productId: number) {
  const [row] = await db
    .select({ pictureUrl: products.pictureUrl })
    .from(products)
    .where(and(eq(products.venueId, venueId), eq(products.id, productId)))
    .for('update');
  return row;
}

/** Points the product at its photo (or none); returns what a menu change announces. */
export async function writeProductPicture(
  db: Executor,
  venueId: number,
  productId: number,
  pictureUrl: string | null,
) {
  const [row] = await db
    .update(products)
    .set({ pictureUrl })
    .where(and(eq(products.venueId, venueId), eq(products.id, productId)))
    .returning({
      productId: products.id,
      sku: products.sku,
      available: products.available,
      topChoice: products.topChoice,
      isVisible: products.isVisible,
      priceCents: products.priceCents,
    });
  if (!row) throw new Error('product vanished while locked');
  return row;
}
