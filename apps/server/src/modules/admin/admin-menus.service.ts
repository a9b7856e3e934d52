import { randomUUID } from 'node:crypto';
import type {
  AdminCategoryInput,
  AdminCoursesInput,
  AdminMenuInput,
  AdminMenusResponse,
  AdminMenuWriteResponse,
  AdminOptionTypeInput,
  AdminProduct,
  AdminProductInput,
  AdminReorderInput,
  AdminTranslationsInput,
  FieldError,
} from '@sobremesa/contracts';
import {
  isPermutationOf,
  makesCategoryCycle,
  parseTranslationKey,
  translationKey,
  VAT_RATES_BP,
  type Locale,
  type MenuKind,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { ALLERGEN_NAMES } from '../../i18n/allergens.ts';
import { notifyMenuChanged, notifyMenuProductChanged } from '../menus/menu-events.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  categoryProductIds,
  deleteCategory,
  deleteCourses,
  deleteMenu,
  deleteOptions,
  deleteOptionType,
  deleteProduct,
  deleteTranslationsOf,
  insertCategory,
  insertMenu,
  insertOptionType,
  insertProduct,
  knownIds,
  loadEditorRows,
  lockCategory,
  lockEditableProduct,
  lockMenu,
  lockOptionType,
  menuCategoryTree,
  nextCategoryOrder,
  optionsOfType,
  productCourses,
  productHasOrders,
  productLinks,
  replaceCourseItems,
  saveCourse,
  saveOption,
  setCategoryProductOrder,
  setProductAllergens,
  setProductCategories,
  setProductOptionTypes,
  setSortOrders,
  setSpanishColumn,
  translationsOf,
  translatedRowExists,
  unlistProduct,
  updateCategory,
  updateMenu,
  updateOptionType,
  updateProductRow,
  writeTranslation,
  type AdminProductRow,
  type EditorRows,
  type MenuRow,
} from './admin-menus.repository.ts';
import { insertAudit } from './admin-venue.repository.ts';

/** The staff topic of a change to the menus' structure; product edits keep `menu.product.changed`. */
export const MENU_CHANGED = 'menu.changed';

/** A menu row's kind: the set menu of the day is flagged, the drinks menu named `bebida`. */
function kindOf(row: Pick<MenuRow, 'isDayMenu' | 'menuTypeName'>): MenuKind {
  if (row.isDayMenu) return 'menu_del_dia';
  return row.menuTypeName === 'bebida' ? 'bebida' : 'carta';
}

/** The columns a kind is stored as (the demo's set menu is `menu del dia`, as the spec's data names it). */
function kindColumns(kind: MenuKind) {
  return {
    menuTypeName: kind === 'menu_del_dia' ? 'menu del dia' : kind,
    isDayMenu: kind === 'menu_del_dia',
  };
}

/** A product's version: its last change, to the millisecond (decision 060's optimistic check). */
const versionOf = (row: Pick<AdminProductRow, 'updatedAt'>) => row.updatedAt.toISOString();

/** The next version is always later than the one it replaces, even within one millisecond. */
const nextVersion = (row: Pick<AdminProductRow, 'updatedAt'>) =>
  new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1));

function productView(rows: EditorRows, row: AdminProductRow): AdminProduct {
  const courses = rows.courseRows.filter((course) => course.menuProductId === row.id);
  return {
    id: row.id,
    version: versionOf(row),
    sku: row.sku,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    vatRateBp: row.vatRateBp,
    type: row.type === 'bebida' ? 'bebida' : 'comida',
    isMenu: row.isMenu,
    dishClassId: row.dishClassId,
    topChoice: row.topChoice,
    isVisible: row.isVisible,
    available: row.available,
    isUnitary: row.isUnitary,
    servingQtyMin: row.servingQtyMin,
    unitaryIncrement: row.unitaryIncrement,
    pictureUrl: row.pictureUrl,
    allergens: rows.allergenLinks
      .filter((link) => link.productId === row.id)
      .map(({ allergenId, mayContainTraces }) => ({ allergenId, mayContainTraces }))
      .sort((a, b) => a.allergenId - b.allergenId),
    categoryIds: rows.listing
      .filter((link) => link.productId === row.id)
      .map((link) => link.categoryId)
      .sort((a, b) => a - b),
    optionTypeIds: rows.typeLinks
      .filter((link) => link.productId === row.id)
      .map((link) => link.optionTypeId),
    courses: courses.map((course) => ({
      id: course.id,
      name: course.name,
      dishClassId: course.dishClassId,
      minChoices: course.minChoices,
      maxChoices: course.maxChoices,
      items: rows.courseItemRows
        .filter((item) => item.courseId === course.id)
        .map(({ productId, categoryId, supplementCents }) => ({ productId, categoryId, supplementCents })),
    })),
  };
}

