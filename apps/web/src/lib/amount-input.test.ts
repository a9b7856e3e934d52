import { describe, expect, it } from 'vitest';
import { isNegativeAmount, parseAmountCents } from './amount-input.ts';

describe('an amount typed on the till', () => {
  it('reads euros with comma or dot decimals as cents', () => {
    expect(parseAmountCents('4.711,10')).toBe(471_110);
    expect(parseAmountCents('15')).toBe(1500);
  });

  it('tells a negative amount apart, so the screen says so instead of reading no amount', () => {
    expect(parseAmountCents('-5')).toBeNull();
    for (const typed of ['-5', ' -2,50', '\u22123', '- 1']) expect(isNegativeAmount(typed), typed).toBe(true);
    for (const typed of ['', '-', '5', '2,50', 'abc']) expect(isNegativeAmount(typed), typed).toBe(false);
  });
});
