// An imported menu CSV checked whole against the catalogue before anything is written: each row's product,
// categories (existing or to create) and allergens, or the errors that refuse the file (decision 061).
import type { MenuCsvChange, MenuCsvRowError } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { ALLERGEN_NAMES } from '../../i18n/allergens.ts';
import { translate, type MessageKey } from '../../i18n/messages.ts';
import {
  CSV_COLUMNS,
  OTHER_LOCALES,
  PATH_LEVEL_SEPARATOR,
  formatEuros,
  formatVat,
  formatYesNo,
  nameKey,
  parseEuros,
  parseProductType,
  parseVat,
  parseYesNo,
  splitList,
} from './menu-csv-format.ts';
import { type MenuCatalogue, type ProductColumns } from '../menus/menus.service.ts';
import { productCells } from './menu-csv-cells.ts';

const MAX_NAME = 200;
const MAX_DESCRIPTION = 2000;
const MAX_SKU = 64;

/** Every category's path from its menu ("Carta > Entrantes > Fríos"), by id. */
export function categoryPaths(catalogue: MenuCatalogue): Map<number, string> {
  const menuNames = new Map(catalogue.menus.map((menu) => [menu.id, menu.name]));
  const byId = new Map(catalogue.categories.map((category) => [category.id, category]));
  const paths = new Map<number, string>();
  const pathOf = (id: number): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const category = byId.get(id)!;
    const parent =
      category.parentId === null ? (menuNames.get(category.menuId) ?? '') : pathOf(category.parentId);
    const path = `${parent}${PATH_LEVEL_SEPARATOR}${category.name}`;
    paths.set(id, path);
    return path;
  };
  for (const category of catalogue.categories) pathOf(category.id);
  return paths;
}

/** A category a row names: one that exists, or one the import will create under its parent. */
type CategoryRef =
  { readonly kind: 'existing'; readonly id: number } | { readonly kind: 'new'; readonly key: string };

export interface NewCategory {
  readonly key: string;
  readonly menuId: number;
  readonly parent: CategoryRef | null;
  readonly name: string;
  readonly path: string;
}

export interface PlannedRow {
  readonly row: number;
  readonly sku: string;
  readonly productId: number | null;
  readonly columns: ProductColumns;
  readonly categories: readonly CategoryRef[] | undefined;
  readonly allergens: readonly { allergenId: number; traces: boolean }[] | undefined;
  readonly texts: ReadonlyMap<string, string>;
  readonly change: MenuCsvChange;
}

/** Resolves category paths to existing categories, planning the missing ones (shared by every row). */
class CategoryResolver {
  readonly created = new Map<string, NewCategory>();
  private readonly menus: Map<string, number>;
  private readonly children = new Map<string, number>();

  constructor(catalogue: MenuCatalogue) {
    this.menus = new Map(catalogue.menus.map((menu) => [nameKey(menu.name), menu.id]));
    for (const category of catalogue.categories)
      this.children.set(
        `${category.menuId}|${category.parentId ?? ''}|${nameKey(category.name)}`,
        category.id,
      );
  }

  /** The path's last category, or the menu name that matched no menu. */
  resolve(path: string): CategoryRef | { readonly unknownMenu: string } {
    const [menuName = '', ...levels] = path.split(/\s*>\s*/).map((level) => level.trim());
    const menuId = this.menus.get(nameKey(menuName));
    if (menuId === undefined || levels.length === 0 || levels.some((level) => level === ''))
      return { unknownMenu: menuId === undefined ? menuName : path };
    let parent = null as CategoryRef | null;
    let shownPath = menuName;
    for (const level of levels) {
      shownPath = `${shownPath}${PATH_LEVEL_SEPARATOR}${level}`;
      const parentKey: string =
        parent === null ? '' : parent.kind === 'existing' ? String(parent.id) : parent.key;
      const lookup = `${menuId}|${parentKey}|${nameKey(level)}`;
      const existing: number | undefined = parent?.kind === 'new' ? undefined : this.children.get(lookup);
      if (existing !== undefined) {
        parent = { kind: 'existing', id: existing };
        continue;
      }
      const key = `new:${lookup}`;
      if (!this.created.has(key))
        this.created.set(key, { key, menuId, parent, name: level, path: shownPath });
      parent = { kind: 'new', key };
    }
    return parent!;
  }
}

