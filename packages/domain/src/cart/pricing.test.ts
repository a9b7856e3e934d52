import { describe, expect, it } from 'vitest';
import { mayOrder } from './ordering-roles.ts';
import {
  courseChoicePriceCents,
  menuChoices,
  optionProblems,
  orderTotalCents,
  priceLine,
  unitPriceCents,
} from './pricing.ts';

describe('menu prices', () => {
  const offered = new Map([
    [10, { optionTypeId: 1, optionId: 10, priceModifierCents: 0 }],
    [11, { optionTypeId: 1, optionId: 11, priceModifierCents: 250 }],
    [20, { optionTypeId: 2, optionId: 20, priceModifierCents: -100 }],
  ]);
  it('adds option price modifiers to the base price, in integer cents', () => {
    expect(unitPriceCents(1250, [offered.get(11)!, offered.get(20)!])).toBe(1400);
    // Not silently 0 €: a caller sees the negative price and refuses the line (decision 078).
    expect(unitPriceCents(50, [offered.get(20)!])).toBe(-50);
    expect(() => unitPriceCents(12.5, [])).toThrow(RangeError);
  });
  it('checks options against the product option types', () => {
    const types = [
      { id: 1, minChoices: 1, maxChoices: 1 },
      { id: 2, minChoices: 0, maxChoices: 1 },
    ];
    expect(optionProblems(types, offered, [{ optionTypeId: 1, optionId: 10 }])).toEqual([]);
    expect(optionProblems(types, offered, []).map((p) => p.kind)).toEqual(['too_few']);
    expect(
      optionProblems(types, offered, [
        { optionTypeId: 1, optionId: 10 },
        { optionTypeId: 1, optionId: 11 },
      ]).map((p) => p.kind),
    ).toEqual(['too_many']);
    expect(optionProblems(types, offered, [{ optionTypeId: 2, optionId: 10 }]).map((p) => p.kind)).toContain(
      'unknown_option',
    );
  });
  it('takes one choice per course of a menú del día and charges supplements', () => {
    const courses = [
      {
        id: 1,
        minChoices: 1,
        maxChoices: 1,
        items: new Map([
          [100, 0],
          [101, 0],
        ]),
      },
      {
        id: 2,
        minChoices: 1,
        maxChoices: 1,
        items: new Map([
          [200, 0],
          [201, 450],
        ]),
      },
    ];
    const ok = menuChoices(courses, [
      { courseId: 1, productId: 101 },
      { courseId: 2, productId: 201 },
    ]);
    expect(ok).toEqual({ problems: [], supplementCents: 450 });
    const twoFirsts = menuChoices(courses, [
      { courseId: 1, productId: 100 },
      { courseId: 1, productId: 101 },
    ]);
    expect(twoFirsts.problems.map((p) => p.kind).sort()).toEqual(['too_few', 'too_many']);
    expect(menuChoices(courses, [{ courseId: 1, productId: 200 }]).problems[0]!.kind).toBe('not_offered');
  });
  it('charges the options of a course dish on top of its supplement (a large beer, a bottle)', () => {
    const large = { optionTypeId: 7, optionId: 70, priceModifierCents: 100 };
    const discount = { optionTypeId: 8, optionId: 80, priceModifierCents: -500 };
    expect(courseChoicePriceCents(0, [large])).toBe(100);
    expect(courseChoicePriceCents(300, [large])).toBe(400);
    // The menu's price is fixed: a discount takes off the supplement, never the menu itself.
    expect(courseChoicePriceCents(300, [discount])).toBe(0);
    expect(courseChoicePriceCents(150)).toBe(150);
    const courses = [
      { id: 1, minChoices: 1, maxChoices: 1, items: new Map([[100, 300]]) },
      { id: 2, minChoices: 1, maxChoices: 1, items: new Map([[200, 0]]) },
    ];
    expect(
      menuChoices(courses, [
        { courseId: 1, productId: 100, options: [large] },
        { courseId: 2, productId: 200, options: [large] },
      ]),
    ).toEqual({ problems: [], supplementCents: 500 });
  });
  it('snapshots the VAT rate per line and computes the VAT part in cents', () => {
    const food = priceLine(unitPriceCents(1100, []), 2, 1000);
    expect(food).toEqual({
      unitPriceCents: 1100,
      units: 2,
      totalCents: 2200,
      vatRateBp: 1000,
      vatCents: 200,
    });
    const wine = priceLine(unitPriceCents(350, []), 3, 2100);
    expect(wine.vatCents).toBe(182);
    expect(orderTotalCents([food, wine])).toBe(3250);
  });
  it('has a role matrix for ordering', () => {
    expect(mayOrder('Sala', 'takeOrder')).toBe(true);
    expect(mayOrder('Cocina', 'takeOrder')).toBe(false);
    expect(mayOrder('Cocina', 'setAvailability')).toBe(true);
    expect(mayOrder('admin', 'editMenuProduct')).toBe(true);
  });
});
