import { describe, expect, it } from 'vitest';
import { addCents, cents } from './money.ts';

describe('cents (REL-04)', () => {
  it('accepts integers and adds them exactly', () => {
    expect(addCents(cents(1050), cents(295), cents(-100))).toBe(1245);
  });
  it.each([10.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s', (value) => {
    expect(() => cents(value)).toThrow(RangeError);
  });
});
