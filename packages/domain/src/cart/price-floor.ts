/**
 * A line never costs less than nothing (decision 078). A negative option is a real thing ("sin guarnición"
 * −2 €, "media ración" −6 €), so the rule is on the sum: a product's price plus the options chosen for it,
 * in the most negative combination its option types allow, is 0 € or more. The menu editor and the CSV
 * import refuse a change that breaks it; the order call refuses a line that still does (rows written
 * before the rule), rather than pricing it at 0 €.
 */

/** An option type as the rule reads it: how many are picked and what each option adds. */
export interface FloorOptionType {
  readonly id: number;
  readonly minChoices: number;
  readonly maxChoices: number;
  /**
   * Every option of the type, offered or not: one switched off today is one tick away from being
   * offered, and that tick is no price change the rule would see.
   */
  readonly options: readonly { readonly id: number; readonly priceModifierCents: number }[];
}

/** The cheapest line a product allows: its price and the options that make it so. */
export interface LowestPrice {
  readonly cents: number;
  readonly optionIds: readonly number[];
}

/**
 * The cheapest picks a type's rules allow: the `minChoices` cheapest options (a guest must take that
 * many), then every further discount up to `maxChoices`. A type offering fewer options than its minimum
 * takes them all.
 */
export function cheapestPicks(type: FloorOptionType): LowestPrice {
  const sorted = [...type.options].sort((a, b) => a.priceModifierCents - b.priceModifierCents);
  const picked = sorted.filter(
    (option, index) => index < type.minChoices || (index < type.maxChoices && option.priceModifierCents < 0),
  );
  return {
    cents: picked.reduce((sum, option) => sum + option.priceModifierCents, 0),
    optionIds: picked.map((option) => option.id),
  };
}

/** The lowest unit price a product with these option types can be ordered at. */
export function lowestUnitPrice(priceCents: number, types: readonly FloorOptionType[]): LowestPrice {
  const picks = types.map(cheapestPicks);
  return {
    cents: picks.reduce((sum, pick) => sum + pick.cents, priceCents),
    optionIds: picks.flatMap((pick) => pick.optionIds),
  };
}

/** A menu as the rule reads it: products with their price, the option types each offers. */
export interface PriceFloorMenu {
  readonly products: readonly { readonly id: number; readonly name: string; readonly priceCents: number }[];
  readonly links: readonly { readonly productId: number; readonly optionTypeId: number }[];
  readonly optionTypes: readonly FloorOptionType[];
}

export interface ProductBelowZero {
  readonly productId: number;
  readonly name: string;
  readonly lowest: LowestPrice;
}

/** The products of `menu` some allowed choice of options would price below 0 €, cheapest first. */
export function productsBelowZero(menu: PriceFloorMenu): ProductBelowZero[] {
  const typeById = new Map(menu.optionTypes.map((type) => [type.id, type]));
  return menu.products
    .map((product) => ({
      productId: product.id,
      name: product.name,
      lowest: lowestUnitPrice(
        product.priceCents,
        menu.links.flatMap((link) => {
          const type = link.productId === product.id ? typeById.get(link.optionTypeId) : undefined;
          return type ? [type] : [];
        }),
      ),
    }))
    .filter((product) => product.lowest.cents < 0)
    .sort((a, b) => a.lowest.cents - b.lowest.cents);
}
