import type { Menu, MenuCategory, MenuProduct } from '@sobremesa/contracts';
import { parseDecimalInput } from '@sobremesa/domain';
import { foldText } from '../../lib/fold-text.ts';

/**
 * Pure helpers of the menu tools: finding products by name, reading prices typed with a comma (spec §5)
 * and knowing which categories list a product (day-menu editing replaces that list).
 */

/**
 * Products whose name or sku holds every word typed, accents and case aside; all of them while nothing
 * is typed (the manager is a list to scan as much as to search). Sold-out ones first, then by name, so
 * what is off is in sight.
 */
export function findProducts(products: readonly MenuProduct[], query: string): MenuProduct[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  return products
    .filter((product) => {
      const haystack = foldText(`${product.name} ${product.sku}`);
      return words.every((word) => haystack.includes(word));
    })
    .sort(
      (a, b) =>
        Number(a.available) - Number(b.available) ||
        a.name.localeCompare(b.name, 'es', { sensitivity: 'base' }),
    );
}

/**
 * A price typed by staff ("12,50", "12.5", "9") in integer cents, or null when it is not a price (empty,
 * negative, more than two decimals, above 100 000 €).
 */
export function priceInputToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return null;
  const value = parseDecimalInput(trimmed);
  if (value === null) return null;
  const centsValue = Math.round(value * 100);
  return centsValue <= 100_000_00 ? centsValue : null;
}

/** Cents as staff type them back (1250 → "12,50"). */
export function centsToInput(centsValue: number): string {
  return `${Math.floor(centsValue / 100)},${String(centsValue % 100).padStart(2, '0')}`;
}

export interface CategoryOption {
  readonly id: number;
  readonly menuName: string;
  readonly name: string;
  readonly isDayMenu: boolean;
}

/** Every category of every menu (subcategories after their parent), day menus first. */
export function categoryOptions(menus: readonly Menu[]): CategoryOption[] {
  const list: CategoryOption[] = [];
  const ordered = [...menus].sort(
    (a, b) => Number(b.isDayMenu) - Number(a.isDayMenu) || a.sortOrder - b.sortOrder,
  );
  for (const menu of ordered) {
    const walk = (categories: readonly MenuCategory[], prefix: string) => {
      for (const category of categories) {
        const name = prefix ? `${prefix} · ${category.name}` : category.name;
        list.push({ id: category.id, menuName: menu.name, name, isDayMenu: menu.isDayMenu });
        walk(category.children, name);
      }
    };
    walk(menu.menuCategories, '');
  }
  return list;
}

/** The ids of the categories that list a product. */
export function categoriesOf(menus: readonly Menu[], productId: number): number[] {
  const ids: number[] = [];
  const walk = (categories: readonly MenuCategory[]) => {
    for (const category of categories) {
      if (category.products.some((product) => product.id === productId)) ids.push(category.id);
      walk(category.children);
    }
  };
  for (const menu of menus) walk(menu.menuCategories);
  return ids;
}

/**
 * What the day-menu editor lists before anything is typed: the products of the day menus' categories
 * and the dishes a menú del día offers per course.
 */
export function dayMenuProducts(menus: readonly Menu[], products: readonly MenuProduct[]): MenuProduct[] {
  const dayCategories = new Set(
    categoryOptions(menus)
      .filter((entry) => entry.isDayMenu)
      .map((entry) => entry.id),
  );
  const inDayMenus = new Set<number>();
  const walk = (categories: readonly MenuCategory[]) => {
    for (const category of categories) {
      if (dayCategories.has(category.id)) {
        for (const product of category.products) {
          inDayMenus.add(product.id);
          for (const course of product.menuCourses)
            for (const item of course.items) inDayMenus.add(item.productId);
        }
      }
      walk(category.children);
    }
  };
  for (const menu of menus) walk(menu.menuCategories);
  return products.filter((product) => inDayMenus.has(product.id));
}
