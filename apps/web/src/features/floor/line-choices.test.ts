import { describe, expect, it } from 'vitest';
import { choiceNames } from './line-choices.ts';

describe('choiceNames', () => {
  it('reads what the guest chose, in order, so staff serve the 50 cl and not the 1 l', () => {
    expect(
      choiceNames([
        { optionTypeId: 3, optionId: 7, choiceName: '50 cl' },
        { optionTypeId: 4, optionId: 9, choiceName: ' Con gas ' },
      ]),
    ).toEqual(['50 cl', 'Con gas']);
  });

  it('gives nothing for a line without choices or with choices it cannot read', () => {
    expect(choiceNames(null)).toEqual([]);
    expect(choiceNames([])).toEqual([]);
    expect(choiceNames([{ optionId: 1 }, null, 'x', { choiceName: '' }])).toEqual([]);
  });
});
