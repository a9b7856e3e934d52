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
  productOrders,
  products,
  translations,
} from '../../db/schema/index.ts';
import { DELIVERY_FEE_SKU } from '@sobremesa/domain';

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

// ---------------------------------------------------------------------------------------------------
// Menus and categories

export async function insertMenu(db: Executor, values: typeof menus.$inferInsert): Promise<MenuRow> {
  const [row] = await db.insert(menus).values(values).returning();
  return row!;
}

export async function updateMenu(
  db: Executor,
  venueId: number,
  id: number,
  values: Partial<typeof menus.$inferInsert>,
): Promise<void> {
  await db
    .update(menus)
    .set(values)
    .where(and(eq(menus.venueId, venueId), eq(menus.id, id)));
}

export async function deleteMenu(db: Executor, venueId: number, id: number): Promise<void> {
  await db.delete(menus).where(and(eq(menus.venueId, venueId), eq(menus.id, id)));
}

export async function menuCategoryTree(db: Executor, venueId: number, menuId: number) {
  return db
    .select({ id: menuCategories.id, parentId: menuCategories.parentId })
    .from(menuCategories)
    .where(and(eq(menuCategories.venueId, venueId), eq(menuCategories.menuId, menuId)));
}

export async function nextCategoryOrder(
  db: Executor,
  venueId: number,
  menuId: number,
  parentId: number | null,
): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${menuCategories.sortOrder}), -1)::int` })
    .from(menuCategories)
    .where(
      and(
        eq(menuCategories.venueId, venueId),
        eq(menuCategories.menuId, menuId),
        parentId === null ? isNull(menuCategories.parentId) : eq(menuCategories.parentId, parentId),
      ),
    );
  return (row?.max ?? -1) + 1;
}

export async function insertCategory(
  db: Executor,
  values: typeof menuCategories.$inferInsert,
): Promise<CategoryRow> {
  const [row] = await db.insert(menuCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: Executor,
  venueId: number,
  id: number,
  values: Partial<typeof menuCategories.$inferInsert>,
): Promise<void> {
  await db
    .update(menuCategories)
    .set(values)
    .where(and(eq(menuCategories.venueId, venueId), eq(menuCategories.id, id)));
}

export async function deleteCategory(db: Executor, venueId: number, id: number): Promise<void> {
  await db.delete(menuCategories).where(and(eq(menuCategories.venueId, venueId), eq(menuCategories.id, id)));
}

// ---------------------------------------------------------------------------------------------------
// Products

export async function insertProduct(
  db: Executor,
  values: typeof products.$inferInsert,
): Promise<AdminProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function updateProductRow(
  db: Executor,
  venueId: number,
  id: number,
  values: Partial<typeof products.$inferInsert>,
): Promise<AdminProductRow> {
  const [row] = await db
    .update(products)
    .set(values)
    .where(and(eq(products.venueId, venueId), eq(products.id, id)))
    .returning();
  return row!;
}

export async function deleteProduct(db: Executor, venueId: number, id: number): Promise<void> {
  await db.delete(products).where(and(eq(products.venueId, venueId), eq(products.id, id)));
}

/** Whether any order line names the product (then its history needs it: archive, never delete). */
export async function productHasOrders(db: Executor, venueId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productOrders.id })
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.productId, id)))
    .limit(1);
  return row !== undefined;
}

/** Takes an archived product off every list: categories and set-menu courses. */
export async function unlistProduct(db: Executor, venueId: number, id: number): Promise<void> {
  await db
    .delete(productCategories)
    .where(and(eq(productCategories.venueId, venueId), eq(productCategories.productId, id)));
  await db
    .delete(menuCourseItems)
    .where(and(eq(menuCourseItems.venueId, venueId), eq(menuCourseItems.productId, id)));
}

export async function productLinks(db: Executor, venueId: number, id: number) {
  const [categoryRows, allergenRows, typeRows] = await Promise.all([
    db
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(and(eq(productCategories.venueId, venueId), eq(productCategories.productId, id)))
      .orderBy(asc(productCategories.categoryId)),
    db
      .select({
        allergenId: productAllergens.allergenId,
        mayContainTraces: productAllergens.mayContainTraces,
      })
      .from(productAllergens)
      .where(and(eq(productAllergens.venueId, venueId), eq(productAllergens.productId, id)))
      .orderBy(asc(productAllergens.allergenId)),
    db
      .select({ optionTypeId: productOptionTypes.optionTypeId })
      .from(productOptionTypes)
      .where(and(eq(productOptionTypes.venueId, venueId), eq(productOptionTypes.productId, id)))
      .orderBy(asc(productOptionTypes.sortOrder)),
  ]);
  return {
    categoryIds: categoryRows.map((row) => row.categoryId),
    allergens: allergenRows,
    optionTypeIds: typeRows.map((row) => row.optionTypeId),
  };
}

/**
 * Lists the product in exactly `categoryIds`: a category it stays in keeps its place, a new one gets it
 * at the end.
 */
export async function setProductCategories(
  db: Executor,
  venueId: number,
  productId: number,
  categoryIds: readonly number[],
): Promise<void> {
  const current = await db
    .select({ categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(and(eq(productCategories.venueId, venueId), eq(productCategories.productId, productId)));
  const kept = new Set(current.map((row) => row.categoryId));
  const wanted = new Set(categoryIds);
  const gone = [...kept].filter((id) => !wanted.has(id));
  if (gone.length > 0) {
    await db
      .delete(productCategories)
      .where(
        and(
          eq(productCategories.venueId, venueId),
          eq(productCategories.productId, productId),
          inArray(productCategories.categoryId, gone),
        ),
      );
  }
  for (const categoryId of categoryIds.filter((id) => !kept.has(id))) {
    const [last] = await db
      .select({ max: sql<number>`coalesce(max(${productCategories.sortOrder}), -1)::int` })
      .from(productCategories)
      .where(and(eq(productCategories.venueId, venueId), eq(productCategories.categoryId, categoryId)));
    await db
      .insert(productCategories)
      .values({ venueId, categoryId, productId, sortOrder: (last?.max ?? -1) + 1 });
  }
}

export async function setProductAllergens(
  db: Executor,
  venueId: number,
  productId: number,
  rows: readonly { allergenId: number; mayContainTraces: boolean }[],
): Promise<void> {
  await db
    .delete(productAllergens)
    .where(and(eq(productAllergens.venueId, venueId), eq(productAllergens.productId, productId)));
  if (rows.length > 0)
    await db.insert(productAllergens).values(rows.map((row) => ({ venueId, productId, ...row })));
}

export async function setProductOptionTypes(
  db: Executor,
  venueId: number,
  productId: number,
  optionTypeIds: readonly number[],
): Promise<void> {
  await db
    .delete(productOptionTypes)
    .where(and(eq(productOptionTypes.venueId, venueId), eq(productOptionTypes.productId, productId)));
  if (optionTypeIds.length > 0)
    await db
      .insert(productOptionTypes)
      .values(
        optionTypeIds.map((optionTypeId, sortOrder) => ({ venueId, productId, optionTypeId, sortOrder })),
      );
}

export async function productCourses(db: Executor, venueId: number, productId: number) {
  const courses = await db
    .select()
    .from(menuCourses)
    .where(and(eq(menuCourses.venueId, venueId), eq(menuCourses.menuProductId, productId)))
    .orderBy(asc(menuCourses.sortOrder), asc(menuCourses.id));
  const items =
    courses.length === 0
      ? []
      : await db
          .select()
          .from(menuCourseItems)
          .where(
            and(
              eq(menuCourseItems.venueId, venueId),
              inArray(
                menuCourseItems.courseId,
                courses.map((course) => course.id),
              ),
            ),
          )
          .orderBy(asc(menuCourseItems.sortOrder), asc(menuCourseItems.id));
  return { courses, items };
}

export async function deleteCourses(db: Executor, venueId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(menuCourses)
    .where(and(eq(menuCourses.venueId, venueId), inArray(menuCourses.id, [...ids])));
}

export async function saveCourse(
  db: Executor,
  venueId: number,
  productId: number,
  course: {
    id?: number;
    name: string;
    dishClassId: number | null;
    minChoices: number;
    maxChoices: number;
    sortOrder: number;
  },
): Promise<number> {
  const values = {
    name: course.name,
    dishClassId: course.dishClassId,
    minChoices: course.minChoices,
    maxChoices: course.maxChoices,
    sortOrder: course.sortOrder,
  };
  if (course.id !== undefined) {
    await db
      .update(menuCourses)
      .set(values)
      .where(and(eq(menuCourses.venueId, venueId), eq(menuCourses.id, course.id)));
    return course.id;
  }
  const [row] = await db
    .insert(menuCourses)
    .values({ venueId, menuProductId: productId, ...values })
    .returning({ id: menuCourses.id });
  return row!.id;
}

export async function replaceCourseItems(
  db: Executor,
  venueId: number,
  courseId: number,
  items: readonly { productId: number | null; categoryId: number | null; supplementCents: number }[],
): Promise<void> {
  await db
    .delete(menuCourseItems)
    .where(and(eq(menuCourseItems.venueId, venueId), eq(menuCourseItems.courseId, courseId)));
  if (items.length > 0)
    await db
      .insert(menuCourseItems)
      .values(items.map((item, sortOrder) => ({ venueId, courseId, sortOrder, ...item })));
}

// ---------------------------------------------------------------------------------------------------
// Option types and options

export async function insertOptionType(
  db: Executor,
  values: typeof optionTypes.$inferInsert,
): Promise<OptionTypeRow> {
  const [row] = await db.insert(optionTypes).values(values).returning();
  return row!;
}

export async function updateOptionType(
  db: Executor,
  venueId: number,
  id: number,
  values: Partial<typeof optionTypes.$inferInsert>,
): Promise<void> {
  await db
    .update(optionTypes)
    .set(values)
    .where(and(eq(optionTypes.venueId, venueId), eq(optionTypes.id, id)));
}

export async function deleteOptionType(db: Executor, venueId: number, id: number): Promise<void> {
  await db.delete(optionTypes).where(and(eq(optionTypes.venueId, venueId), eq(optionTypes.id, id)));
}

export function optionsOfType(db: Executor, venueId: number, optionTypeId: number) {
  return db
    .select()
    .from(options)
    .where(and(eq(options.venueId, venueId), eq(options.optionTypeId, optionTypeId)))
    .orderBy(asc(options.sortOrder), asc(options.id));
}

export async function deleteOptions(db: Executor, venueId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(options).where(and(eq(options.venueId, venueId), inArray(options.id, [...ids])));
}

export async function saveOption(
  db: Executor,
  venueId: number,
  optionTypeId: number,
  option: { id?: number; name: string; priceModifierCents: number; enabled: boolean; sortOrder: number },
): Promise<void> {
  const { id, ...values } = option;
  if (id !== undefined) {
    await db
      .update(options)
      .set(values)
      .where(and(eq(options.venueId, venueId), eq(options.id, id)));
    return;
  }
  await db.insert(options).values({ venueId, optionTypeId, ...values });
}

// ---------------------------------------------------------------------------------------------------
// Order of lists and translations

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
  await db
    .insert(translations)
    .values({ venueId, key, locale, value })
    .onConflictDoUpdate({
      target: [translations.venueId, translations.key, translations.locale],
      set: { value },
    });
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
