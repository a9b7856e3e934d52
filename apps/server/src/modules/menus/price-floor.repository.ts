// What the rule "a line never costs less than nothing" (decision 078) reads of the stored menu.
import type { PriceFloorMenu } from '@sobremesa/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import { optionTypes, options, productOptionTypes, products } from '../../db/schema/index.ts';

/** Advisory lock class of a venue's menu price changes (any constant unique to this use). */
const MENU_PRICES_LOCK_CLASS = 0x4d50; // "MP"

/**
 * Serialises the venue's changes that can move a dish's lowest price until the transaction ends, so each is
 * checked against what the one before it committed: two admins, one lowering a price and the other adding a
 * discount, could otherwise each pass against a menu without the other's change and leave both written.
 */
export async function lockVenueMenuPrices(db: Executor, venueId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${MENU_PRICES_LOCK_CLASS}::int, ${venueId}::int)`);
}

/** The products of the venue that offer the option type `optionTypeId`. */
export async function productIdsOffering(db: Executor, venueId: number, optionTypeId: number) {
  const rows = await db
    .select({ productId: productOptionTypes.productId })
    .from(productOptionTypes)
    .where(and(eq(productOptionTypes.venueId, venueId), eq(productOptionTypes.optionTypeId, optionTypeId)));
  return rows.map((row) => row.productId);
}

/**
 * The products `productIds` (archived ones left out: they can no longer be ordered) with the option types
 * they offer, and those types and `alsoTypeIds` with every option of theirs.
 */
export async function priceFloorMenu(
  db: Executor,
  venueId: number,
  productIds: readonly number[],
  alsoTypeIds: readonly number[],
): Promise<PriceFloorMenu> {
  const run = readsOn(db);
  const [productRows, links] =
    productIds.length === 0
      ? [[], []]
      : await Promise.all([
          run(() =>
            db
              .select({ id: products.id, name: products.name, priceCents: products.priceCents })
              .from(products)
              .where(
                and(
                  eq(products.venueId, venueId),
                  inArray(products.id, [...productIds]),
                  isNull(products.archivedAt),
                ),
              ),
          ),
          run(() =>
            db
              .select({
                productId: productOptionTypes.productId,
                optionTypeId: productOptionTypes.optionTypeId,
              })
              .from(productOptionTypes)
              .where(
                and(
                  eq(productOptionTypes.venueId, venueId),
                  inArray(productOptionTypes.productId, [...productIds]),
                ),
              ),
          ),
        ]);
  const typeIds = [...new Set([...links.map((link) => link.optionTypeId), ...alsoTypeIds])];
  if (typeIds.length === 0) return { products: productRows, links, optionTypes: [] };
  const [typeRows, optionRows] = await Promise.all([
    run(() =>
      db
        .select({
          id: optionTypes.id,
          minChoices: optionTypes.minChoices,
          maxChoices: optionTypes.maxChoices,
        })
        .from(optionTypes)
        .where(and(eq(optionTypes.venueId, venueId), inArray(optionTypes.id, typeIds))),
    ),
    run(() =>
      db
        .select({
          id: options.id,
          optionTypeId: options.optionTypeId,
          priceModifierCents: options.priceModifierCents,
        })
        .from(options)
        .where(and(eq(options.venueId, venueId), inArray(options.optionTypeId, typeIds)))
        .orderBy(asc(options.id)),
    ),
  ]);
  return {
    products: productRows,
    links,
    optionTypes: typeRows.map((type) => ({
      ...type,
      options: optionRows.filter((option) => option.optionTypeId === type.id),
    })),
  };
}
