import { describe, expect, it } from 'vitest';
import {
  EMPTY_CART,
  addProduct,
  decrement,
  increment,
  itemCount,
  lineTotal,
  orderLines,
  unavailableLines,
} from './guest-cart.ts';
import { beer, croquettes, dayMenu, menuReply, product } from './menu-fixtures.ts';
import { applyProductChange } from './menu-model.ts';
import { productsBySku } from '../menu-products.ts';

const pint = { options: [{ optionTypeId: 6, productChoiceId: 16 }], picks: [] };
const lentils = [
  { courseId: 1, sku: 'MDD-01' },
  { courseId: 2, sku: 'MDD-03' },
];

/** The menu with a drink course whose beer has its sizes (+2,50 € a pint) and a salad "without tuna" (−1 €). */
const drinksMenu = product({
  ...dayMenu,
  menuCourses: [
    ...dayMenu.menuCourses,
    {
      id: 3,
      name: 'Bebida',
      dishClass: 4,
      minChoices: 1,
      maxChoices: 1,
      items: [
        {
          productId: 2,
          sku: 'CER-01',
          name: 'Caña',
          supplementCents: 0,
          available: true,
          productOptions: beer.productOptions,
        },
        {
          productId: 63,
          sku: 'ENS-01',
          name: 'Ensalada',
          supplementCents: 50,
          available: true,
          productOptions: [
            {
              id: 9,
              name: 'Sin',
              minChoices: 0,
              maxChoices: 1,
              sortOrder: 0,
              options: [{ id: 90, name: 'Sin atún', priceModifierCents: -100, enabled: 1, sortOrder: 0 }],
            },
          ],
        },
      ],
    },
  ],
});
const beerPick = (productChoiceId: number) => ({
  courseId: 3,
  sku: 'CER-01',
  options: [{ optionTypeId: 6, productChoiceId }],
});

describe('guest cart', () => {
  it('merges equal lines and keeps different options or menu choices apart', () => {
    let cart = addProduct(EMPTY_CART, beer, pint);
    cart = addProduct(cart, beer, pint);
    cart = addProduct(cart, beer, { options: [{ optionTypeId: 6, productChoiceId: 14 }], picks: [] });
    cart = addProduct(cart, dayMenu, { options: [], picks: lentils });
    cart = addProduct(cart, dayMenu, { options: [], picks: [...lentils].reverse() });
    cart = addProduct(cart, dayMenu, { options: [], picks: [{ courseId: 1, sku: 'MDD-02' }, lentils[1]!] });
    expect(cart.lines.map((line) => line.quantity)).toEqual([2, 1, 2, 1]);
    expect(itemCount(cart, productsBySku(menuReply().menus))).toBe(6);
  });

  it('prices options and supplements in cents, and unitary dishes per piece', () => {
    let cart = addProduct(EMPTY_CART, beer, pint);
    cart = addProduct(cart, dayMenu, { options: [], picks: lentils });
    cart = addProduct(cart, croquettes, { options: [], picks: [] });
    const totals = cart.lines.map((line, index) =>
      lineTotal(cart, line, [beer, dayMenu, croquettes][index]!),
    );
    expect(totals).toEqual([500, 1750, 800]);
  });

  it('charges a course dish’s options on top of its supplement, never below zero for that dish', () => {
    let cart = addProduct(EMPTY_CART, drinksMenu, { options: [], picks: [...lentils, beerPick(16)] });
    cart = addProduct(cart, drinksMenu, { options: [], picks: [...lentils, beerPick(14)] });
    cart = addProduct(cart, drinksMenu, {
      options: [],
      picks: [
        ...lentils,
        { courseId: 3, sku: 'ENS-01', options: [{ optionTypeId: 9, productChoiceId: 90 }] },
      ],
    });
    expect(cart.lines.map((line) => lineTotal(cart, line, drinksMenu))).toEqual([
      1450 + 300 + 250,
      1450 + 300,
      1450 + 300,
    ]);
  });

  it('merges menus with the same dishes and options only, whatever order they were picked in', () => {
    let cart = addProduct(EMPTY_CART, drinksMenu, { options: [], picks: [...lentils, beerPick(16)] });
    cart = addProduct(cart, drinksMenu, { options: [], picks: [beerPick(16), ...lentils].reverse() });
    cart = addProduct(cart, drinksMenu, { options: [], picks: [...lentils, beerPick(14)] });
    expect(cart.lines.map((line) => line.quantity)).toEqual([2, 1]);
    expect(cart.picks[cart.lines[0]!.sku]).toContainEqual(beerPick(16));
  });

  it('starts a unitary dish at its minimum, steps by its increment and removes it below the minimum', () => {
    let cart = addProduct(EMPTY_CART, croquettes, { options: [], picks: [] });
    expect(cart.lines[0]!.quantity).toBe(4);
    cart = increment(cart, 0, croquettes);
    expect(cart.lines[0]!.quantity).toBe(6);
    cart = decrement(cart, 0, croquettes);
    expect(cart.lines[0]!.quantity).toBe(4);
    cart = decrement(cart, 0, croquettes);
    expect(cart.lines).toEqual([]);
  });

  it('forgets a menu line’s choices with the line', () => {
    let cart = addProduct(EMPTY_CART, dayMenu, { options: [], picks: lentils });
    cart = decrement(cart, 0, dayMenu);
    expect(cart).toEqual(EMPTY_CART);
  });

  it('writes the spec’s order lines: pieces as units, menu choices, comments', () => {
    let cart = addProduct(EMPTY_CART, croquettes, { options: [], picks: [], comments: ' poco hechas ' });
    cart = addProduct(cart, dayMenu, { options: [], picks: lentils });
    cart = addProduct(cart, beer, pint);
    expect(orderLines(cart, productsBySku(menuReply().menus))).toEqual([
      { sku: 'ENT-01', options: [], orderQuantity: 1, units: 4, isShareable: false, comments: 'poco hechas' },
      { sku: 'MDD-00', options: [], orderQuantity: 1, isShareable: false, menuChoices: lentils },
      {
        sku: 'CER-01',
        options: [{ optionTypeId: 6, productChoiceId: 16 }],
        orderQuantity: 1,
        isShareable: false,
      },
    ]);
  });

  it('sends a course dish’s options on its menu choice, and a dish picked without them plain', () => {
    const plain = addProduct(EMPTY_CART, drinksMenu, { options: [], picks: lentils });
    const cart = addProduct(plain, drinksMenu, { options: [], picks: [...lentils, beerPick(16)] });
    const bySku = new Map([[drinksMenu.sku, drinksMenu]]);
    expect(orderLines(cart, bySku).map((line) => line.menuChoices)).toEqual([
      lentils,
      [...lentils, { courseId: 3, sku: 'CER-01', options: [{ optionTypeId: 6, productChoiceId: 16 }] }],
    ]);
  });

  it('flags lines whose dish or chosen course dish sold out', () => {
    let cart = addProduct(EMPTY_CART, dayMenu, { options: [], picks: lentils });
    cart = addProduct(cart, beer, pint);
    const reply = applyProductChange(menuReply(), {
      productId: 62,
      available: false,
      isVisible: true,
      topChoice: false,
      priceCents: 0,
    }).reply;
    expect([...unavailableLines(cart, productsBySku(reply.menus))]).toEqual([cart.lines[0]!.sku]);
  });
});
