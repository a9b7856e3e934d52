import { DELIVERY_FEE_SKU } from '@sobremesa/domain';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { allOf } from '../../lib/all-of.ts';
import { readsOn } from '../../db/reads.ts';
import { inVenueOrder } from '../../db/venue-rows.ts';
import {
  allergens,
  dishClasses,
  menuCategories,
  menuCourseItems,
  menuCourses,
  menus,
  optionTypes,
  options,
  productAllergens,
  productCategories,
  productOptionTypes,
  products,
  translations,
} from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;

/** Everything the menu of a venue is built from, read in one go (the guests' menu, the commander, the editor). */
export async function loadCatalogue(db: Executor, venueId: number) {
  return allOf(
    {
      menuRows: inVenueOrder(db, menus, venueId),
      categoryRows: inVenueOrder(db, menuCategories, venueId),
      productRows: db
        .select()
        .from(products)
        // The delivery fee's product exists for its bill line only, and an archived one for the history that
        // names it (decision 060): no menu, commander or editor shows either, and neither can be ordered.
        .where(
          and(eq(products.venueId, venueId), ne(products.sku, DELIVERY_FEE_SKU), isNull(products.archivedAt)),
        )
        .orderBy(asc(products.sortOrder), asc(products.id)),
      listing: db
        .select()
        .from(productCategories)
        .where(eq(productCategories.venueId, venueId))
        .orderBy(asc(productCategories.sortOrder), asc(productCategories.productId)),
      allergenRows: db
        .select({
          productId: productAllergens.productId,
          allergenId: productAllergens.allergenId,
          code: allergens.code,
          mayContainTraces: productAllergens.mayContainTraces,
          sortOrder: allergens.sortOrder,
        })
        .from(productAllergens)
        .innerJoin(allergens, eq(allergens.id, productAllergens.allergenId))
        .where(eq(productAllergens.venueId, venueId))
        .orderBy(asc(allergens.sortOrder), asc(allergens.id)),
      optionTypeRows: inVenueOrder(db, optionTypes, venueId),
      optionRows: inVenueOrder(db, options, venueId),
      productTypes: db
        .select()
        .from(productOptionTypes)
        .where(eq(productOptionTypes.venueId, venueId))
        .orderBy(asc(productOptionTypes.sortOrder)),
      courseRows: inVenueOrder(db, menuCourses, venueId),
      courseItemRows: inVenueOrder(db, menuCourseItems, venueId),
      dishClassRows: inVenueOrder(db, dishClasses, venueId),
    },
    readsOn(db),
  );
}
export type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

/** One product of the venue, locked for the transaction (an archived one is gone for staff tools). */
export async function lockProduct(
  db: Executor,
  venueId: number,
  productId: number,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.venueId, venueId), eq(products.id, productId), isNull(products.archivedAt)))
    .for('update');
  return row;
}

export async function updateProduct(
  db: Executor,
  venueId: number,
  productId: number,
  changes: Partial<typeof products.$inferInsert>,
): Promise<ProductRow> {
  const [row] = await db
    .update(products)
    .set(changes)
    .where(and(eq(products.venueId, venueId), eq(products.id, productId)))
    .returning();
  if (!row) throw new Error('product vanished while locked');
  return row;
}

/** Category ids of the venue among `ids`. */
export async function venueCategoryIds(
  db: Executor,
  venueId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: menuCategories.id })
    .from(menuCategories)
    .where(and(eq(menuCategories.venueId, venueId), inArray(menuCategories.id, [...ids])));
  return rows.map((row) => row.id);
}

/** Replaces the categories a product is listed in, in the order given (the product editor's, a CSV cell's). */
export async function replaceProductCategories(
  db: Executor,
  venueId: number,
  productId: number,
  categoryIds: readonly number[],
): Promise<void> {
  await db
    .delete(productCategories)
    .where(and(eq(productCategories.venueId, venueId), eq(productCategories.productId, productId)));
  if (categoryIds.length === 0) return;
  await db
    .insert(productCategories)
    .values(categoryIds.map((categoryId, index) => ({ venueId, categoryId, productId, sortOrder: index })));
}

/** Writes a translation of venue content (an edited name or description in the editor's language). */
export async function upsertTranslation(
  db: Executor,
  venueId: number,
  key: string,
  locale: string,
  value: string,
): Promise<void> {
  await db
    .insert(translations)
    .values({ venueId, key, locale, value })
    .onConflictDoUpdate({
      target: [translations.venueId, translations.key, translations.locale],
      set: { value },
    });
}
