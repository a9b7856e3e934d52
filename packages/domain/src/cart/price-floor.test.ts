import { describe, expect, it } from 'vitest';
import { cheapestPicks, lowestUnitPrice, productsBelowZero, type FloorOptionType } from './price-floor.ts';

const type = (
  id: number,
  minChoices: number,
  maxChoices: number,
  modifiers: readonly number[],
): FloorOptionType => ({
  id,
  minChoices,
  maxChoices,
  options: modifiers.map((priceModifierCents, index) => ({ id: id * 10 + index, priceModifierCents })),
});

describe('the lowest price a product can be ordered at', () => {
  it('takes a single negative option off the price', () => {
    const garnish = type(1, 0, 1, [0, -200]);
    expect(lowestUnitPrice(1250, [garnish])).toEqual({ cents: 1050, optionIds: [11] });
    // The 65 € dish with a −1000 € option: −935 €, not 0 €.
    expect(lowestUnitPrice(6500, [type(2, 0, 1, [-100_000])]).cents).toBe(-93_500);
  });

  it('takes as many discounts as the type allows, the biggest first', () => {
    const extras = type(3, 0, 2, [-300, 150, -600, -100]);
    expect(cheapestPicks(extras)).toEqual({ cents: -900, optionIds: [32, 30] });
    expect(cheapestPicks({ ...extras, maxChoices: 4 }).cents).toBe(-1000);
    expect(lowestUnitPrice(800, [extras]).cents).toBe(-100);
    expect(lowestUnitPrice(900, [extras]).cents).toBe(0);
  });

  it('counts the options a guest must take, even when they add to the price', () => {
    const size = type(4, 1, 1, [250, 400]);
    const without = type(5, 0, 1, [-500]);
    expect(lowestUnitPrice(200, [size, without])).toEqual({ cents: -50, optionIds: [40, 50] });
    expect(cheapestPicks(type(6, 2, 3, [300, 100, 200])).cents).toBe(300);
    expect(cheapestPicks(type(7, 3, 3, [100])).cents).toBe(100);
  });

  it('lets a product that costs 0 € have no discount at all', () => {
    expect(lowestUnitPrice(0, [type(8, 0, 3, [0, 50, 100])]).cents).toBe(0);
    expect(lowestUnitPrice(0, [type(9, 0, 1, [0, -1])]).cents).toBe(-1);
    expect(lowestUnitPrice(0, []).cents).toBe(0);
  });

  it('names the products of a menu that could go below 0 €, the cheapest first', () => {
    const menu = {
      products: [
        { id: 1, name: 'Chuletón', priceCents: 6500 },
        { id: 2, name: 'Agua', priceCents: 0 },
        { id: 3, name: 'Tostada', priceCents: 250 },
      ],
      links: [
        { productId: 1, optionTypeId: 1 },
        { productId: 2, optionTypeId: 1 },
        { productId: 3, optionTypeId: 1 },
        { productId: 3, optionTypeId: 2 },
      ],
      optionTypes: [type(1, 0, 1, [0, -300]), type(2, 0, 2, [-100, -50])],
    };
    expect(productsBelowZero(menu)).toEqual([
      { productId: 2, name: 'Agua', lowest: { cents: -300, optionIds: [11] } },
      { productId: 3, name: 'Tostada', lowest: { cents: -200, optionIds: [11, 20, 21] } },
    ]);
  });
});
