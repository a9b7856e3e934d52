import type { MenuCategory, MenuGetResponse, MenuProduct } from '@sobremesa/contracts';

/**
 * What the guest menu shows of a `menu/get` reply (spec §5): only options with `enabled` ≥ 1, no empty
 * category, search from three characters. Pure, so the rules are unit-tested.
 */

export type Menu = MenuGetResponse['menus'][number];
export type OptionType = MenuProduct['productOptions'][number];

/** Spec §5 and §9: a search needs at least three characters. */
export const SEARCH_MIN_CHARS = 3;

/** A category as the screen lists it: its products and, flattened after it, its non-empty children. */
export interface MenuSection {
  readonly id: number;
  readonly name: string;
  readonly products: readonly MenuProduct[];
}

/** The option types of a product the guest may choose from: enabled options only, empty types dropped. */
export function enabledOptionTypes(product: MenuProduct): OptionType[] {
  return product.productOptions
    .map((type) => ({ ...type, options: type.options.filter((option) => option.enabled >= 1) }))
    .filter((type) => type.options.length > 0);
}

/** A product the guest sees: visible ones only (staff may hide a dish while a menu is open). */
export function isShown(product: MenuProduct): boolean {
  return product.isVisible;
}

/** The sections of a menu in order, each with its shown products; empty ones (and empty children) hidden. */
export function menuSections(menu: Menu): MenuSection[] {
  const sections: MenuSection[] = [];
  const walk = (categories: readonly MenuCategory[]) => {
    for (const category of [...categories].sort((a, b) => a.sortOrder - b.sortOrder)) {
      const products = category.products.filter(isShown);
      if (products.length > 0) sections.push({ id: category.id, name: category.name, products });
      walk(category.children);
    }
  };
  walk(menu.menuCategories);
  return sections;
}

/**
 * The first `limit` products of the sections, in order, with the sections they fall in: the part of a long
 * carta drawn so far while the rest is still being added (decision 017).
 */
export function limitSections(sections: readonly MenuSection[], limit: number): MenuSection[] {
  const shown: MenuSection[] = [];
  let left = limit;
  for (const section of sections) {
    if (left <= 0) break;
    shown.push(
      section.products.length <= left ? section : { ...section, products: section.products.slice(0, left) },
    );
    left -= section.products.length;
  }
  return shown;
}

/** How many products the sections hold. */
export function productCount(sections: readonly MenuSection[]): number {
  return sections.reduce((sum, section) => sum + section.products.length, 0);
}

/** The menus the guest can open: those with at least one section. */
export function guestMenus(reply: MenuGetResponse): Menu[] {
  return reply.menus.filter((menu) => menuSections(menu).length > 0);
}

/** Lower case without accents, so "cafe" finds "Café" and "pina" finds "piña". */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

export type SearchResult =
  | { readonly status: 'idle' }
  | { readonly status: 'too-short' }
  | { readonly status: 'done'; readonly products: readonly MenuProduct[] };

/** Searches every menu by name, description and allergen-free text; below three characters it refuses. */
export function searchMenus(reply: MenuGetResponse, query: string): SearchResult {
  const wanted = normalise(query);
  if (wanted.length === 0) return { status: 'idle' };
  if (wanted.length < SEARCH_MIN_CHARS) return { status: 'too-short' };
  const found = new Map<number, MenuProduct>();
  for (const menu of reply.menus) {
    for (const section of menuSections(menu)) {
      for (const product of section.products) {
        if (found.has(product.id)) continue;
        if (normalise(`${product.name} ${product.description}`).includes(wanted))
          found.set(product.id, product);
      }
    }
  }
  return { status: 'done', products: [...found.values()] };
}

/** What a staff change tells open menus about a product (decision 014). */
export interface ProductChange {
  readonly productId: number;
  readonly available: boolean;
  readonly topChoice: boolean;
  readonly isVisible: boolean;
  readonly priceCents: number;
}

/**
 * The reply with one product changed wherever it appears (in categories and as a menú del día course
 * dish). Says whether the product was found, so a dish the menu never had is fetched instead.
 */
export function applyProductChange(
  reply: MenuGetResponse,
  change: ProductChange,
): { reply: MenuGetResponse; found: boolean } {
  let found = false;
  // Untouched products keep their identity, so only the changed dishes' cards are drawn again.
  const patchProduct = (product: MenuProduct): MenuProduct => {
    const inCourses = product.menuCourses.some((course) =>
      course.items.some((item) => item.productId === change.productId),
    );
    const courses = inCourses
      ? product.menuCourses.map((course) => ({
          ...course,
          items: course.items.map((item) =>
            item.productId === change.productId ? { ...item, available: change.available } : item,
          ),
        }))
      : product.menuCourses;
    if (product.id !== change.productId) return inCourses ? { ...product, menuCourses: courses } : product;
    found = true;
    return {
      ...product,
      menuCourses: courses,
      available: change.available,
      isVisible: change.isVisible,
      topChoice: change.topChoice ? 'SI' : 'NO',
      priceCents: change.priceCents,
    };
  };
  const patchCategory = (category: MenuCategory): MenuCategory => ({
    ...category,
    products: category.products.map(patchProduct),
    children: category.children.map(patchCategory),
  });
  const menus = reply.menus.map((menu) => ({
    ...menu,
    menuCategories: menu.menuCategories.map(patchCategory),
  }));
  return { reply: { ...reply, menus }, found };
}
