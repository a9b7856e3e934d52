import { describe, expect, it } from 'vitest';
import { menuCourses, planOrder, type PlanCatalogue, type PlanProduct } from './order-plan.ts';

const product = (id: number, sku: string, extra: Partial<PlanProduct> = {}): PlanProduct => ({
  id,
  sku,
  isVisible: true,
  available: true,
  isUnitary: false,
  servingQtyMin: 1,
  unitaryIncrement: 1,
  dishClassId: null,
  modifyDishClass: false,
  isMenu: false,
  isShareable: false,
  priceCents: 1000,
  ...extra,
});

// A beer with a size (small +0, large +150), two dishes, a hidden dish, oysters by the piece (from 6 in
// steps of 3) and a menú del día (1500) whose first course offers the salad (+0) and every product listed
// in category 9 (the steak, +300), its second course the flan.
const catalogue: PlanCatalogue<PlanProduct> = {
  productRows: [
    product(1, 'BEER', { priceCents: 300 }),
    product(2, 'SALAD', { dishClassId: 1, priceCents: 800 }),
    product(3, 'STEAK', { dishClassId: 2, priceCents: 2200, modifyDishClass: true }),
    product(4, 'SECRET', { isVisible: false }),
    product(5, 'OYSTER', { isUnitary: true, servingQtyMin: 6, unitaryIncrement: 3, priceCents: 250 }),
    product(6, 'MENU', { isMenu: true, priceCents: 1500 }),
    product(7, 'FLAN', { dishClassId: 3, priceCents: 500, available: false }),
  ],
  optionRows: [
    { id: 10, optionTypeId: 100, priceModifierCents: 0, name: 'Small', enabled: true },
    { id: 11, optionTypeId: 100, priceModifierCents: 150, name: 'Large', enabled: true },
    { id: 12, optionTypeId: 100, priceModifierCents: 500, name: 'Jug', enabled: false },
  ],
  optionTypeRows: [{ id: 100, minChoices: 1, maxChoices: 1 }],
  productTypes: [{ productId: 1, optionTypeId: 100 }],
  courseRows: [
    { id: 50, menuProductId: 6, minChoices: 1, maxChoices: 1, dishClassId: null },
    { id: 51, menuProductId: 6, minChoices: 0, maxChoices: 1, dishClassId: 3 },
  ],
  courseItemRows: [
    { courseId: 50, productId: 2, categoryId: null, supplementCents: 0 },
    { courseId: 50, productId: null, categoryId: 9, supplementCents: 300 },
    { courseId: 51, productId: 7, categoryId: null, supplementCents: 0 },
  ],
  listing: [{ categoryId: 9, productId: 3 }],
  dishClassRows: [{ id: 1 }, { id: 2 }, { id: 3 }],
};

const line = (sku: string, extra: object = {}) => ({ sku, options: [], orderQuantity: 1, ...extra });

describe('menuCourses', () => {
  it('builds each course of a menu with its products, a category standing for every product it lists', () => {
    const courses = menuCourses(catalogue, 6);
    expect(courses.map((course) => [course.id, [...course.items]])).toEqual([
      [
        50,
        [
          [2, 0],
          [3, 300],
        ],
      ],
      [51, [[7, 0]]],
    ]);
    expect(menuCourses(catalogue, 1)).toEqual([]);
  });
});

