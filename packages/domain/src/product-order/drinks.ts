/**
 * A line is food unless its type is bebida (spec §9). A module of its own: the guest menu's dish sheet needs this
 * rule alone, not the staff views' visibility rules beside it (issue 19's budget).
 */
export function isDrink(productType: string): boolean {
  return productType === 'bebida';
}
