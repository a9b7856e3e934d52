// The menu editor's rows (archived products kept, decision 060) and the locks every editor write takes first.
import { DELIVERY_FEE_SKU } from '@sobremesa/domain';
import { and, asc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
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

export type MenuRow = typeof menus.$inferSelect;
export type CategoryRow = typeof menuCategories.$inferSelect;
export type AdminProductRow = typeof products.$inferSelect;
export type OptionTypeRow = typeof optionTypes.$inferSelect;

/** The editor's whole picture of a venue's menus: archived products and the delivery fee left out. */
export async function loadEditorRows(db: Executor, venueId: number) {
  const [
    menuRows,
    categoryRows,
    productRows,
    listing,
    allergenLinks,
    typeLinks,
    optionTypeRows,
    optionRows,
    courseRows,
    courseItemRows,
    dishClassRows,
    allergenRows,
    translationRows,
  ] = await Promise.all([
    db.select().from(menus).where(eq(menus.venueId, venueId)).orderBy(asc(menus.sortOrder), asc(menus.id)),
    db
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.venueId, venueId))
      .orderBy(asc(menuCategories.sortOrder), asc(menuCategories.id)),
    db
      .select()
      .from(products)
      .where(
        and(
          eq(products.venueId, venueId),
          isNull(products.archivedAt),
          sql`${products.sku} <> ${DELIVERY_FEE_SKU}`,
        ),
      )
      .orderBy(asc(products.sortOrder), asc(products.id)),
    db
      .select()
      .from(productCategories)
      .where(eq(productCategories.venueId, venueId))
      .orderBy(asc(productCategories.sortOrder), asc(productCategories.productId)),
    db.select().from(productAllergens).where(eq(productAllergens.venueId, venueId)),
    db
      .select()
      .from(productOptionTypes)
      .where(eq(productOptionTypes.venueId, venueId))
      .orderBy(asc(productOptionTypes.sortOrder)),
    db
      .select()
      .from(optionTypes)
      .where(eq(optionTypes.venueId, venueId))
      .orderBy(asc(optionTypes.sortOrder), asc(optionTypes.id)),
    db
      .select()
      .from(options)
      .where(eq(options.venueId, venueId))
      .orderBy(asc(options.sortOrder), asc(options.id)),
    db
      .select()
      .from(menuCourses)
      .where(eq(menuCourses.venueId, venueId))
      .orderBy(asc(menuCourses.sortOrder), asc(menuCourses.id)),
    db
      .select()
      .from(menuCourseItems)
      .where(eq(menuCourseItems.venueId, venueId))
      .orderBy(asc(menuCourseItems.sortOrder), asc(menuCourseItems.id)),
    db
      .select()
      .from(dishClasses)
      .where(eq(dishClasses.venueId, venueId))
      .orderBy(asc(dishClasses.sortOrder), asc(dishClasses.id)),
    db.select().from(allergens).orderBy(asc(allergens.sortOrder), asc(allergens.id)),
    db
      .select({ key: translations.key, locale: translations.locale, value: translations.value })
      .from(translations)
      .where(
        and(
          eq(translations.venueId, venueId),
          or(
            like(translations.key, 'menu.%'),
            like(translations.key, 'category.%'),
            like(translations.key, 'product.%'),
            like(translations.key, 'optionType.%'),
            like(translations.key, 'option.%'),
            like(translations.key, 'menuCourse.%'),
          ),
        ),
      ),
  ]);
  return {
    menuRows,
    categoryRows,
    productRows,
    listing,
    allergenLinks,
    typeLinks,
    optionTypeRows,
    optionRows,
    courseRows,
    courseItemRows,
    dishClassRows,
    allergenRows,
    translationRows,
  };
}
export type EditorRows = Awaited<ReturnType<typeof loadEditorRows>>;

// ---------------------------------------------------------------------------------------------------
// Locks: every write reads its row FOR UPDATE inside the transaction, so a venue's id is the only key

export async function lockMenu(db: Executor, venueId: number, id: number): Promise<MenuRow | undefined> {
  const [row] = await db
    .select()
    .from(menus)
    .where(and(eq(menus.venueId, venueId), eq(menus.id, id)))
    .for('update');
  return row;
}

export async function lockCategory(
  db: Executor,
  venueId: number,
  id: number,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(menuCategories)
    .where(and(eq(menuCategories.venueId, venueId), eq(menuCategories.id, id)))
    .for('update');
  return row;
}

/** A product the editor may change: the venue's, not archived, not the delivery fee. */
export async function lockEditableProduct(
  db: Executor,
  venueId: number,
  id: number,
): Promise<AdminProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.venueId, venueId),
        eq(products.id, id),
        isNull(products.archivedAt),
        sql`${products.sku} <> ${DELIVERY_FEE_SKU}`,
      ),
    )
    .for('update');
  return row;
}

export async function lockOptionType(
  db: Executor,
  venueId: number,
  id: number,
): Promise<OptionTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(optionTypes)
    .where(and(eq(optionTypes.venueId, venueId), eq(optionTypes.id, id)))
    .for('update');
  return row;
}

/** Which of `ids` are rows of `table` in the venue (foreign ids from a request are refused as 404). */
export async function knownIds(
  db: Executor,
  venueId: number,
  table: 'categories' | 'optionTypes' | 'dishClasses' | 'products' | 'allergens',
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const unique = [...new Set(ids)];
  const rows =
    table === 'categories'
      ? await db
          .select({ id: menuCategories.id })
          .from(menuCategories)
          .where(and(eq(menuCategories.venueId, venueId), inArray(menuCategories.id, unique)))
      : table === 'optionTypes'
        ? await db
            .select({ id: optionTypes.id })
            .from(optionTypes)
            .where(and(eq(optionTypes.venueId, venueId), inArray(optionTypes.id, unique)))
        : table === 'dishClasses'
          ? await db
              .select({ id: dishClasses.id })
              .from(dishClasses)
              .where(and(eq(dishClasses.venueId, venueId), inArray(dishClasses.id, unique)))
          : table === 'products'
            ? await db
                .select({ id: products.id })
                .from(products)
                .where(
                  and(
                    eq(products.venueId, venueId),
                    isNull(products.archivedAt),
                    inArray(products.id, unique),
                  ),
                )
            : await db.select({ id: allergens.id }).from(allergens).where(inArray(allergens.id, unique));
  return new Set(rows.map((row) => row.id));
}
