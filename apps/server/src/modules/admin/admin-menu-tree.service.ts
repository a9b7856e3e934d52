// The menu editor's menus and categories (decision 060).
import type { AdminCategoryInput, AdminMenuInput, AdminMenuWriteResponse } from '@sobremesa/contracts';
import { makesCategoryCycle, translationKey } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  deleteCategory,
  deleteMenu,
  deleteTranslationsOf,
  insertCategory,
  insertMenu,
  lockCategory,
  lockMenu,
  menuCategoryTree,
  nextCategoryOrder,
  updateCategory,
  updateMenu,
  writeTranslation,
} from '../menus/menus.service.ts';
import { record, invalid } from './admin-menu-recording.ts';
import { kindOf, kindColumns } from './admin-menus-view.service.ts';

/** Keeps a menu's or category's name as its Spanish text and records the change; the reply names the row. */
async function savedName(
  tx: Transaction,
  venue: Venue,
  staff: StaffPrincipal,
  change: {
    readonly entity: 'menu' | 'category';
    readonly id: number;
    readonly action: 'create' | 'update';
    readonly before: unknown;
    readonly input: AdminMenuInput | AdminCategoryInput;
  },
): Promise<AdminMenuWriteResponse> {
  const { entity, id, input } = change;
  await writeTranslation(tx, venue.id, translationKey(entity, id, 'name'), 'es', input.name);
  await record(tx, venue, staff, {
    action: `${entity}.${change.action}`,
    entity,
    entityId: id,
    before: change.before,
    after: input,
  });
  return { result: 0, id };
}

export async function createMenu(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminMenuInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertMenu(tx, {
      venueId: venue.id,
      name: input.name,
      enabled: input.enabled,
      sortOrder: 1000,
      sortOrderCustomer: 1000,
      ...kindColumns(input.kind),
    });
    return savedName(tx, venue, staff, { entity: 'menu', id: row.id, action: 'create', before: null, input });
  });
}

export async function changeMenu(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
  input: AdminMenuInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockMenu(tx, venue.id, id);
    if (!before) throw notFound();
    await updateMenu(tx, venue.id, id, {
      name: input.name,
      enabled: input.enabled,
      ...kindColumns(input.kind),
    });
    return savedName(tx, venue, staff, {
      entity: 'menu',
      id,
      action: 'update',
      before: { name: before.name, kind: kindOf(before), enabled: before.enabled },
      input,
    });
  });
}

/** Deletes a menu or a category and its texts, audited with what it was. */
async function removeRow<Row>(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
  entity: 'menu' | 'category',
  row: {
    lock: (tx: Transaction, venueId: number, id: number) => Promise<Row | undefined>;
    remove: (tx: Transaction, venueId: number, id: number) => Promise<void>;
    describe: (before: Row) => unknown;
  },
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await row.lock(tx, venue.id, id);
    if (!before) throw notFound();
    await row.remove(tx, venue.id, id);
    await deleteTranslationsOf(tx, venue.id, `${entity}.${id}.`);
    await record(tx, venue, staff, {
      action: `${entity}.remove`,
      entity,
      entityId: id,
      before: row.describe(before),
      after: null,
    });
    return { result: 0, removal: 'deleted' };
  });
}

/** Removes a menu with its categories; its products stay (they may be listed elsewhere, or ordered). */
export function removeMenu(ctx: AppContext, venue: Venue, staff: StaffPrincipal, id: number) {
  return removeRow(ctx, venue, staff, id, 'menu', {
    lock: lockMenu,
    remove: deleteMenu,
    describe: (before) => ({ name: before.name, kind: kindOf(before) }),
  });
}

async function checkParent(tx: Transaction, venueId: number, input: AdminCategoryInput, id: number | null) {
  if (input.parentId === null) return;
  const parent = await lockCategory(tx, venueId, input.parentId);
  if (!parent) throw notFound();
  if (parent.menuId !== input.menuId)
    throw invalid([{ path: 'parentId', message: 'La categoría madre es de otra carta' }]);
  if (
    id !== null &&
    makesCategoryCycle(await menuCategoryTree(tx, venueId, input.menuId), id, input.parentId)
  )
    throw invalid([{ path: 'parentId', message: 'Una categoría no puede ir dentro de sí misma' }]);
}

export async function createCategory(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminCategoryInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    if (!(await lockMenu(tx, venue.id, input.menuId))) throw notFound();
    await checkParent(tx, venue.id, input, null);
    const row = await insertCategory(tx, {
      venueId: venue.id,
      menuId: input.menuId,
      parentId: input.parentId,
      name: input.name,
      enabled: input.enabled,
      sortOrder: await nextCategoryOrder(tx, venue.id, input.menuId, input.parentId),
    });
    return savedName(tx, venue, staff, {
      entity: 'category',
      id: row.id,
      action: 'create',
      before: null,
      input,
    });
  });
}

/** Renames, shows or hides, or moves a category under another parent of the same menu. */
export async function changeCategory(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
  input: AdminCategoryInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockCategory(tx, venue.id, id);
    if (!before) throw notFound();
    if (before.menuId !== input.menuId)
      throw invalid([{ path: 'menuId', message: 'Una categoría no cambia de carta' }]);
    await checkParent(tx, venue.id, input, id);
    const moved = before.parentId !== input.parentId;
    await updateCategory(tx, venue.id, id, {
      name: input.name,
      enabled: input.enabled,
      parentId: input.parentId,
      ...(moved ? { sortOrder: await nextCategoryOrder(tx, venue.id, input.menuId, input.parentId) } : {}),
    });
    return savedName(tx, venue, staff, {
      entity: 'category',
      id,
      action: 'update',
      before: {
        menuId: before.menuId,
        parentId: before.parentId,
        name: before.name,
        enabled: before.enabled,
      },
      input,
    });
  });
}

/** Removes a category with its sub-categories; the products listed there stay. */
export function removeCategory(ctx: AppContext, venue: Venue, staff: StaffPrincipal, id: number) {
  return removeRow(ctx, venue, staff, id, 'category', {
    lock: lockCategory,
    remove: deleteCategory,
    describe: (before) => ({ menuId: before.menuId, parentId: before.parentId, name: before.name }),
  });
}
