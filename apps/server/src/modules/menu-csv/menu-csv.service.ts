// The menu as CSV: exported by SKU, and imported after menu-csv-plan.ts checked the whole file (decision 061).
import type { MenuCsvChange, MenuCsvImportResponse, MenuCsvRowError } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '../../context.ts';
import { appendAudit, asAdmin } from '../../db/audit-log.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { CSV_COLUMNS, writeCell } from './menu-csv-format.ts';
import { productCells } from './menu-csv-cells.ts';
import { readCsvTable } from './menu-csv-read.ts';
import {
  belowZeroPrice,
  findProduct,
  insertCategory,
  insertProduct,
  loadMenuCatalogue,
  notifyMenuProductChanged,
  productsBelowZeroWith,
  replaceProductAllergens,
  replaceProductCategories,
  updateProductRow,
  upsertTranslation,
  writeTranslation,
} from '../menus/menus.service.ts';
import { categoryPaths, type NewCategory, planImport, type PlannedRow } from './menu-csv-plan.ts';

/**
 * GET /world/api/admin/menus/export.csv: every product of the venue, one row each (decision 061). UTF-8
 * with a BOM and `;` between cells, decimal commas: what a Spanish Excel opens as it is.
 */
export async function exportMenuCsv(ctx: AppContext, venue: Venue): Promise<string> {
  const catalogue = await loadMenuCatalogue(ctx.db, venue.id);
  const cells = productCells(catalogue, categoryPaths(catalogue));
  const rows = [...cells.values()].map((row) =>
    CSV_COLUMNS.map((column) => writeCell(row.get(column) ?? '')),
  );
  return stringify([[...CSV_COLUMNS], ...rows], { delimiter: ';', bom: true, record_delimiter: 'windows' });
}

/** Creates the planned categories in path order (a parent before its children); their ids by key. */
async function createCategories(
  db: Executor,
  venueId: number,
  planned: readonly NewCategory[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const category of planned) {
    const parentId =
      category.parent === null
        ? null
        : category.parent.kind === 'existing'
          ? category.parent.id
          : ids.get(category.parent.key)!;
    const row = await insertCategory(db, { venueId, menuId: category.menuId, parentId, name: category.name });
    ids.set(category.key, row.id);
  }
  return ids;
}

/** Writes one planned row; returns the product as a menu change announces it. */
async function writeRow(
  db: Executor,
  venueId: number,
  planned: PlannedRow,
  categoryIds: Map<string, number>,
) {
  const { columns } = planned;
  const product =
    planned.productId === null
      ? await insertProduct(db, {
          ...columns,
          venueId,
          sku: planned.sku,
          name: columns.name!,
          priceCents: columns.priceCents!,
          vatRateBp: columns.vatRateBp!,
        })
      : Object.keys(columns).length > 0
        ? await updateProductRow(db, venueId, planned.productId, columns)
        : await findProduct(db, venueId, planned.productId);
  const fields = new Set(planned.change.fields);
  // Guests read names from translations first: the Spanish ones follow the product's own name.
  if (fields.has('name'))
    await upsertTranslation(db, venueId, `product.${product.id}.name`, 'es', product.name);
  if (fields.has('description'))
    await upsertTranslation(db, venueId, `product.${product.id}.description`, 'es', product.description);
  for (const [column, value] of planned.texts) {
    if (!fields.has(column)) continue;
    const [field, locale] = column.split('_') as [string, string];
    const key = `product.${product.id}.${field}`;
    await writeTranslation(db, venueId, key, locale, value);
  }
  if (planned.allergens && fields.has('allergens'))
    await replaceProductAllergens(db, venueId, product.id, planned.allergens);
  if (planned.categories && fields.has('categories'))
    await replaceProductCategories(
      db,
      venueId,
      product.id,
      planned.categories.map((ref) => (ref.kind === 'existing' ? ref.id : categoryIds.get(ref.key)!)),
    );
  return product;
}

