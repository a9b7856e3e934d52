import type { CartLineInput, Menu, MenuCategory, MenuProduct } from '@sobremesa/contracts';
import {
  cartLineKey,
  courseChoicePriceCents,
  unitPriceCents,
  type CartLine,
  type CartProductFacts,
} from '@sobremesa/domain';
import { pricedChoices } from '../../components/option-picker/option-rules.ts';
import { foldText } from '../../lib/fold-text.ts';

/**
 * The commander's view of the menu and its cart: the cart rules themselves are the domain's (spec §4,
 * `@sobremesa/domain` cart); this file only reads the staff menu, estimates prices for the screen (the
 * server prices the order itself, SEC-10) and writes the wire lines of `createcartsessionorder`.
 */

/** What the domain cart needs to know of a menu product. */
export function productFacts(
  product: Pick<MenuProduct, 'sku' | 'isUnitary' | 'servingQtyMin' | 'unitaryIncrement'>,
): CartProductFacts {
  return {
    sku: product.sku,
    isUnitary: product.isUnitary === 'SI',
    servingQtyMin: product.servingQtyMin,
    unitaryIncrement: product.unitaryIncrement,
  };
}

export interface CommanderCategory {
  readonly id: number;
  /** The category's name, after its parent's for a subcategory ("Vinos · Tintos"). */
  readonly name: string;
  readonly products: readonly MenuProduct[];
}

/**
 * The menus' categories flattened in menu order, each with the products a table can be served (visible
 * ones: hidden dishes are only reachable as menú del día choices or through search); empty ones dropped.
 */
export function commanderCategories(menus: readonly Menu[]): CommanderCategory[] {
  const flat: CommanderCategory[] = [];
  const walk = (categories: readonly MenuCategory[], prefix: string) => {
    for (const category of [...categories].sort((a, b) => a.sortOrder - b.sortOrder)) {
      const name = prefix ? `${prefix} · ${category.name}` : category.name;
      const products = category.products.filter((product) => product.isVisible);
      if (products.length > 0) flat.push({ id: category.id, name, products });
      walk(category.children, name);
    }
  };
  for (const menu of menus) walk(menu.menuCategories, '');
  return flat;
}

/** Spec §5: a menu search needs at least three characters. */
export const SEARCH_MIN_LENGTH = 3;

/**
 * Products whose name or sku contains every word of the query, accents and case aside ("cana" finds
 * "Caña"); null while the query is shorter than three characters.
 */
export function searchProducts(products: Iterable<MenuProduct>, query: string): MenuProduct[] | null {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (foldText(query).length < SEARCH_MIN_LENGTH) return null;
  return [...products].filter((product) => {
    const haystack = foldText(`${product.name} ${product.sku}`);
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The screen's estimate of one unit of a line (one piece of a unitary product): the product with its
 * options, plus for a menú del día each course dish's supplement and options.
 */
export function lineUnitCents(line: CartLine, product: MenuProduct): number {
  let unit: number = unitPriceCents(product.priceCents, pricedChoices(product.productOptions, line.options));
  for (const choice of line.menuChoices ?? []) {
    const item = product.menuCourses
      .find((course) => course.id === choice.courseId)
      ?.items.find((candidate) => candidate.sku === choice.sku);
    if (item)
      unit += courseChoicePriceCents(
        item.supplementCents,
        pricedChoices(item.productOptions ?? [], choice.options),
      );
  }
  return unit;
}

/** The estimate of a whole line. */
export function lineTotalCents(line: CartLine, product: MenuProduct): number {
  return lineUnitCents(line, product) * line.quantity;
}

/**
 * A cart line as `createcartsessionorder` takes it (spec §3 "Submitted line"): a unitary product is sent
 * as one serving of `units` pieces, anything else as `orderQuantity` units. Course dishes always carry
 * their `options` (an empty list too), so the server checks them in full (decision 015).
 */
export function wireLine(line: CartLine, product: MenuProduct): CartLineInput {
  const unitary = product.isUnitary === 'SI';
  return {
    sku: line.sku,
    options: line.options.map(({ optionTypeId, productChoiceId }) => ({ optionTypeId, productChoiceId })),
    orderQuantity: unitary ? 1 : line.quantity,
    ...(unitary ? { units: line.quantity } : {}),
    ...(line.comments ? { comments: line.comments } : {}),
    ...(line.staffComments ? { staffComments: line.staffComments } : {}),
    ...(line.menuChoices && line.menuChoices.length > 0
      ? {
          menuChoices: line.menuChoices.map((choice) => ({
            courseId: choice.courseId,
            sku: choice.sku,
            options: choice.options.map(({ optionTypeId, productChoiceId }) => ({
              optionTypeId,
              productChoiceId,
            })),
          })),
        }
      : {}),
  };
}

/** The skus of a cart (course dishes included) that the menu now shows as sold out. */
export function soldOutSkus(cart: readonly CartLine[], bySku: ReadonlyMap<string, MenuProduct>): string[] {
  const sold = new Set<string>();
  for (const line of cart) {
    const product = bySku.get(line.sku);
    if (product && !product.available) sold.add(line.sku);
    for (const choice of line.menuChoices ?? []) {
      const item = product?.menuCourses
        .find((course) => course.id === choice.courseId)
        ?.items.find((candidate) => candidate.sku === choice.sku);
      if (item && !item.available) sold.add(choice.sku);
    }
  }
  return [...sold];
}

/**
 * Changes the notes of a line, keeping its quantity and place; when the line becomes equal to another
 * (same product, options, dishes and notes) the two merge, as the cart rules merge equal lines.
 */
export function setLineNotes(
  cart: readonly CartLine[],
  index: number,
  comments: string,
  staffComments: string,
): CartLine[] {
  const line = cart[index];
  if (!line) return [...cart];
  const changed: CartLine = {
    sku: line.sku,
    options: line.options,
    quantity: line.quantity,
    ...(line.menuChoices ? { menuChoices: line.menuChoices } : {}),
    ...(comments.trim() ? { comments: comments.trim() } : {}),
    ...(staffComments.trim() ? { staffComments: staffComments.trim() } : {}),
  };
  const key = cartLineKey(changed);
  const twin = cart.findIndex((other, at) => at !== index && cartLineKey(other) === key);
  if (twin < 0) return cart.map((other, at) => (at === index ? changed : other));
  return cart
    .map((other, at) => (at === twin ? { ...other, quantity: other.quantity + line.quantity } : other))
    .filter((_, at) => at !== index);
}