const refKey = (ref: CategoryRef) => (ref.kind === 'existing' ? `id:${ref.id}` : ref.key);

/** Allergens by any name a file may give them: the code or the name in any of the nine languages. */
function allergenLookup(catalogue: MenuCatalogue): Map<string, number> {
  const lookup = new Map<string, number>();
  for (const allergen of catalogue.allergens) {
    lookup.set(nameKey(allergen.code), allergen.id);
    for (const name of Object.values(ALLERGEN_NAMES[allergen.code] ?? {}))
      lookup.set(nameKey(name), allergen.id);
  }
  return lookup;
}

/**
 * Checks every row against the venue's menus and plans what each changes. Returns every problem found
 * (by row and column, in the admin's language) or, when there is none, the plan.
 */
export function planImport(
  catalogue: MenuCatalogue,
  rows: readonly Map<string, string>[],
  locale: Locale,
): { errors: MenuCsvRowError[]; plan: PlannedRow[]; newCategories: NewCategory[] } {
  const message = (key: MessageKey, params: Record<string, string | number> = {}) =>
    translate(key, locale, params);
  const errors: MenuCsvRowError[] = [];
  const plan: PlannedRow[] = [];
  const paths = categoryPaths(catalogue);
  const current = productCells(catalogue, paths);
  const bySku = new Map(catalogue.products.map((product) => [product.sku, product]));
  const dishClasses = new Map(
    catalogue.dishClasses.map((dishClass) => [nameKey(dishClass.name), dishClass.id]),
  );
  const allergens = allergenLookup(catalogue);
  const categories = new CategoryResolver(catalogue);
  const currentLinks = (productId: number) =>
    catalogue.allergenLinks.filter((link) => link.productId === productId);
  const firstRowOf = new Map<string, number>();

  rows.forEach((cells, index) => {
    const row = index + 2;
    const fail = (column: string, key: MessageKey, params?: Record<string, string | number>) =>
      errors.push({ row, column, message: message(key, params) });
    const cell = (column: string) => cells.get(column);
    const sku = cell('sku') ?? '';
    const product = bySku.get(sku);
    const isNew = product === undefined;
    const columns: ProductColumns = {};

    if (sku === '') fail('sku', 'csv_required');
    else if (sku.length > MAX_SKU) fail('sku', 'csv_too_long', { max: MAX_SKU });
    else if (firstRowOf.has(sku)) fail('sku', 'csv_duplicate_sku', { row: firstRowOf.get(sku)! });
    else firstRowOf.set(sku, row);

    const name = cell('name') ?? '';
    if (name === '') fail('name', 'csv_required');
    else if (name.length > MAX_NAME) fail('name', 'csv_too_long', { max: MAX_NAME });
    else columns.name = name;

    const description = cell('description');
    if (description !== undefined) {
      if (description.length > MAX_DESCRIPTION) fail('description', 'csv_too_long', { max: MAX_DESCRIPTION });
      else columns.description = description;
    }

    const price = cell('price');
    if (price === undefined || price === '') {
      if (isNew) fail('price', 'csv_required');
    } else {
      const cents = parseEuros(price);
      if (cents === null) fail('price', 'csv_price');
      else columns.priceCents = cents;
    }

    const vat = cell('vat');
    if (vat === undefined || vat === '') {
      if (isNew) fail('vat', 'csv_required');
    } else {
      const basisPoints = parseVat(vat);
      if (basisPoints === null) fail('vat', 'csv_vat');
      else columns.vatRateBp = basisPoints;
    }

    const type = cell('type');
    if (type !== undefined && !(isNew && type === '')) {
      const parsed = parseProductType(type);
      if (parsed === null) fail('type', 'csv_type');
      else columns.type = parsed;
    }

    const visible = cell('visible');
    if (visible !== undefined && !(isNew && visible === '')) {
      const parsed = parseYesNo(visible);
      if (parsed === null) fail('visible', 'csv_yes_no');
      else columns.isVisible = parsed;
    }

    const dishClass = cell('dish_class');
    if (dishClass !== undefined) {
      if (dishClass === '') columns.dishClassId = null;
      else {
        const id = dishClasses.get(nameKey(dishClass));
        if (id === undefined) fail('dish_class', 'csv_dish_class', { value: dishClass });
        else columns.dishClassId = id;
      }
    }

    let categoryRefs: CategoryRef[] | undefined;
    const categoryCell = cell('categories');
    if (categoryCell !== undefined) {
      categoryRefs = [];
      for (const path of splitList(categoryCell, /\s*\|\s*/)) {
        const resolved = categories.resolve(path);
        if ('unknownMenu' in resolved) fail('categories', 'csv_menu', { value: resolved.unknownMenu });
        else if (!categoryRefs.some((ref) => refKey(ref) === refKey(resolved))) categoryRefs.push(resolved);
      }
    }

    let allergenLinks: { allergenId: number; traces: boolean }[] | undefined;
    const allergenCell = cell('allergens');
    const tracesCell = cell('traces');
    if (allergenCell !== undefined || tracesCell !== undefined) {
      const read = (column: 'allergens' | 'traces', text: string | undefined): number[] | undefined => {
        if (text === undefined) return undefined;
        return splitList(text, /\s*[|,]\s*/).flatMap((value) => {
          const id = allergens.get(nameKey(value));
          if (id === undefined) fail(column, 'csv_allergen', { value });
          return id === undefined ? [] : [id];
        });
      };
      const before = product ? currentLinks(product.id) : [];
      const contains =
        read('allergens', allergenCell) ??
        before.filter((link) => !link.traces).map((link) => link.allergenId);
      const traces =
        read('traces', tracesCell) ?? before.filter((link) => link.traces).map((link) => link.allergenId);
      const containsSet = new Set(contains);
      allergenLinks = [
        ...[...containsSet].map((allergenId) => ({ allergenId, traces: false })),
        ...[...new Set(traces)]
          .filter((id) => !containsSet.has(id))
          .map((allergenId) => ({ allergenId, traces: true })),
      ];
    }

    const texts = new Map<string, string>();
    for (const otherLocale of OTHER_LOCALES) {
      for (const field of ['name', 'description'] as const) {
        const column = `${field}_${otherLocale}`;
        const value = cell(column);
        if (value === undefined) continue;
        const max = field === 'name' ? MAX_NAME : MAX_DESCRIPTION;
        if (value.length > max) fail(column, 'csv_too_long', { max });
        else texts.set(column, value);
      }
    }

    // What changes: the row's cells against the product's own, column by column.
    const before = product ? current.get(product.sku)! : undefined;
    const changedFields = new Set<string>();
    const compare = (column: string, next: string) => {
      if (before?.get(column) !== next) changedFields.add(column);
    };
    if (columns.name !== undefined) compare('name', columns.name);
    if (columns.description !== undefined) compare('description', columns.description);
    if (columns.priceCents !== undefined) compare('price', formatEuros(columns.priceCents));
    if (columns.vatRateBp !== undefined) compare('vat', formatVat(columns.vatRateBp));
    if (columns.type !== undefined) compare('type', columns.type);
    if (columns.isVisible !== undefined) compare('visible', formatYesNo(columns.isVisible));
    if (columns.dishClassId !== undefined && columns.dishClassId !== (product?.dishClassId ?? null))
      changedFields.add('dish_class');
    if (categoryRefs) {
      const now = new Set(
        catalogue.memberships
          .filter((membership) => membership.productId === product?.id)
          .map((membership) => `id:${membership.categoryId}`),
      );
      const next = new Set(categoryRefs.map(refKey));
      if (now.size !== next.size || [...next].some((key) => !now.has(key))) changedFields.add('categories');
    }
    if (allergenLinks) {
      const now = new Set(
        (product ? currentLinks(product.id) : []).map((l) => `${l.allergenId}:${l.traces}`),
      );
      const next = new Set(allergenLinks.map((l) => `${l.allergenId}:${l.traces}`));
      if (now.size !== next.size || [...next].some((key) => !now.has(key))) changedFields.add('allergens');
    }
    for (const [column, value] of texts) compare(column, value);

    plan.push({
      row,
      sku,
      productId: product?.id ?? null,
      columns,
      categories: categoryRefs,
      allergens: allergenLinks,
      texts,
      change: {
        row,
        sku,
        name,
        action: isNew ? 'create' : changedFields.size > 0 ? 'update' : 'unchanged',
        fields: CSV_COLUMNS.filter((column) => changedFields.has(column)),
      },
    });
  });
  return { errors, plan, newCategories: [...categories.created.values()] };
}
