// The order of the editor's lists and the texts of its rows in each language (translations).
import { and, eq, isNull, like } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  menuCategories,
  menuCourses,
  menus,
  optionTypes,
  options,
  productCategories,
  products,
  translations,
} from '../../db/schema/index.ts';
import { upsertTranslation } from './menus.repository.ts';

export async function setSortOrders(
  db: Executor,
  venueId: number,
  list: 'menus' | 'categories' | 'optionTypes',
  ids: readonly number[],
): Promise<void> {
  for (const [sortOrder, id] of ids.entries()) {
    if (list === 'menus')
      await db
        .update(menus)
        .set({ sortOrder, sortOrderCustomer: sortOrder })
        .where(and(eq(menus.venueId, venueId), eq(menus.id, id)));
    else if (list === 'categories')
      await db
        .update(menuCategories)
        .set({ sortOrder })
        .where(and(eq(menuCategories.venueId, venueId), eq(menuCategories.id, id)));
    else
      await db
        .update(optionTypes)
        .set({ sortOrder })
        .where(and(eq(optionTypes.venueId, venueId), eq(optionTypes.id, id)));
  }
}

export async function categoryProductIds(
  db: Executor,
  venueId: number,
  categoryId: number,
): Promise<number[]> {
  const rows = await db
    .select({ productId: productCategories.productId })
    .from(productCategories)
    .where(and(eq(productCategories.venueId, venueId), eq(productCategories.categoryId, categoryId)))
    .for('update');
  return rows.map((row) => row.productId);
}

export async function setCategoryProductOrder(
  db: Executor,
  venueId: number,
  categoryId: number,
  productIds: readonly number[],
): Promise<void> {
  for (const [sortOrder, productId] of productIds.entries())
    await db
      .update(productCategories)
      .set({ sortOrder })
      .where(
        and(
          eq(productCategories.venueId, venueId),
          eq(productCategories.categoryId, categoryId),
          eq(productCategories.productId, productId),
        ),
      );
}

export async function translationsOf(db: Executor, venueId: number, key: string) {
  return db
    .select({ locale: translations.locale, value: translations.value })
    .from(translations)
    .where(and(eq(translations.venueId, venueId), eq(translations.key, key)));
}

export async function writeTranslation(
  db: Executor,
  venueId: number,
  key: string,
  locale: string,
  value: string,
): Promise<void> {
  if (value === '') {
    await db
      .delete(translations)
      .where(
        and(eq(translations.venueId, venueId), eq(translations.key, key), eq(translations.locale, locale)),
      );
    return;
  }
  await upsertTranslation(db, venueId, key, locale, value);
}

/** Removes every translation of a deleted row (`product.12.` and the like). */
export async function deleteTranslationsOf(db: Executor, venueId: number, prefix: string): Promise<void> {
  await db
    .delete(translations)
    .where(and(eq(translations.venueId, venueId), like(translations.key, `${prefix}%`)));
}

const TRANSLATED_TABLES = {
  menu: menus,
  category: menuCategories,
  product: products,
  optionType: optionTypes,
  option: options,
  menuCourse: menuCourses,
} as const;

/** Whether the venue has the row a translation key names (an archived product has none to translate). */
export async function translatedRowExists(
  db: Executor,
  venueId: number,
  kind: keyof typeof TRANSLATED_TABLES,
  id: number,
): Promise<boolean> {
  const table = TRANSLATED_TABLES[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.venueId, venueId),
        eq(table.id, id),
        kind === 'product' ? isNull(products.archivedAt) : undefined,
      ),
    );
  return rows.length > 0;
}

/** Spanish is also the row's own column (the fallback every other language falls back to). */
export async function setSpanishColumn(
  db: Executor,
  venueId: number,
  kind: keyof typeof TRANSLATED_TABLES,
  id: number,
  field: string,
  value: string,
): Promise<void> {
  const table = TRANSLATED_TABLES[kind];
  const values = field === 'description' ? { description: value } : { name: value };
  await db
    .update(table)
    .set(values as never)
    .where(and(eq(table.venueId, venueId), eq(table.id, id)));
}
