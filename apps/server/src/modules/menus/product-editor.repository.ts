// The menu editor's products: their columns, categories, allergens, option types and menú del día courses.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import {
  menuCourseItems,
  menuCourses,
  productAllergens,
  productCategories,
  productOptionTypes,
  productOrders,
  products,
} from '../../db/schema/index.ts';
import type { AdminProductRow } from './menu-editor.repository.ts';

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
  const run = readsOn(db);
  const [categoryRows, allergenRows, typeRows] = await Promise.all([
    run(() =>
      db
        .select({ categoryId: productCategories.categoryId })
        .from(productCategories)
        .where(and(eq(productCategories.venueId, venueId), eq(productCategories.productId, id)))
        .orderBy(asc(productCategories.categoryId)),
    ),
    run(() =>
      db
        .select({
          allergenId: productAllergens.allergenId,
          mayContainTraces: productAllergens.mayContainTraces,
        })
        .from(productAllergens)
        .where(and(eq(productAllergens.venueId, venueId), eq(productAllergens.productId, id)))
        .orderBy(asc(productAllergens.allergenId)),
    ),
    run(() =>
      db
        .select({ optionTypeId: productOptionTypes.optionTypeId })
        .from(productOptionTypes)
        .where(and(eq(productOptionTypes.venueId, venueId), eq(productOptionTypes.productId, id)))
        .orderBy(asc(productOptionTypes.sortOrder)),
    ),
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