/** GET /world/api/admin/menus: the editor's whole picture, allergen names in the admin's language. */
export async function adminMenus(
  ctx: AppContext,
  venue: Venue,
  locale: Locale,
): Promise<Omit<AdminMenusResponse, 'result'>> {
  const rows = await loadEditorRows(ctx.db, venue.id);
  const live = new Set(rows.productRows.map((row) => row.id));
  const translations: AdminMenusResponse['translations'] = {};
  for (const row of rows.translationRows) {
    const entry = (translations[row.key] ??= {});
    entry[row.locale as Locale] = row.value;
  }
  return {
    menus: rows.menuRows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: kindOf(row),
      enabled: row.enabled,
      sortOrder: row.sortOrder,
    })),
    categories: rows.categoryRows.map((row) => ({
      id: row.id,
      menuId: row.menuId,
      parentId: row.parentId,
      name: row.name,
      enabled: row.enabled,
      sortOrder: row.sortOrder,
      productIds: rows.listing
        .filter((link) => link.categoryId === row.id && live.has(link.productId))
        .map((link) => link.productId),
    })),
    products: rows.productRows.map((row) => productView(rows, row)),
    optionTypes: rows.optionTypeRows.map((row) => ({
      id: row.id,
      name: row.name,
      minChoices: row.minChoices,
      maxChoices: row.maxChoices,
      sortOrder: row.sortOrder,
      options: rows.optionRows
        .filter((option) => option.optionTypeId === row.id)
        .map(({ id, name, priceModifierCents, enabled }) => ({ id, name, priceModifierCents, enabled })),
    })),
    dishClasses: rows.dishClassRows.map(({ id, name }) => ({ id, name })),
    allergens: rows.allergenRows.map(({ id, code }) => ({
      id,
      code,
      name: ALLERGEN_NAMES[code]?.[locale] ?? code,
    })),
    vatRatesBp: [...VAT_RATES_BP],
    translations,
  };
}

// ---------------------------------------------------------------------------------------------------
// Recording: every change is audited (SEC-11), told to staff screens and to open guest menus (decision 060)

interface Change {
  readonly action: string;
  readonly entity: string;
  readonly entityId: number;
  readonly before: unknown;
  readonly after: unknown;
}

async function record(tx: Transaction, venue: Venue, staff: StaffPrincipal, change: Change) {
  await insertAudit(tx, {
    venueId: venue.id,
    actorUserId: staff.userId,
    actorRole: 'admin',
    action: change.action,
    entity: change.entity,
    entityId: String(change.entityId),
    before: change.before,
    after: change.after,
  });
  await appendEvent(tx, venue.id, MENU_CHANGED, { entity: change.entity, id: change.entityId });
  await notifyMenuChanged(tx, venue.id);
}

/** A product change also reaches commanders and guest menus as the product event they already patch. */
async function announceProduct(tx: Transaction, venue: Venue, row: AdminProductRow) {
  const change = {
    productId: row.id,
    sku: row.sku,
    available: row.available && row.archivedAt === null,
    topChoice: row.topChoice,
    isVisible: row.isVisible && row.archivedAt === null,
    priceCents: row.priceCents,
  };
  await appendEvent(tx, venue.id, 'menu.product.changed', change);
  await notifyMenuProductChanged(tx, venue.id, change);
}

/** Refuses ids the venue does not have (another venue's or made up) as a 404, like any foreign id. */
async function requireKnown(
  tx: Transaction,
  venueId: number,
  table: Parameters<typeof knownIds>[2],
  ids: readonly number[],
) {
  const known = await knownIds(tx, venueId, table, ids);
  if (ids.some((id) => !known.has(id))) throw notFound();
}

