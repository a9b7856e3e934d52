import type { Menu } from '@sobremesa/contracts';
import { addToCart } from '@sobremesa/domain';
import { describe, expect, it } from 'vitest';
import {
  commanderCategories,
  lineTotalCents,
  productFacts,
  searchProducts,
  setLineNotes,
  soldOutSkus,
  wireLine,
} from './commander-cart.ts';
import { product } from '../../lib/guest-menu/menu-fixtures.ts';
import { productsBySku } from '../../lib/menu-products.ts';

const size = {
  id: 5,
  name: 'Tamaño',
  minChoices: 1,
  maxChoices: 1,
  sortOrder: 0,
  options: [
    { id: 50, name: 'Caña', priceModifierCents: 0, enabled: 1, sortOrder: 0 },
    { id: 51, name: 'Jarra', priceModifierCents: 100, enabled: 1, sortOrder: 1 },
    { id: 52, name: 'Barril', priceModifierCents: 900, enabled: 0, sortOrder: 2 },
  ],
};

const beer = product({
  id: 2,
  sku: 'CER',
  name: 'Cerveza',
  priceCents: 250,
  productOptions: [size],
  type: 'bebida',
});
const croquetas = product({
  id: 3,
  sku: 'CROQ',
  name: 'Croquetas',
  priceCents: 200,
  isUnitary: 'SI',
  servingQtyMin: 4,
  unitaryIncrement: 2,
});
const dayMenu = product({
  id: 4,
  sku: 'MDD',
  name: 'Menú del día',
  priceCents: 1450,
  isMenu: 'SI',
  menuCourses: [
    {
      id: 1,
      name: 'Segundo',
      dishClass: null,
      minChoices: 1,
      maxChoices: 1,
      items: [
        {
          productId: 9,
          sku: 'STEAK',
          name: 'Entrecot',
          supplementCents: 300,
          available: false,
          productOptions: [],
        },
      ],
    },
    {
      id: 2,
      name: 'Bebida',
      dishClass: null,
      minChoices: 1,
      maxChoices: 1,
      items: [
        {
          productId: 2,
          sku: 'CER',
          name: 'Cerveza',
          supplementCents: 0,
          available: true,
          productOptions: [size],
        },
      ],
    },
  ],
});
const hidden = product({ id: 8, sku: 'OFF', name: 'Fuera de carta', isVisible: false });
const menus: Menu[] = [
  {
    id: 1,
    name: 'Carta',
    menuTypeName: 'comida',
    isDayMenu: false,
    sortOrder: 0,
    sortOrderCustomer: 0,
    menuCategories: [
      {
        id: 10,
        name: 'Bebidas',
        sortOrder: 1,
        products: [beer],
        children: [{ id: 11, name: 'Ocultos', sortOrder: 0, products: [hidden], children: [] }],
      },
      { id: 12, name: 'Tapas', sortOrder: 0, products: [croquetas, dayMenu], children: [] },
    ],
  },
];

describe('the commander menu', () => {
  it('lists categories in order with their visible products and drops the empty ones', () => {
    expect(commanderCategories(menus).map((category) => [category.name, category.products.length])).toEqual([
      ['Tapas', 2],
      ['Bebidas', 1],
    ]);
  });
  it('searches names and skus from three characters, accents and case aside, hidden products too', () => {
    const all = productsBySku(menus).values();
    expect(searchProducts(all, 'ca')).toBeNull();
    expect(searchProducts(productsBySku(menus).values(), 'CERVE')?.map((entry) => entry.sku)).toEqual([
      'CER',
    ]);
    expect(searchProducts(productsBySku(menus).values(), 'fuera carta')?.map((entry) => entry.sku)).toEqual([
      'OFF',
    ]);
    expect(searchProducts(productsBySku(menus).values(), 'menu del')?.map((entry) => entry.sku)).toEqual([
      'MDD',
    ]);
  });
});

describe('commander lines', () => {
  it('prices a line with options, a unitary line by the piece, and a menú del día with its dishes', () => {
    const jarra = addToCart([], productFacts(beer), [{ optionTypeId: 5, productChoiceId: 51 }]);
    expect(lineTotalCents(jarra[0]!, beer)).toBe(350);
    const pieces = addToCart([], productFacts(croquetas));
    expect(lineTotalCents(pieces[0]!, croquetas)).toBe(800);
    const menu = addToCart([], productFacts(dayMenu), [], undefined, {
      menuChoices: [
        { courseId: 1, sku: 'STEAK', options: [] },
        { courseId: 2, sku: 'CER', options: [{ optionTypeId: 5, productChoiceId: 51 }] },
      ],
    });
    expect(lineTotalCents({ ...menu[0]!, quantity: 2 }, dayMenu)).toBe((1450 + 300 + 100) * 2);
  });
  it('writes the wire line of the spec: pieces as units, notes, and course dishes with their options', () => {
    const pieces = addToCart([], productFacts(croquetas), [], 'Bien hechas', {
      staffComments: 'Invita la casa',
    });
    expect(wireLine({ ...pieces[0]!, quantity: 6 }, croquetas)).toEqual({
      sku: 'CROQ',
      options: [],
      orderQuantity: 1,
      units: 6,
      comments: 'Bien hechas',
      staffComments: 'Invita la casa',
    });
    const menu = addToCart([], productFacts(dayMenu), [], undefined, {
      menuChoices: [{ courseId: 1, sku: 'STEAK', options: [] }],
    });
    expect(wireLine(menu[0]!, dayMenu)).toEqual({
      sku: 'MDD',
      options: [],
      orderQuantity: 1,
      menuChoices: [{ courseId: 1, sku: 'STEAK', options: [] }],
    });
  });
  it('changes the notes of a line in place, merging it into an equal line', () => {
    let cart = addToCart([], productFacts(beer), [{ optionTypeId: 5, productChoiceId: 50 }]);
    cart = addToCart(cart, productFacts(beer), [{ optionTypeId: 5, productChoiceId: 50 }], 'Sin espuma');
    cart = [cart[0]!, { ...cart[1]!, quantity: 2 }];
    const noted = setLineNotes(cart, 0, ' Sin espuma ', '');
    expect(noted).toEqual([
      {
        sku: 'CER',
        options: [{ optionTypeId: 5, productChoiceId: 50 }],
        quantity: 3,
        comments: 'Sin espuma',
      },
    ]);
    const staff = setLineNotes(cart, 0, '', 'Para la barra');
    expect(staff[0]).toMatchObject({ quantity: 1, staffComments: 'Para la barra' });
    expect(staff).toHaveLength(2);
  });
  it('finds the sold-out products of a cart, course dishes included', () => {
    const cart = addToCart([], productFacts(dayMenu), [], undefined, {
      menuChoices: [{ courseId: 1, sku: 'STEAK', options: [] }],
    });
    expect(soldOutSkus(cart, productsBySku(menus))).toEqual(['STEAK']);
  });
});
