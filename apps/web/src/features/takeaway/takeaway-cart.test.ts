import type { MenuProduct } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { addProduct } from '../../lib/guest-menu/guest-cart.ts';
import {
  addPlain,
  cartTotalCents,
  EMPTY_TAKEAWAY_CART,
  hasChoices,
  isOrderable,
  optionNames,
  removeLine,
  removePlain,
  unitsOf,
  withoutGone,
} from './takeaway-cart.ts';

const dish = (sku: string, extra: Partial<MenuProduct> = {}) =>
  ({
    sku,
    priceCents: 1250,
    isVisible: true,
    available: true,
    isMenu: 'NO',
    isUnitary: 'NO',
    productOptions: [],
    menuCourses: [],
    ...extra,
  }) as unknown as MenuProduct;

const steak = dish('S', {
  priceCents: 2000,
  productOptions: [
    {
      id: 7,
      name: 'Guarnición',
      minChoices: 1,
      maxChoices: 1,
      options: [
        { id: 70, name: 'Patatas', priceModifierCents: 0, enabled: 1 },
        { id: 71, name: 'Trufa', priceModifierCents: 350, enabled: 1 },
      ],
    },
  ] as unknown as MenuProduct['productOptions'],
});

describe('the takeaway cart', () => {
  it('adds and removes units of a plain dish, dropping its line at zero', () => {
    const a = dish('A');
    const b = dish('B');
    let cart = addPlain(addPlain(EMPTY_TAKEAWAY_CART, a), a);
    cart = addPlain(cart, b);
    expect(cart.lines.map((line) => [line.sku, line.quantity])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    expect(removePlain(cart, b).lines.map((line) => line.sku)).toEqual(['A']);
    expect(unitsOf(cart, 'A')).toBe(2);
  });

  it('keeps each choice of a dish apart and totals with the options’ prices', () => {
    let cart = addProduct(EMPTY_TAKEAWAY_CART, steak, {
      options: [{ optionTypeId: 7, productChoiceId: 71 }],
      picks: [],
    });
    cart = addProduct(cart, steak, { options: [{ optionTypeId: 7, productChoiceId: 70 }], picks: [] });
    cart = addProduct(cart, steak, { options: [{ optionTypeId: 7, productChoiceId: 71 }], picks: [] });
    expect(cart.lines).toHaveLength(2);
    expect(unitsOf(cart, 'S')).toBe(3);
    const bySku = new Map([['S', steak]]);
    expect(cartTotalCents(cart, bySku)).toBe(2350 * 2 + 2000);
    expect(optionNames(steak, cart.lines[0]!)).toEqual(['Trufa']);
    expect(removeLine(cart, 0).lines.map((line) => line.quantity)).toEqual([1]);
  });

  it('drops a dish that sold out while the guest was choosing', () => {
    const bySku = new Map([
      ['A', dish('A', { available: false })],
      ['B', dish('B')],
    ]);
    const cart = addPlain(addPlain(EMPTY_TAKEAWAY_CART, bySku.get('A')!), bySku.get('B')!);
    expect(withoutGone(cart, bySku).lines.map((line) => line.sku)).toEqual(['B']);
  });

  it('offers dishes with options through a choice, and never a menú or a dish by the piece', () => {
    expect(isOrderable(dish('A'))).toBe(true);
    expect(isOrderable(steak)).toBe(true);
    expect(hasChoices(steak)).toBe(true);
    expect(hasChoices(dish('A'))).toBe(false);
    expect(isOrderable(dish('M', { isMenu: 'SI' }))).toBe(false);
    expect(isOrderable(dish('U', { isUnitary: 'SI' }))).toBe(false);
  });
});
