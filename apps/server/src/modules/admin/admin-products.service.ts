// The menu editor's products: created, changed, archived once ordered or deleted, and a menú del día's courses.
import { randomUUID } from 'node:crypto';
import type { AdminCoursesInput, AdminMenuWriteResponse, AdminProductInput } from '@sobremesa/contracts';
import { translationKey } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  type AdminProductRow,
  deleteCourses,
  deleteProduct,
  deleteTranslationsOf,
  insertProduct,
  knownIds,
  lockEditableProduct,
  lockVenueMenuPrices,
  priceBelowZero,
  productCourses,
  productsBelowZeroWith,
  productHasOrders,
  productLinks,
  replaceCourseItems,
  saveCourse,
  setProductAllergens,
  setProductCategories,
  setProductOptionTypes,
  unlistProduct,
  updateProductRow,
  writeTranslation,
} from '../menus/menus.service.ts';
import { record, announceProduct, requireKnown, invalid } from './admin-menu-recording.ts';
import { versionOf, nextVersion } from './admin-menus-view.service.ts';

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

/**
 * Refuses a product its options would let be ordered below 0 € (decision 078): at its price when the
 * price it had was still fine with these options, at its options otherwise (added, or already too much).
 */
async function checkPriceFloor(
  tx: Transaction,
  venueId: number,
  before: AdminProductRow | null,
  input: AdminProductInput,
) {
  const proposal = (priceCents: number) => ({
    products: [{ id: before?.id ?? null, name: input.name, priceCents, optionTypeIds: input.optionTypeIds }],
  });
  const [worst] = await productsBelowZeroWith(tx, venueId, proposal(input.priceCents));
  if (!worst) return;
  const [withPriceBefore] = before
    ? await productsBelowZeroWith(tx, venueId, proposal(before.priceCents))
    : [worst];
  throw priceBelowZero(worst, [withPriceBefore ? 'optionTypeIds' : 'priceCents']);
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
    await checkPriceFloor(tx, venue.id, null, input);
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
    // Before the product's row: the CSV import holds this lock while it writes product rows (decision 078).
    await lockVenueMenuPrices(tx, venue.id);
    const before = await lockEditableProduct(tx, venue.id, id);
    if (!before) throw notFound();
    if (versionOf(before) !== input.version) throw new AppError(409, 'CONFLICT', 'admin_menu_stale');
    await checkProductLinks(tx, venue.id, input);
    await checkPriceFloor(tx, venue.id, before, input);
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
