import { describe, expect, it } from 'vitest';
import { INVALID_DATE_VALUE_MESSAGE, parseDateValue, tryParseDateValue } from './date-value.ts';

describe('parseDateValue (spec §5: a string or a Date object)', () => {
  it('takes yyyy-MM-dd strings and the date of ISO date-times', () => {
    expect(parseDateValue('2026-11-25')).toBe('2026-11-25');
    expect(parseDateValue(' 2026-11-25 ')).toBe('2026-11-25');
    expect(parseDateValue('2026-11-25T21:00:00Z')).toBe('2026-11-25');
  });

  it("takes a Date as the device's calendar day", () => {
    expect(parseDateValue(new Date(2026, 10, 25, 23, 59))).toBe('2026-11-25');
    expect(parseDateValue(new Date(2027, 0, 1, 0, 0))).toBe('2027-01-01');
  });

  it.each([[undefined], [null], [20261125], [{ date: '2026-11-25' }], [['2026-11-25']], [new Date('nope')]])(
    'refuses %j with the spec error',
    (value) => {
      expect(() => parseDateValue(value)).toThrow(new TypeError(INVALID_DATE_VALUE_MESSAGE));
      expect(INVALID_DATE_VALUE_MESSAGE).toBe('Invalid date format. Expected a string or Date object.');
    },
  );

  it('refuses strings that are not calendar dates', () => {
    for (const value of ['2026-02-30', '25/11/2026', '2026-11-25x', '', 'mañana']) {
      expect(() => parseDateValue(value)).toThrow(RangeError);
      expect(tryParseDateValue(value)).toBeNull();
    }
  });
});
