// The menu editor's rows (decision 060) and the locks every editor write takes first.
import { DELIVERY_FEE_SKU } from '@sobremesa/domain';
import { and, asc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import { lockVenueRow } from '../../db/venue-rows.ts';
import {
  allergens,
  dishClasses,
  menuCategories,
  menus,
  optionTypes,
  products,
  translations,
} from '../../db/schema/index.ts';
import { loadCatalogue } from './menus.repository.ts';

export type MenuRow = typeof menus.$inferSelect;
export type CategoryRow = typeof menuCategories.$inferSelect;
export type AdminProductRow = typeof products.$inferSelect;
export type OptionTypeRow = typeof optionTypes.$inferSelect;

/**
 * The editor's whole picture of a venue's menus: the catalogue the menu is built from (archived products and
 * the delivery fee left out), with the allergen list and every text of the menus in each language.
 */
export async function loadEditorRows(db: Executor, venueId: number) {
  const run = readsOn(db);
  const [catalogue, allergenList, translationRows] = await Promise.all([
    run(() => loadCatalogue(db, venueId)),
    run(() => db.select().from(allergens).orderBy(asc(allergens.sortOrder), asc(allergens.id))),
    run(() =>
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
    ),
  ]);
  return { ...catalogue, allergenList, translationRows };
}
export type EditorRows = Awaited<ReturnType<typeof loadEditorRows>>;

// ---------------------------------------------------------------------------------------------------
// Locks: every write reads its row FOR UPDATE inside the transaction, so a venue's id is the only key

export const lockMenu = (db: Executor, venueId: number, id: number): Promise<MenuRow | undefined> =>
  lockVenueRow(db, menus, venueId, id);

export const lockCategory = (db: Executor, venueId: number, id: number): Promise<CategoryRow | undefined> =>
  lockVenueRow(db, menuCategories, venueId, id);

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

export const lockOptionType = (
  db: Executor,
  venueId: number,
  id: number,
): Promise<OptionTypeRow | undefined> => lockVenueRow(db, optionTypes, venueId, id);

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
