// The menu editor's view of the menus (/ebitdata, decision 060) and the kinds and versions its sections share;
// its rows are written through menus' service, which owns the menu tables (decision 068).
import type { AdminMenusResponse, AdminProduct } from '@sobremesa/contracts';
import { VAT_RATES_BP, type Locale, type MenuKind } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { ALLERGEN_NAMES } from '../../i18n/allergens.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  loadEditorRows,
  type AdminProductRow,
  type EditorRows,
  type MenuRow,
} from '../menus/menus.service.ts';

/** The staff topic of a change to the menus' structure; product edits keep `menu.product.changed`. */
export const MENU_CHANGED = 'menu.changed';

/** A menu row's kind: the set menu of the day is flagged, the drinks menu named `bebida`. */
export function kindOf(row: Pick<MenuRow, 'isDayMenu' | 'menuTypeName'>): MenuKind {
  if (row.isDayMenu) return 'menu_del_dia';
  return row.menuTypeName === 'bebida' ? 'bebida' : 'carta';
}

/** The columns a kind is stored as (the demo's set menu is `menu del dia`, as the spec's data names it). */
export function kindColumns(kind: MenuKind) {
  return {
    menuTypeName: kind === 'menu_del_dia' ? 'menu del dia' : kind,
    isDayMenu: kind === 'menu_del_dia',
  };
}

/** A product's version: its last change, to the millisecond (decision 060's optimistic check). */
export const versionOf = (row: Pick<AdminProductRow, 'updatedAt'>) => row.updatedAt.toISOString();

/** The next version is always later than the one it replaces, even within one millisecond. */
export const nextVersion = (row: Pick<AdminProductRow, 'updatedAt'>) =>
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
    allergens: rows.allergenRows
      .filter((link) => link.productId === row.id)
      .map(({ allergenId, mayContainTraces }) => ({ allergenId, mayContainTraces }))
      .sort((a, b) => a.allergenId - b.allergenId),
    categoryIds: rows.listing
      .filter((link) => link.productId === row.id)
      .map((link) => link.categoryId)
      .sort((a, b) => a - b),
    optionTypeIds: rows.productTypes
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
    allergens: rows.allergenList.map(({ id, code }) => ({
      id,
      code,
      name: ALLERGEN_NAMES[code]?.[locale] ?? code,
    })),
    vatRatesBp: [...VAT_RATES_BP],
    translations,
  };
}