describe('planOrder', () => {
  it('prices lines from the catalogue with their options, quantities and the sender’s notes', () => {
    const plan = planOrder(
      catalogue,
      [
        line('BEER', { options: [{ optionTypeId: 100, productChoiceId: 11 }], orderQuantity: 2 }),
        line('OYSTER', { units: 9, orderQuantity: 2, comments: '  fresh  ', isShareable: 1 }),
        line('STEAK', { modifyDishClass: 1, staffComments: 'rare' }),
      ],
      'staff',
    );
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(
      plan.lines.map((planned) => ({
        sku: planned.product.sku,
        units: planned.units,
        unitPriceCents: planned.unitPriceCents,
        choices: planned.choices.map((choice) => choice.choiceName),
        dishClassId: planned.dishClassId,
        isShareable: planned.isShareable,
        comments: planned.comments,
        staffComments: planned.staffComments,
      })),
    ).toEqual([
      {
        sku: 'BEER',
        units: 2,
        unitPriceCents: 450,
        choices: ['Large'],
        dishClassId: null,
        isShareable: false,
        comments: null,
        staffComments: null,
      },
      {
        sku: 'OYSTER',
        units: 18,
        unitPriceCents: 250,
        choices: [],
        dishClassId: null,
        isShareable: true,
        comments: 'fresh',
        staffComments: null,
      },
      {
        sku: 'STEAK',
        units: 1,
        unitPriceCents: 2200,
        choices: [],
        dishClassId: 1,
        isShareable: false,
        comments: null,
        staffComments: 'rare',
      },
    ]);
  });

  it('plans a menú del día with its course dishes: supplement plus options, the course’s dish class', () => {
    const plan = planOrder(
      { ...catalogue, productRows: catalogue.productRows.map((row) => ({ ...row, available: true })) },
      [
        line('MENU', {
          menuChoices: [
            { courseId: 50, sku: 'STEAK' },
            { courseId: 51, sku: 'FLAN' },
          ],
        }),
      ],
      'guest',
    );
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const [menu] = plan.lines;
    expect(menu?.unitPriceCents).toBe(1500);
    expect(
      menu?.children.map((child) => [
        child.product.sku,
        child.priceCents,
        child.onItsOwnCents,
        child.dishClassId,
      ]),
    ).toEqual([
      ['STEAK', 300, 2200, 2],
      ['FLAN', 0, 500, 3],
    ]);
  });

  it('answers an unknown sku, or a hidden product for a guest, before anything else', () => {
    const bad = line('BEER', { options: [] });
    expect(planOrder(catalogue, [bad, line('NOPE')], 'staff')).toEqual({
      ok: false,
      problem: { kind: 'unknown_product' },
    });
    expect(planOrder(catalogue, [line('SECRET')], 'guest')).toEqual({
      ok: false,
      problem: { kind: 'unknown_product' },
    });
    expect(planOrder(catalogue, [line('SECRET')], 'staff').ok).toBe(true);
  });

  it('collects every bad field with its path', () => {
    const plan = planOrder(
      catalogue,
      [
        line('BEER', { options: [{ optionTypeId: 100, productChoiceId: 12 }] }),
        line('OYSTER', { units: 7 }),
        line('SALAD', {
          units: 2,
          staffComments: 'x',
          modifyDishClass: 2,
          menuChoices: [{ courseId: 50, sku: 'SALAD' }],
        }),
        line('MENU', { menuChoices: [{ courseId: 99, sku: 'SALAD' }] }),
      ],
      'guest',
    );
    expect(plan).toEqual({
      ok: false,
      problem: {
        kind: 'invalid',
        fields: [
          { path: 'products.0.options', message: 'unknown_option, too_few' },
          { path: 'products.1.units', message: 'From 6 in steps of 3' },
          { path: 'products.2.units', message: 'Only for unitary products' },
          { path: 'products.2.staffComments', message: 'Staff only' },
          { path: 'products.2.modifyDishClass', message: 'Unknown or not allowed' },
          { path: 'products.2.menuChoices', message: 'Only for a menú del día' },
          { path: 'products.3.menuChoices', message: 'unknown_course, too_few' },
        ],
      },
    });
  });

  it('refuses a dish its options would price below 0 € instead of giving it away (decision 078)', () => {
    // A menu written before the rule: the beer has a "sin alcohol" option at −10 €.
    const legacy: PlanCatalogue<PlanProduct> = {
      ...catalogue,
      productRows: catalogue.productRows.map((row) => ({ ...row, available: true })),
      optionRows: [
        ...catalogue.optionRows,
        { id: 13, optionTypeId: 101, priceModifierCents: -1000, name: 'Sin alcohol', enabled: true },
      ],
      optionTypeRows: [...catalogue.optionTypeRows, { id: 101, minChoices: 0, maxChoices: 1 }],
      productTypes: [...catalogue.productTypes, { productId: 1, optionTypeId: 101 }],
    };
    const small = { optionTypeId: 100, productChoiceId: 10 };
    const withoutAlcohol = { optionTypeId: 101, productChoiceId: 13 };
    expect(
      planOrder(legacy, [line('SALAD'), line('BEER', { options: [small, withoutAlcohol] })], 'guest'),
    ).toEqual({ ok: false, problem: { kind: 'below_zero', sku: 'BEER', unitPriceCents: -700 } });
    expect(planOrder(legacy, [line('BEER', { options: [small] })], 'guest')).toMatchObject({
      ok: true,
      lines: [{ unitPriceCents: 300 }],
    });
    // A price of exactly 0 € is a price: a free dish is ordered as one.
    const free = planOrder(
      { ...legacy, productRows: legacy.productRows.map((row) => ({ ...row, priceCents: 1000 })) },
      [line('BEER', { options: [small, withoutAlcohol] })],
      'staff',
    );
    expect(free).toMatchObject({ ok: true, lines: [{ unitPriceCents: 0 }] });
  });

  it('names every sold-out product once, a menu’s course dish included, after the fields are fine', () => {
    const flan = { courseId: 51, sku: 'FLAN' };
    const salad = { courseId: 50, sku: 'SALAD' };
    expect(
      planOrder(
        catalogue,
        [line('MENU', { menuChoices: [salad, flan] }), line('MENU', { menuChoices: [salad, flan] })],
        'guest',
      ),
    ).toEqual({ ok: false, problem: { kind: 'unavailable', skus: ['FLAN'] } });
    expect(planOrder(catalogue, [line('FLAN', { units: 3 })], 'guest')).toMatchObject({
      ok: false,
      problem: { kind: 'invalid' },
    });
  });
});
