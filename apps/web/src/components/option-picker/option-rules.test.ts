import { describe, expect, it } from 'vitest';
import { incompleteOptionTypes, pricedChoices, toggleOption } from './option-rules.ts';

const size = {
  id: 5,
  name: 'Tamaño',
  minChoices: 1,
  maxChoices: 1,
  sortOrder: 0,
  options: [
    { id: 50, name: 'Caña', priceModifierCents: 0, enabled: 0, sortOrder: 0 },
    { id: 51, name: 'Jarra', priceModifierCents: 100, enabled: 1, sortOrder: 1 },
    { id: 52, name: 'Barril', priceModifierCents: 900, enabled: 0, sortOrder: 2 },
  ],
};
const extras = {
  id: 6,
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  sortOrder: 1,
  options: [
    { id: 60, name: 'Bacon', priceModifierCents: 150, enabled: 1, sortOrder: 0 },
    { id: 61, name: 'Queso', priceModifierCents: 100, enabled: 1, sortOrder: 1 },
    { id: 62, name: 'Sin pan', priceModifierCents: -50, enabled: 1, sortOrder: 2 },
  ],
};

describe('choosing options', () => {
  it('swaps a single choice, toggles multiple ones up to the maximum, and tells what is missing', () => {
    let chosen = toggleOption([size, extras], [], 5, 50);
    chosen = toggleOption([size, extras], chosen, 5, 51);
    expect(chosen).toEqual([{ optionTypeId: 5, productChoiceId: 51 }]);
    chosen = toggleOption([size, extras], chosen, 6, 60);
    chosen = toggleOption([size, extras], chosen, 6, 61);
    chosen = toggleOption([size, extras], chosen, 6, 62);
    expect(chosen.filter((choice) => choice.optionTypeId === 6)).toHaveLength(2);
    expect(incompleteOptionTypes([size, extras], chosen)).toEqual([]);
    expect(incompleteOptionTypes([size, extras], [])).toEqual([5]);
    expect(incompleteOptionTypes([size], [{ optionTypeId: 5, productChoiceId: 52 }])).toEqual([5]);
  });

  it('prices the chosen options, discounts too, and drops options no longer offered', () => {
    const priced = pricedChoices(
      [size, extras],
      [
        { optionTypeId: 5, productChoiceId: 52 },
        { optionTypeId: 6, productChoiceId: 60 },
        { optionTypeId: 6, productChoiceId: 62 },
      ],
    );
    expect(priced.map((option) => option.priceModifierCents)).toEqual([150, -50]);
  });
});
