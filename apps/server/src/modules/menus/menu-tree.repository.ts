// The menu editor's menus and categories (decision 060).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { menuCategories, menus } from '../../db/schema/index.ts';
import type { MenuRow, CategoryRow } from './menu-editor.repository.ts';

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
