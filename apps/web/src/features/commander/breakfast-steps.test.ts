import type { Menu, MenuProduct } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { product as dish } from '../../lib/guest-menu/menu-fixtures.ts';
import {
  breakfastSkus,
  breakfastSteps,
  choiceSummary,
  firstIncompleteStep,
  isBreakfastMenuType,
  pickOne,
} from './breakfast-steps.ts';

const option = (id: number, name: string, priceModifierCents = 0, enabled = 1) => ({
  id,
  name,
  priceModifierCents,
  enabled,
  sortOrder: id,
});
const bread = {
  id: 1,
  name: 'Pan',
  minChoices: 1,
  maxChoices: 1,
  sortOrder: 0,
  options: [option(10, 'Blanco'), option(11, 'Integral'), option(12, 'Sin gluten', 50)],
};
const spread = {
  id: 2,
  name: 'Para untar',
  minChoices: 1,
  maxChoices: 1,
  sortOrder: 1,
  options: [option(20, 'Tomate y aceite'), option(21, 'Tomate y jamón', 150)],
};
const extras = {
  id: 3,
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  sortOrder: 2,
  options: [option(30, 'Aguacate', 120), option(31, 'Huevo', 100)],
};
const retired = {
  id: 4,
  name: 'Ya no',
  minChoices: 0,
  maxChoices: 1,
  sortOrder: 3,
  options: [option(40, 'X', 0, 0)],
};
const steps = [bread, spread, extras];

const product = (sku: string, overrides: Partial<MenuProduct> = {}): MenuProduct =>
  dish({
    id: sku.length,
    sku,
    name: sku,
    priceCents: 250,
    productOptions: [bread, spread, extras],
    ...overrides,
  });

const menu = (id: number, menuTypeName: string, products: MenuProduct[]): Menu => ({
  id,
  name: menuTypeName,
  menuTypeName,
  isDayMenu: false,
  sortOrder: id,
  sortOrderCustomer: id,
  menuCategories: [
    {
      id: id * 10,
      name: 'A',
      sortOrder: 0,
      products: [],
      children: [{ id: id * 10 + 1, name: 'B', sortOrder: 0, products, children: [] }],
    },
  ],
});

describe('which products take the breakfast overlay', () => {
  it('knows a breakfast menu by its type, accents and case aside', () => {
    expect(isBreakfastMenuType('Desayuno')).toBe(true);
    expect(isBreakfastMenuType(' desayunos ')).toBe(true);
    expect(isBreakfastMenuType('Breakfast')).toBe(true);
    expect(isBreakfastMenuType('carta')).toBe(false);
    expect(isBreakfastMenuType('menu del dia')).toBe(false);
  });

  it('takes the products with options of breakfast menus only, subcategories included', () => {
    const menus = [
      menu(1, 'carta', [product('CAR')]),
      menu(2, 'desayuno', [
        product('TOS'),
        product('CAFE-SOLO', { productOptions: [] }),
        product('SOLO-RETIRADA', { productOptions: [retired] }),
        product('MENU', { isMenu: 'SI' }),
      ]),
    ];
    expect([...breakfastSkus(menus)]).toEqual(['TOS']);
  });
});

describe('the steps', () => {
  it('has one step per option type that still offers something', () => {
    expect(breakfastSteps([bread, retired, spread]).map((type) => type.id)).toEqual([1, 2]);
  });

  it('opens on the first step still missing a required choice, and none once all are there', () => {
    expect(firstIncompleteStep(steps, [])).toBe(0);
    expect(firstIncompleteStep(steps, [{ optionTypeId: 1, productChoiceId: 11 }])).toBe(1);
    expect(
      firstIncompleteStep(steps, [
        { optionTypeId: 1, productChoiceId: 11 },
        { optionTypeId: 2, productChoiceId: 20 },
      ]),
    ).toBeNull();
  });

  it('makes a tapped tile the choice of its step, keeps it on a second tap, and clears it with "none"', () => {
    const first = pickOne(steps, [], 1, 10);
    expect(first).toEqual([{ optionTypeId: 1, productChoiceId: 10 }]);
    const swapped = pickOne(steps, first, 1, 12);
    expect(swapped).toEqual([{ optionTypeId: 1, productChoiceId: 12 }]);
    expect(pickOne(steps, swapped, 1, 12)).toEqual(swapped);
    const both = pickOne(steps, swapped, 2, 21);
    expect(pickOne(steps, both, 2, null)).toEqual(swapped);
  });

  it('sums up the choices in the order of the steps', () => {
    expect(
      choiceSummary(product('TOS'), [
        { optionTypeId: 3, productChoiceId: 30 },
        { optionTypeId: 2, productChoiceId: 20 },
        { optionTypeId: 1, productChoiceId: 11 },
      ]),
    ).toBe('Integral, Tomate y aceite, Aguacate');
  });
});
