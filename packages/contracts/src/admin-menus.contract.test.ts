import { describe, expect, it } from 'vitest';
import {
  adminCoursesInputSchema,
  adminOptionTypeInputSchema,
  adminProductInputSchema,
  adminReorderInputSchema,
} from './admin-menus.contract.ts';

const product = { name: 'Croquetas', priceCents: 1150, vatRateBp: 1000, type: 'comida' };
const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('admin menu contracts', () => {
  it('fills a product form’s defaults and trims its texts', () => {
    expect(adminProductInputSchema.parse({ ...product, name: '  Croquetas ' })).toMatchObject({
      name: 'Croquetas',
      description: '',
      isVisible: true,
      isUnitary: false,
      servingQtyMin: 1,
      allergens: [],
      categoryIds: [],
    });
  });

  it('refuses a VAT rate Spain does not have, a negative price and unit rules on a whole product', () => {
    expect(pathsOf(adminProductInputSchema.safeParse({ ...product, vatRateBp: 1500 }))).toEqual([
      'vatRateBp',
    ]);
    expect(pathsOf(adminProductInputSchema.safeParse({ ...product, priceCents: -1 }))).toEqual([
      'priceCents',
    ]);
    expect(pathsOf(adminProductInputSchema.safeParse({ ...product, servingQtyMin: 6 }))).toEqual([
      'isUnitary',
    ]);
    expect(adminProductInputSchema.safeParse({ ...product, isUnitary: true, servingQtyMin: 6 }).success).toBe(
      true,
    );
    expect(pathsOf(adminProductInputSchema.safeParse({ ...product, categoryIds: [3, 3] }))).toEqual([
      'categoryIds',
    ]);
  });

  it('keeps an option type’s maximum at or above its minimum, modifiers signed', () => {
    expect(
      pathsOf(adminOptionTypeInputSchema.safeParse({ name: 'Punto', minChoices: 2, maxChoices: 1 })),
    ).toEqual(['maxChoices']);
    expect(
      adminOptionTypeInputSchema.safeParse({
        name: 'Tamaño',
        options: [{ name: 'Media', priceModifierCents: -300 }],
      }).success,
    ).toBe(true);
  });

  it('makes a course item a dish or a category, never both or neither', () => {
    const course = (item: object) => ({ courses: [{ name: 'Primeros', items: [item] }] });
    expect(adminCoursesInputSchema.safeParse(course({ productId: 1 })).success).toBe(true);
    expect(adminCoursesInputSchema.safeParse(course({ categoryId: 1 })).success).toBe(true);
    expect(adminCoursesInputSchema.safeParse(course({ productId: 1, categoryId: 1 })).success).toBe(false);
    expect(adminCoursesInputSchema.safeParse(course({})).success).toBe(false);
  });

  it('names the list a reorder is of', () => {
    expect(
      adminReorderInputSchema.safeParse({ list: 'categories', menuId: 1, parentId: null, ids: [2, 1] })
        .success,
    ).toBe(true);
    expect(adminReorderInputSchema.safeParse({ list: 'categories', ids: [2, 1] }).success).toBe(false);
    expect(adminReorderInputSchema.safeParse({ list: 'tables', ids: [] }).success).toBe(false);
  });
});