const invalid = (fields: FieldError[]) =>
  new AppError(400, 'VALIDATION_FAILED', 'admin_menu_invalid', { fields });

// ---------------------------------------------------------------------------------------------------
// Menus

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
    await writeTranslation(tx, venue.id, translationKey('menu', row.id, 'name'), 'es', input.name);
    await record(tx, venue, staff, {
      action: 'menu.create',
      entity: 'menu',
      entityId: row.id,
      before: null,
      after: input,
    });
    return { result: 0, id: row.id };
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
    await writeTranslation(tx, venue.id, translationKey('menu', id, 'name'), 'es', input.name);
    await record(tx, venue, staff, {
      action: 'menu.update',
      entity: 'menu',
      entityId: id,
      before: { name: before.name, kind: kindOf(before), enabled: before.enabled },
      after: input,
    });
    return { result: 0, id };
  });
}

/** Removes a menu with its categories; its products stay (they may be listed elsewhere, or ordered). */
export async function removeMenu(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockMenu(tx, venue.id, id);
    if (!before) throw notFound();
    await deleteMenu(tx, venue.id, id);
    await deleteTranslationsOf(tx, venue.id, `menu.${id}.`);
    await record(tx, venue, staff, {
      action: 'menu.remove',
      entity: 'menu',
      entityId: id,
      before: { name: before.name, kind: kindOf(before) },
      after: null,
    });
    return { result: 0, removal: 'deleted' };
  });
}

// ---------------------------------------------------------------------------------------------------
// Categories

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
    await writeTranslation(tx, venue.id, translationKey('category', row.id, 'name'), 'es', input.name);
    await record(tx, venue, staff, {
      action: 'category.create',
      entity: 'category',
      entityId: row.id,
      before: null,
      after: input,
    });
    return { result: 0, id: row.id };
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
    await writeTranslation(tx, venue.id, translationKey('category', id, 'name'), 'es', input.name);
    await record(tx, venue, staff, {
      action: 'category.update',
      entity: 'category',
      entityId: id,
      before: {
        menuId: before.menuId,
        parentId: before.parentId,
        name: before.name,
        enabled: before.enabled,
      },
      after: input,
    });
    return { result: 0, id };
  });
}

/** Removes a category with its sub-categories; the products listed there stay. */
export async function removeCategory(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockCategory(tx, venue.id, id);
    if (!before) throw notFound();
    await deleteCategory(tx, venue.id, id);
    await deleteTranslationsOf(tx, venue.id, `category.${id}.`);
    await record(tx, venue, staff, {
      action: 'category.remove',
      entity: 'category',
      entityId: id,
      before: { menuId: before.menuId, parentId: before.parentId, name: before.name },
      after: null,
    });
    return { result: 0, removal: 'deleted' };
  });
}

// ---------------------------------------------------------------------------------------------------
// Products

type ProductColumns = Omit<AdminProductInput, 'version' | 'allergens' | 'categoryIds' | 'optionTypeIds'>;

function productColumns(input: ProductColumns): ProductColumns {
  return {
    name: input.name,
    description: input.description,
    priceCents: input.priceCents,
    vatRateBp: input.vatRateBp,
    type: input.type,
    isMenu: input.isMenu,
    dishClassId: input.dishClassId,
    topChoice: input.topChoice,
    isVisible: input.isVisible,
    isUnitary: input.isUnitary,
    servingQtyMin: input.servingQtyMin,
    unitaryIncrement: input.unitaryIncrement,
  };
}

async function checkProductLinks(tx: Transaction, venueId: number, input: AdminProductInput) {
  await requireKnown(tx, venueId, 'categories', input.categoryIds);
  await requireKnown(tx, venueId, 'optionTypes', input.optionTypeIds);
  await requireKnown(tx, venueId, 'dishClasses', input.dishClassId === null ? [] : [input.dishClassId]);
  const allergenIds = input.allergens.map((row) => row.allergenId);
  const known = await knownIds(tx, venueId, 'allergens', allergenIds);
  const unknown = input.allergens.flatMap((row, index) =>
    known.has(row.allergenId)
      ? []
      : [{ path: `allergens.${index}.allergenId`, message: 'No es un alérgeno' }],
  );
  if (unknown.length > 0) throw invalid(unknown);
}

