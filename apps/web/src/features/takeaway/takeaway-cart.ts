import type { MenuProduct } from '@sobremesa/contracts';

/** The takeaway cart: units per sku, in the order the guest added them. */
export type TakeawayCart = ReadonlyMap<string, number>;

/** Products a guest can add from the takeaway list: visible, on sale, without choices to make. */
export function isOrderableAlone(product: MenuProduct): boolean {
  return (
    product.isVisible &&
    product.available &&
    product.isMenu === 'NO' &&
    product.isUnitary === 'NO' &&
    product.productOptions.every((type) => type.minChoices === 0)
  );
}

/** The cart with `delta` units more (or fewer) of `sku`; a line at 0 is removed, 99 is the most. */
export function changeUnits(cart: TakeawayCart, sku: string, delta: number): TakeawayCart {
  const next = new Map(cart);
  const units = Math.min(99, (cart.get(sku) ?? 0) + delta);
  if (units <= 0) next.delete(sku);
  else next.set(sku, units);
  return next;
}

/** The cart without the products that are no longer on sale (a dish sold out while the guest chose). */
export function withoutGone(cart: TakeawayCart, bySku: ReadonlyMap<string, MenuProduct>): TakeawayCart {
  const kept = [...cart].filter(([sku]) => {
    const product = bySku.get(sku);
    return product !== undefined && isOrderableAlone(product);
  });
  return kept.length === cart.size ? cart : new Map(kept);
}

/** What the cart costs at the menu's prices (the server prices the order again). */
export function cartTotalCents(cart: TakeawayCart, bySku: ReadonlyMap<string, MenuProduct>): number {
  let total = 0;
  for (const [sku, units] of cart) total += (bySku.get(sku)?.priceCents ?? 0) * units;
  return total;
}
