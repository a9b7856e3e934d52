import { describe, expect, it } from 'vitest';
import { clashingAllergens, mergeDeclaredAllergens } from './allergies.ts';

const gluten = { id: 1, code: 'gluten', name: 'Gluten' };
const eggs = { id: 3, code: 'eggs', name: 'Huevos' };
const milk = { id: 7, code: 'milk', name: 'Leche' };

describe("a table's allergies (issue 18)", () => {
  it('flags the allergens of a dish that the table declared, and only those', () => {
    expect(clashingAllergens([1, 7, 12], [gluten, eggs])).toEqual([gluten]);
    expect(clashingAllergens([5], [gluten, eggs])).toEqual([]);
    expect(clashingAllergens([], [gluten])).toEqual([]);
  });

  it('lists each allergen once, whoever declared it, in the EU order', () => {
    expect(mergeDeclaredAllergens([milk, gluten], [gluten, eggs], [])).toEqual([gluten, eggs, milk]);
  });
});