/**
 * A new price in the file that a product's options could take below 0 € (decision 078), refused at that
 * row's price like any other bad cell. Only rows whose price changes: a file that leaves a price alone
 * writes nothing there.
 */
async function pricesBelowZero(
  db: Executor,
  venueId: number,
  plan: readonly PlannedRow[],
  locale: Locale,
): Promise<MenuCsvRowError[]> {
  const repriced = plan.filter(
    (row) =>
      row.productId !== null && row.columns.priceCents !== undefined && row.change.fields.includes('price'),
  );
  if (repriced.length === 0) return [];
  const below = await productsBelowZeroWith(db, venueId, {
    products: repriced.map((row) => ({
      id: row.productId,
      name: row.columns.name,
      priceCents: row.columns.priceCents,
    })),
  });
  return below.flatMap((product) => {
    const row = repriced.find((planned) => planned.productId === product.productId);
    if (!row) return [];
    const message = translate('menu_price_below_zero', locale, {
      name: product.name,
      price: belowZeroPrice(product),
    });
    return [{ row: row.row, column: 'price', message }];
  });
}

/**
 * POST /world/api/admin/menus/import (decision 061): checks every row first and writes nothing unless all
 * pass (a 400 listing each problem by row and column); creates products whose SKU is new and updates
 * the others, only in the columns the file has. Nothing is ever deleted: a product missing from the file
 * stays as it is (one with orders behind it could not go anyway). A dry run answers the same plan and
 * writes nothing. The import is one transaction, audited as a whole (SEC-11), and announces each changed
 * product to staff screens and open guest menus.
 */
export async function importMenuCsv(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  bytes: Buffer,
  options: { dryRun: boolean; locale: Locale },
): Promise<Omit<MenuCsvImportResponse, 'result'>> {
  const table = readCsvTable(bytes, (key, column) => translate(key, options.locale, { column }));
  return ctx.db.transaction(async (tx) => {
    const catalogue = await loadMenuCatalogue(tx, venue.id);
    const { errors, plan, newCategories } = planImport(catalogue, table.rows, options.locale);
    const floorErrors = await pricesBelowZero(tx, venue.id, plan, options.locale);
    if (errors.length > 0 || floorErrors.length > 0)
      throw new AppError(400, 'VALIDATION_FAILED', 'csv_invalid', {
        extra: { rowErrors: [...errors, ...floorErrors].sort((a, b) => a.row - b.row) },
      });
    const count = (action: MenuCsvChange['action']) =>
      plan.filter((row) => row.change.action === action).length;
    const summary = {
      dryRun: options.dryRun,
      created: count('create'),
      updated: count('update'),
      unchanged: count('unchanged'),
      newCategories: newCategories.map((category) => category.path),
      changes: plan.map((row) => row.change),
    };
    const writes = plan.filter((row) => row.change.action !== 'unchanged');
    if (options.dryRun || (writes.length === 0 && newCategories.length === 0)) return summary;

    const categoryIds = await createCategories(tx, venue.id, newCategories);
    for (const planned of writes) {
      const product = await writeRow(tx, venue.id, planned, categoryIds);
      const change = {
        productId: product.id,
        sku: product.sku,
        available: product.available,
        topChoice: product.topChoice,
        isVisible: product.isVisible,
        priceCents: product.priceCents,
      };
      await appendEvent(tx, venue.id, 'menu.product.changed', change);
      await notifyMenuProductChanged(tx, venue.id, change);
    }
    await appendAudit(tx, venue.id, asAdmin(staff), 'menu.csv.import', 'menu', venue.id, null, {
      created: writes.filter((row) => row.change.action === 'create').map((row) => row.sku),
      updated: writes
        .filter((row) => row.change.action === 'update')
        .map((row) => ({ sku: row.sku, fields: row.change.fields })),
      newCategories: summary.newCategories,
    });
    return summary;
  });
}