async function writeProductLinks(tx: Transaction, venueId: number, id: number, input: AdminProductInput) {
  await setProductCategories(tx, venueId, id, input.categoryIds);
  await setProductAllergens(tx, venueId, id, input.allergens);
  await setProductOptionTypes(tx, venueId, id, input.optionTypeIds);
  await writeTranslation(tx, venueId, translationKey('product', id, 'name'), 'es', input.name);
  await writeTranslation(tx, venueId, translationKey('product', id, 'description'), 'es', input.description);
}

export async function createProduct(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminProductInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    await checkProductLinks(tx, venue.id, input);
    const row = await insertProduct(tx, {
      venueId: venue.id,
      // The editor does not ask for a code; an opaque one keeps the venue's skus unique.
      sku: `p-${randomUUID().slice(0, 12)}`,
      ...productColumns(input),
    });
    await writeProductLinks(tx, venue.id, row.id, input);
    const { version: _unused, ...after } = input;
    await record(tx, venue, staff, {
      action: 'product.create',
      entity: 'product',
      entityId: row.id,
      before: null,
      after,
    });
    await announceProduct(tx, venue, row);
    return { result: 0, id: row.id, version: versionOf(row) };
  });
}

/**
 * Saves a product's form. The form's `version` must be the product's current one: a product changed
 * meanwhile answers 409 and keeps the other change. A new price reaches new orders only, as order lines
 * keep the price they were ordered at.
 */
export async function changeProduct(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
  input: AdminProductInput,
): Promise<AdminMenuWriteResponse> {
  if (input.version === undefined)
    throw invalid([{ path: 'version', message: 'Falta la versión del producto que se editó' }]);
  return ctx.db.transaction(async (tx) => {
    const before = await lockEditableProduct(tx, venue.id, id);
    if (!before) throw notFound();
    if (versionOf(before) !== input.version) throw new AppError(409, 'CONFLICT', 'admin_menu_stale');
    await checkProductLinks(tx, venue.id, input);
    const links = await productLinks(tx, venue.id, id);
    const row = await updateProductRow(tx, venue.id, id, {
      ...productColumns(input),
      updatedAt: nextVersion(before),
    });
    await writeProductLinks(tx, venue.id, id, input);
    const { version: _unused, ...after } = input;
    await record(tx, venue, staff, {
      action:
        before.priceCents !== row.priceCents || before.vatRateBp !== row.vatRateBp
          ? 'product.price_change'
          : 'product.update',
      entity: 'product',
      entityId: id,
      before: {
        ...productColumns({ ...before, type: before.type === 'bebida' ? 'bebida' : 'comida' }),
        ...links,
      },
      after,
    });
    await announceProduct(tx, venue, row);
    return { result: 0, id, version: versionOf(row) };
  });
}

/**
 * Removes a product. One that order lines name is archived (off every menu and list, kept for the
 * history that names it); one never ordered is deleted with its translations (decision 060).
 */
export async function removeProduct(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockEditableProduct(tx, venue.id, id);
    if (!before) throw notFound();
    const ordered = await productHasOrders(tx, venue.id, id);
    if (ordered) {
      await unlistProduct(tx, venue.id, id);
      const row = await updateProductRow(tx, venue.id, id, {
        archivedAt: ctx.clock.now(),
        updatedAt: nextVersion(before),
      });
      await announceProduct(tx, venue, row);
    } else {
      await deleteProduct(tx, venue.id, id);
      await deleteTranslationsOf(tx, venue.id, `product.${id}.`);
      await announceProduct(tx, venue, { ...before, archivedAt: ctx.clock.now() });
    }
    await record(tx, venue, staff, {
      action: ordered ? 'product.archive' : 'product.remove',
      entity: 'product',
      entityId: id,
      before: { sku: before.sku, name: before.name, priceCents: before.priceCents },
      after: null,
    });
    return { result: 0, removal: ordered ? 'archived' : 'deleted' };
  });
}

