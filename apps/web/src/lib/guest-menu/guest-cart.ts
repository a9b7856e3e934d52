import type { CreateCartSessionOrderRequest, MenuProduct } from '@sobremesa/contracts';
import {
  addToCart,
  canonicalOptions,
  courseChoicePriceCents,
  decrementLine,
  incrementLine,
  unitPriceCents,
  type CartLine,
  type CartOptionChoice,
  type CartProductFacts,
} from '@sobremesa/domain';
import { pricedChoices } from '../../components/option-picker/option-rules.ts';

/**
 * The guest's cart on top of the shared rules of `@sobremesa/domain` (spec §4): equal sku, options and
 * comment merge; unitary products start at `servingQtyMin` and grow by `unitaryIncrement`; "-" at the
 * minimum removes the line. A menú del día line also carries its course choices, each with the dish's own
 * options (decision 015): two menus with different dishes, or the same dishes with different options, are
 * two lines, so the choices are folded into the line's sku the domain compares ("line sku").
 */

/**
 * One course choice of a menú del día with the options chosen for that dish. The product sheet always sets
 * `options` (an empty list for a dish without any); a pick without them is a plain dish, as the server
 * takes a course choice without the field (decision 015).
 */
export interface MenuPick {
  readonly courseId: number;
  readonly sku: string;
  readonly options?: readonly CartOptionChoice[];
}

export interface GuestCart {
  readonly lines: readonly CartLine[];
  /** The course choices of each menú del día line, by its line sku. */
  readonly picks: Readonly<Record<string, readonly MenuPick[]>>;
  /** What the guest writes to staff with the order (the order's `clientMessage`), as typed. */
  readonly message?: string;
}

export const EMPTY_CART: GuestCart = { lines: [], picks: {} };

const PICKS_SEPARATOR = '\u001f';

const pickKey = (pick: MenuPick) =>
  `${pick.courseId}:${pick.sku}(${canonicalOptions(pick.options ?? [])
    .map((option) => `${option.optionTypeId}=${option.productChoiceId}`)
    .join(',')})`;

/**
 * The sku a line is compared by: the product's, plus the course choices of a menú del día with their
 * options, in a canonical order (the order the guest picked them in does not matter).
 */
export function lineSku(sku: string, picks: readonly MenuPick[]): string {
  if (picks.length === 0) return sku;
  return `${sku}${PICKS_SEPARATOR}${picks.map(pickKey).sort().join(',')}`;
}

/** The product sku of a line. */
export function productSku(line: Pick<CartLine, 'sku'>): string {
  return line.sku.split(PICKS_SEPARATOR)[0] ?? line.sku;
}

function facts(product: MenuProduct, sku: string): CartProductFacts {
  return {
    sku,
    isUnitary: product.isUnitary === 'SI',
    servingQtyMin: product.servingQtyMin,
    unitaryIncrement: product.unitaryIncrement,
  };
}

export function addProduct(
  cart: GuestCart,
  product: MenuProduct,
  choice: { options: readonly CartOptionChoice[]; picks: readonly MenuPick[]; comments?: string },
): GuestCart {
  const sku = lineSku(product.sku, choice.picks);
  const lines = addToCart(cart.lines, facts(product, sku), choice.options, choice.comments);
  const picks = choice.picks.length > 0 ? { ...cart.picks, [sku]: choice.picks } : cart.picks;
  return { ...cart, lines, picks };
}

export function increment(cart: GuestCart, index: number, product: MenuProduct): GuestCart {
  const line = cart.lines[index];
  if (!line) return cart;
  return { ...cart, lines: incrementLine(cart.lines, index, facts(product, line.sku)) };
}

export function decrement(cart: GuestCart, index: number, product: MenuProduct): GuestCart {
  const line = cart.lines[index];
  if (!line) return cart;
  const lines = decrementLine(cart.lines, index, facts(product, line.sku));
  if (lines.some((other) => other.sku === line.sku)) return { ...cart, lines };
  const { [line.sku]: _dropped, ...picks } = cart.picks;
  return { ...cart, lines, picks };
}

/**
 * Price of one unit (or piece) with its options and, for a menú del día, each course dish's supplement
 * plus that dish's options (a course dish never below zero, as the server charges it); integer cents
 * (REL-04).
 */
export function unitPrice(
  product: MenuProduct,
  options: readonly CartOptionChoice[],
  picks: readonly MenuPick[],
): number {
  const courses = picks.reduce((sum, pick) => {
    const item = product.menuCourses
      .find((course) => course.id === pick.courseId)
      ?.items.find((candidate) => candidate.sku === pick.sku);
    if (!item) return sum;
    return (
      sum +
      courseChoicePriceCents(
        item.supplementCents,
        pricedChoices(item.productOptions ?? [], pick.options ?? []),
      )
    );
  }, 0);
  return unitPriceCents(product.priceCents, pricedChoices(product.productOptions, options)) + courses;
}

/** A line's total as the guest sees it (the server prices the order itself, SEC-10). */
export function lineTotal(cart: GuestCart, line: CartLine, product: MenuProduct): number {
  return unitPrice(product, line.options, cart.picks[line.sku] ?? []) * line.quantity;
}

/** Dishes in the cart, as the cart button counts them: a unitary line (a ración of pieces) is one. */
export function itemCount(cart: GuestCart, bySku: ReadonlyMap<string, MenuProduct>): number {
  return cart.lines.reduce(
    (sum, line) => sum + (bySku.get(productSku(line))?.isUnitary === 'SI' ? 1 : line.quantity),
    0,
  );
}

/** Lines whose product (or a chosen course dish) is sold out or gone: the order would be refused. */
export function unavailableLines(cart: GuestCart, bySku: ReadonlyMap<string, MenuProduct>): Set<string> {
  const blocked = new Set<string>();
  for (const line of cart.lines) {
    const product = bySku.get(productSku(line));
    if (!product || !product.available || !product.isVisible) {
      blocked.add(line.sku);
      continue;
    }
    for (const pick of cart.picks[line.sku] ?? []) {
      const item = product.menuCourses
        .find((course) => course.id === pick.courseId)
        ?.items.find((candidate) => candidate.sku === pick.sku);
      if (!item?.available) blocked.add(line.sku);
    }
  }
  return blocked;
}

/**
 * The spec §3 order lines: a unitary product sends its pieces as `units` and one `orderQuantity`. A course
 * dish chosen in the sheet carries its `options` (an empty list too), so the server checks them in full,
 * as it does the commander's (decision 015).
 */
export function orderLines(
  cart: GuestCart,
  bySku: ReadonlyMap<string, MenuProduct>,
): CreateCartSessionOrderRequest['products'] {
  return cart.lines.map((line) => {
    const product = bySku.get(productSku(line));
    const unitary = product?.isUnitary === 'SI';
    const picks = cart.picks[line.sku] ?? [];
    return {
      sku: productSku(line),
      options: line.options.map((option) => ({
        optionTypeId: option.optionTypeId,
        productChoiceId: option.productChoiceId,
      })),
      orderQuantity: unitary ? 1 : line.quantity,
      ...(unitary ? { units: line.quantity } : {}),
      isShareable: product?.isShareable ?? false,
      ...(line.comments ? { comments: line.comments } : {}),
      ...(picks.length > 0
        ? {
            menuChoices: picks.map((pick) => ({
              courseId: pick.courseId,
              sku: pick.sku,
              ...(pick.options
                ? {
                    options: pick.options.map(({ optionTypeId, productChoiceId }) => ({
                      optionTypeId,
                      productChoiceId,
                    })),
                  }
                : {}),
            })),
          }
        : {}),
    };
  });
}
