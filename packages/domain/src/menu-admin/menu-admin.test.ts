import { describe, expect, it } from 'vitest';
import {
  isPermutationOf,
  makesCategoryCycle,
  missingLocales,
  moveOne,
  moveTo,
  parseTranslationKey,
  translationKey,
} from './menu-admin.ts';

describe('translation keys', () => {
  it('round-trips the keys the editor writes', () => {
    expect(parseTranslationKey(translationKey('product', 12, 'description'))).toEqual({
      kind: 'product',
      id: 12,
      field: 'description',
    });
  });

  it('refuses kinds, fields and ids the editor does not write', () => {
    expect(parseTranslationKey('venue.1.name')).toBeNull();
    expect(parseTranslationKey('menu.1.description')).toBeNull();
    expect(parseTranslationKey('product.0.name')).toBeNull();
    expect(parseTranslationKey('product.1.name.extra')).toBeNull();
    expect(parseTranslationKey('toString.1.name')).toBeNull();
  });
});

describe('missingLocales', () => {
  it('lists the languages without a text, blank ones included', () => {
    expect(missingLocales({ es: 'Croquetas', en: 'Croquettes', de: '  ' })).toEqual([
      'de',
      'fr',
      'eu',
      'ca',
      'it',
      'gl',
      'pt',
    ]);
  });
});

describe('reordering', () => {
  it('accepts exactly the siblings, once each', () => {
    expect(isPermutationOf([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(isPermutationOf([1, 2, 3], [3, 1])).toBe(false);
    expect(isPermutationOf([1, 2, 3], [3, 1, 1])).toBe(false);
    expect(isPermutationOf([1, 2, 3], [3, 1, 4])).toBe(false);
  });

  it('moves one place with the keyboard and stops at the ends', () => {
    expect(moveOne([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moveOne([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moveOne([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moveOne([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
  });

  it('drops a dragged row where the target was', () => {
    expect(moveTo([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(moveTo([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(moveTo([1, 2, 3], 9, 1)).toEqual([1, 2, 3]);
  });
});

describe('makesCategoryCycle', () => {
  const tree = [
    { id: 1, parentId: null },
    { id: 2, parentId: 1 },
    { id: 3, parentId: 2 },
  ];

  it('refuses a category under itself or its descendants', () => {
    expect(makesCategoryCycle(tree, 1, 1)).toBe(true);
    expect(makesCategoryCycle(tree, 1, 3)).toBe(true);
  });

  it('allows the top level and another branch', () => {
    expect(makesCategoryCycle(tree, 3, null)).toBe(false);
    expect(makesCategoryCycle(tree, 3, 1)).toBe(false);
  });
});