/** Replaces a menú del día's courses; each offers products or whole categories, with supplements. */
export async function saveCourses(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  productId: number,
  input: AdminCoursesInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const product = await lockEditableProduct(tx, venue.id, productId);
    if (!product) throw notFound();
    if (!product.isMenu)
      throw invalid([{ path: 'courses', message: 'Solo un menú del día tiene platos por tiempos' }]);
    const items = input.courses.flatMap((course) => course.items);
    await requireKnown(
      tx,
      venue.id,
      'products',
      items.flatMap((item) => (item.productId === null ? [] : [item.productId])),
    );
    await requireKnown(
      tx,
      venue.id,
      'categories',
      items.flatMap((item) => (item.categoryId === null ? [] : [item.categoryId])),
    );
    await requireKnown(
      tx,
      venue.id,
      'dishClasses',
      input.courses.flatMap((course) => (course.dishClassId === null ? [] : [course.dishClassId])),
    );
    const before = await productCourses(tx, venue.id, productId);
    const existing = new Set(before.courses.map((course) => course.id));
    if (input.courses.some((course) => course.id !== undefined && !existing.has(course.id))) throw notFound();
    const kept = new Set(input.courses.flatMap((course) => (course.id === undefined ? [] : [course.id])));
    await deleteCourses(
      tx,
      venue.id,
      [...existing].filter((id) => !kept.has(id)),
    );
    for (const [sortOrder, course] of input.courses.entries()) {
      const courseId = await saveCourse(tx, venue.id, productId, { ...course, sortOrder });
      await replaceCourseItems(tx, venue.id, courseId, course.items);
      await writeTranslation(tx, venue.id, translationKey('menuCourse', courseId, 'name'), 'es', course.name);
    }
    await record(tx, venue, staff, {
      action: 'product.courses',
      entity: 'product',
      entityId: productId,
      before: before.courses.map((course) => ({
        ...course,
        items: before.items.filter((item) => item.courseId === course.id),
      })),
      after: input.courses,
    });
    return { result: 0, id: productId };
  });
}

// ---------------------------------------------------------------------------------------------------
// Option types

async function writeOptions(
  tx: Transaction,
  venueId: number,
  optionTypeId: number,
  input: AdminOptionTypeInput,
) {
  const current = await optionsOfType(tx, venueId, optionTypeId);
  const existing = new Set(current.map((row) => row.id));
  if (input.options.some((option) => option.id !== undefined && !existing.has(option.id))) throw notFound();
  const kept = new Set(input.options.flatMap((option) => (option.id === undefined ? [] : [option.id])));
  const gone = [...existing].filter((id) => !kept.has(id));
  await deleteOptions(tx, venueId, gone);
  for (const id of gone) await deleteTranslationsOf(tx, venueId, `option.${id}.`);
  for (const [sortOrder, option] of input.options.entries())
    await saveOption(tx, venueId, optionTypeId, { ...option, sortOrder });
  return current;
}

export async function createOptionType(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminOptionTypeInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    if (input.options.some((option) => option.id !== undefined)) throw notFound();
    const row = await insertOptionType(tx, {
      venueId: venue.id,
      name: input.name,
      minChoices: input.minChoices,
      maxChoices: input.maxChoices,
      sortOrder: 1000,
    });
    await writeOptions(tx, venue.id, row.id, input);
    await writeTranslation(tx, venue.id, translationKey('optionType', row.id, 'name'), 'es', input.name);
    await record(tx, venue, staff, {
      action: 'option_type.create',
      entity: 'option_type',
      entityId: row.id,
      before: null,
      after: input,
    });
    return { result: 0, id: row.id };
  });
}

/** Saves a type and its whole list of options; an option left out is removed (orders keep its name). */
export async function changeOptionType(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
  input: AdminOptionTypeInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockOptionType(tx, venue.id, id);
    if (!before) throw notFound();
    await updateOptionType(tx, venue.id, id, {
      name: input.name,
      minChoices: input.minChoices,
      maxChoices: input.maxChoices,
    });
    const options = await writeOptions(tx, venue.id, id, input);
    await writeTranslation(tx, venue.id, translationKey('optionType', id, 'name'), 'es', input.name);
    await record(tx, venue, staff, {
      action: 'option_type.update',
      entity: 'option_type',
      entityId: id,
      before: { name: before.name, minChoices: before.minChoices, maxChoices: before.maxChoices, options },
      after: input,
    });
    return { result: 0, id };
  });
}

