import type { MenuProduct } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { cartTotalCents, changeUnits, isOrderableAlone, withoutGone } from './takeaway-cart.ts';

const dish = (sku: string, extra: Partial<MenuProduct> = {}) =>
  ({
    sku,
    priceCents: 1250,
    isVisible: true,
    available: true,
    isMenu: 'NO',
    isUnitary: 'NO',
    productOptions: [],
    ...extra,
  }) as unknown as MenuProduct;

describe('the takeaway cart', () => {
  it('adds and removes units, dropping a line at zero', () => {
    let cart = changeUnits(new Map(), 'A', 1);
    cart = changeUnits(cart, 'A', 1);
    cart = changeUnits(cart, 'B', 1);
    expect([...cart]).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    expect([...changeUnits(cart, 'B', -1)]).toEqual([['A', 2]]);
  });

  it('totals at the menu prices', () => {
    const bySku = new Map([
      ['A', dish('A')],
      ['B', dish('B', { priceCents: 300 })],
    ]);
    expect(
      cartTotalCents(
        new Map([
          ['A', 2],
          ['B', 1],
        ]),
        bySku,
      ),
    ).toBe(2800);
  });

  it('drops a dish that sold out while the guest was choosing', () => {
    const bySku = new Map([
      ['A', dish('A', { available: false })],
      ['B', dish('B')],
    ]);
    expect([
      ...withoutGone(
        new Map([
          ['A', 1],
          ['B', 2],
        ]),
        bySku,
      ),
    ]).toEqual([['B', 2]]);
  });

  it('offers alone only dishes with nothing to choose', () => {
    expect(isOrderableAlone(dish('A'))).toBe(true);
    expect(isOrderableAlone(dish('M', { isMenu: 'SI' }))).toBe(false);
    expect(
      isOrderableAlone(dish('O', { productOptions: [{ minChoices: 1 }] as MenuProduct['productOptions'] })),
    ).toBe(false);
  });
});
