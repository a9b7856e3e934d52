import type { MenuProduct } from '@sobremesa/contracts';
import {
  addProduct,
  decrement,
  EMPTY_CART,
  lineTotal,
  productSku,
  unavailableLines,
  type GuestCart,
} from '../../lib/guest-menu/guest-cart.ts';
import { enabledOptionTypes } from '../../lib/guest-menu/menu-model.ts';

/**
 * The takeaway cart is the table's guest cart (issue 27): a dish with options is one line per choice,
 * priced with its options' modifiers as at the table, and sent as the same order lines.
 */
export type TakeawayCart = GuestCart;
export const EMPTY_TAKEAWAY_CART: TakeawayCart = EMPTY_CART;

/** Products a guest can order for takeaway: visible and on sale; a menú del día and dishes by the piece stay at the table. */
export function isOrderable(product: MenuProduct): boolean {
  return product.isVisible && product.available && product.isMenu === 'NO' && product.isUnitary === 'NO';
}

/** Whether adding the dish asks the guest to choose first (it has options to pick). */
export function hasChoices(product: MenuProduct): boolean {
  return enabledOptionTypes(product).length > 0;
}

/** Units of a dish in the cart, every choice of it together. */
export function unitsOf(cart: TakeawayCart, sku: string): number {
  return cart.lines.filter((line) => productSku(line) === sku).reduce((sum, line) => sum + line.quantity, 0);
}

/** One more of a dish without choices. */
export function addPlain(cart: TakeawayCart, product: MenuProduct): TakeawayCart {
  return addProduct(cart, product, { options: [], picks: [] });
}

/** One fewer of a dish without choices (its only line); a line at 0 is removed. */
export function removePlain(cart: TakeawayCart, product: MenuProduct): TakeawayCart {
  const index = cart.lines.findIndex((line) => line.sku === product.sku && line.options.length === 0);
  return index < 0 ? cart : decrement(cart, index, product);
}

/** The cart without line `index` (every unit of that choice). */
export function removeLine(cart: TakeawayCart, index: number): TakeawayCart {
  return { ...cart, lines: cart.lines.filter((_, at) => at !== index) };
}

/** The cart without the dishes that are no longer on sale (a dish sold out while the guest chose). */
export function withoutGone(cart: TakeawayCart, bySku: ReadonlyMap<string, MenuProduct>): TakeawayCart {
  const blocked = unavailableLines(cart, bySku);
  const kept = cart.lines.filter((line) => {
    const product = bySku.get(productSku(line));
    return !blocked.has(line.sku) && product !== undefined && isOrderable(product);
  });
  return kept.length === cart.lines.length ? cart : { ...cart, lines: kept };
}

/** What the cart costs at the menu's prices, options included (the server prices the order again). */
export function cartTotalCents(cart: TakeawayCart, bySku: ReadonlyMap<string, MenuProduct>): number {
  return cart.lines.reduce((sum, line) => {
    const product = bySku.get(productSku(line));
    return product ? sum + lineTotal(cart, line, product) : sum;
  }, 0);
}

/** The names of a line's chosen options, as the cart lists them. */
export function optionNames(product: MenuProduct, line: GuestCart['lines'][number]): string[] {
  return line.options.flatMap((choice) => {
    const option = product.productOptions
      .find((type) => type.id === choice.optionTypeId)
      ?.options.find((candidate) => candidate.id === choice.productChoiceId);
    return option ? [option.name] : [];
  });
}