export async function removeOptionType(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockOptionType(tx, venue.id, id);
    if (!before) throw notFound();
    const options = await optionsOfType(tx, venue.id, id);
    await deleteOptionType(tx, venue.id, id);
    await deleteTranslationsOf(tx, venue.id, `optionType.${id}.`);
    for (const option of options) await deleteTranslationsOf(tx, venue.id, `option.${option.id}.`);
    await record(tx, venue, staff, {
      action: 'option_type.remove',
      entity: 'option_type',
      entityId: id,
      before: { name: before.name, options },
      after: null,
    });
    return { result: 0, removal: 'deleted' };
  });
}

// ---------------------------------------------------------------------------------------------------
// Translations and order

/**
 * Writes one field's texts in the languages sent ('' removes a language). Spanish is the row's own
 * column as well, so it may not be emptied.
 */
export async function saveTranslations(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminTranslationsInput,
): Promise<AdminMenuWriteResponse> {
  const target = parseTranslationKey(input.key);
  if (!target) throw invalid([{ path: 'key', message: 'No es un texto de la carta' }]);
  const spanish = input.values.es;
  if (spanish !== undefined && spanish === '' && target.field === 'name')
    throw invalid([{ path: 'values.es', message: 'Escribe un nombre' }]);
  return ctx.db.transaction(async (tx) => {
    if (!(await translatedRowExists(tx, venue.id, target.kind, target.id))) throw notFound();
    const before = await translationsOfKey(tx, venue.id, input.key);
    for (const [locale, value] of Object.entries(input.values))
      await writeTranslation(tx, venue.id, input.key, locale, value);
    if (spanish !== undefined)
      await setSpanishColumn(tx, venue.id, target.kind, target.id, target.field, spanish);
    await record(tx, venue, staff, {
      action: 'translation.update',
      entity: target.kind,
      entityId: target.id,
      before,
      after: { key: input.key, values: input.values },
    });
    return { result: 0 };
  });
}

async function translationsOfKey(tx: Transaction, venueId: number, key: string) {
  const rows = await translationsOf(tx, venueId, key);
  return { key, values: Object.fromEntries(rows.map((row) => [row.locale, row.value])) };
}

/** Puts one list of siblings in a new order; the ids must be exactly that list's (else 400 or 404). */
export async function reorder(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminReorderInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const rows = await loadEditorRows(tx, venue.id);
    let current: number[];
    if (input.list === 'menus') current = rows.menuRows.map((row) => row.id);
    else if (input.list === 'optionTypes') current = rows.optionTypeRows.map((row) => row.id);
    else if (input.list === 'categories') {
      if (!rows.menuRows.some((row) => row.id === input.menuId)) throw notFound();
      if (input.parentId !== null && !rows.categoryRows.some((row) => row.id === input.parentId))
        throw notFound();
      current = rows.categoryRows
        .filter((row) => row.menuId === input.menuId && row.parentId === input.parentId)
        .map((row) => row.id);
    } else {
      if (!rows.categoryRows.some((row) => row.id === input.categoryId)) throw notFound();
      current = await categoryProductIds(tx, venue.id, input.categoryId);
    }
    if (!isPermutationOf(current, input.ids))
      throw invalid([
        { path: 'ids', message: 'La lista no coincide con la actual: recarga y vuelve a ordenar' },
      ]);
    if (input.list === 'products') await setCategoryProductOrder(tx, venue.id, input.categoryId, input.ids);
    else await setSortOrders(tx, venue.id, input.list, input.ids);
    await record(tx, venue, staff, {
      action: 'menu.reorder',
      entity: input.list,
      entityId: input.list === 'products' ? input.categoryId : input.list === 'categories' ? input.menuId : 0,
      before: current,
      after: input.ids,
    });
    return { result: 0 };
  });
}
