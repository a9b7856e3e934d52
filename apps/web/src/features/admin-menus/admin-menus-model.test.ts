import { describe, expect, it } from 'vitest';
import type { AdminCategory, AdminProduct } from '@sobremesa/contracts';
import {
  categoryTree,
  centsToInput,
  draftOf,
  emptyDraft,
  fieldOf,
  inputOf,
  inputToCents,
  productsIn,
} from './admin-menus-model.ts';

const category = (id: number, parentId: number | null, sortOrder: number, menuId = 1): AdminCategory => ({
  id,
  menuId,
  parentId,
  name: `C${id}`,
  enabled: true,
  sortOrder,
  productIds: [],
});

describe('categoryTree', () => {
  it('lists a menu depth first, children after their parent, siblings in order', () => {
    const tree = categoryTree(
      [category(1, null, 1), category(2, null, 0), category(3, 1, 0), category(4, null, 0, 2)],
      1,
    );
    expect(tree.map((node) => [node.category.id, node.depth, node.siblings])).toEqual([
      [2, 0, [2, 1]],
      [1, 0, [2, 1]],
      [3, 1, [3]],
    ]);
  });
});

describe('money as typed', () => {
  it('reads euros with a comma or a point, signed for option modifiers', () => {
    expect(inputToCents('12')).toBe(1200);
    expect(inputToCents('12,5')).toBe(1250);
    expect(inputToCents('0.05')).toBe(5);
    expect(inputToCents('-1,20')).toBe(-120);
    expect(inputToCents('12,505')).toBeNull();
    expect(inputToCents('doce')).toBeNull();
    expect(centsToInput(-120)).toBe('-1,20');
    expect(centsToInput(1150)).toBe('11,50');
  });
});

describe('the product form', () => {
  it('sends what the admin typed, its bad numbers left for the server to refuse at their field', () => {
    const draft = { ...emptyDraft(7, 1000), name: 'Bravas', price: '6,5' };
    expect(inputOf(draft, undefined)).toMatchObject({ priceCents: 650, categoryIds: [7], servingQtyMin: 1 });
    expect(inputOf({ ...draft, price: 'seis' }, 'v1')).toMatchObject({ version: 'v1', priceCents: 'seis' });
    expect(inputOf({ ...draft, isUnitary: true, servingQtyMin: '6' }, undefined)).toMatchObject({
      servingQtyMin: 6,
    });
  });

  it('round-trips a stored product', () => {
    const product = {
      id: 1,
      version: 'v',
      sku: 's',
      name: 'Croquetas',
      description: '',
      priceCents: 1150,
      vatRateBp: 1000,
      type: 'comida',
      isMenu: false,
      dishClassId: null,
      topChoice: true,
      isVisible: true,
      available: true,
      isUnitary: true,
      servingQtyMin: 6,
      unitaryIncrement: 2,
      pictureUrl: null,
      allergens: [{ allergenId: 1, mayContainTraces: false }],
      categoryIds: [3],
      optionTypeIds: [],
      courses: [],
    } satisfies AdminProduct;
    expect(inputOf(draftOf(product), 'v')).toMatchObject({
      priceCents: 1150,
      servingQtyMin: 6,
      unitaryIncrement: 2,
      topChoice: true,
    });
    expect(
      productsIn({ categories: [{ ...category(3, null, 0), productIds: [1, 9] }], products: [product] }, 3),
    ).toEqual([product]);
  });

  it('places a refusal at its field', () => {
    const fields = ['name', 'priceCents', 'allergens'];
    expect(fieldOf({ path: 'allergens.2.allergenId', message: 'x' }, fields)).toBe('allergens');
    expect(fieldOf({ path: 'version', message: 'x' }, fields)).toBeNull();
  });
});
