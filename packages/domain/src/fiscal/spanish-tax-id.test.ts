import { describe, expect, it } from 'vitest';
import { isValidSpanishTaxId, normalizeSpanishTaxId } from './spanish-tax-id.ts';

describe('isValidSpanishTaxId', () => {
  it('accepts a DNI whose letter matches its number and refuses any other letter', () => {
    expect(isValidSpanishTaxId('12345678Z')).toBe(true);
    expect(isValidSpanishTaxId('12345678A')).toBe(false);
    expect(isValidSpanishTaxId('00000000T')).toBe(true);
  });

  it('accepts an NIE with X, Y or Z counted as 0, 1 and 2', () => {
    expect(isValidSpanishTaxId('X1234567L')).toBe(true);
    expect(isValidSpanishTaxId('Y1234567X')).toBe(true);
    expect(isValidSpanishTaxId('Z1234567R')).toBe(true);
    expect(isValidSpanishTaxId('X1234567A')).toBe(false);
  });

  it('checks a company NIF: digit control for B, letter control for P/Q/S, either for others', () => {
    expect(isValidSpanishTaxId('B87654323')).toBe(true);
    expect(isValidSpanishTaxId('B12345678')).toBe(false);
    expect(isValidSpanishTaxId('B8765432C')).toBe(false);
    expect(isValidSpanishTaxId('Q2826000H')).toBe(true);
    expect(isValidSpanishTaxId('Q28260008')).toBe(false);
    expect(isValidSpanishTaxId('G87654323')).toBe(true);
    expect(isValidSpanishTaxId('G8765432C')).toBe(true);
  });

  it('reads what people type: lower case, spaces, dots and dashes', () => {
    expect(isValidSpanishTaxId(' b-87.654.323 ')).toBe(true);
    expect(normalizeSpanishTaxId(' b-87.654.323 ')).toBe('B87654323');
  });

  it('refuses what is not an NIF at all', () => {
    for (const value of ['', 'B1234567', '1234567Z', 'I1234567A', 'X12345678Z', 'ES87654323']) {
      expect(isValidSpanishTaxId(value)).toBe(false);
    }
  });
});
