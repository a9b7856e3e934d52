import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  formatEuros,
  nameKey,
  parseEuros,
  parseVat,
  parseYesNo,
  readCell,
  writeCell,
} from './menu-csv-format.ts';

describe('menu CSV cells', () => {
  it('writes euros with a decimal comma and reads a comma or a dot', () => {
    expect(formatEuros(1250)).toBe('12,50');
    expect(formatEuros(900)).toBe('9');
    expect(formatEuros(5)).toBe('0,05');
    expect(parseEuros('12,50')).toBe(1250);
    expect(parseEuros('12.5')).toBe(1250);
    expect(parseEuros('9 €')).toBe(900);
    expect(parseEuros('1.250,00')).toBeNull();
    expect(parseEuros('-3')).toBeNull();
    expect(parseEuros('doce')).toBeNull();
  });

  it('reads VAT as a percentage up to 100', () => {
    expect(parseVat('10')).toBe(1000);
    expect(parseVat('5,5 %')).toBe(550);
    expect(parseVat('101')).toBeNull();
  });

  it('reads yes and no in Spanish and English', () => {
    expect([parseYesNo('Sí'), parseYesNo('no'), parseYesNo('true'), parseYesNo('quizá')]).toEqual([
      true,
      false,
      true,
      null,
    ]);
  });

  it('matches names whatever their case and accents', () => {
    expect(nameKey('  Frutos de  CÁSCARA ')).toBe('frutos de cascara');
  });

  it('takes the separator from the header line', () => {
    expect(detectDelimiter('\uFEFFsku;name;price\n1;a;"1,5"')).toBe(';');
    expect(detectDelimiter('sku,name,price\n1,a,"1,5"')).toBe(',');
  });

  it('keeps a cell a spreadsheet would run as a formula as text, and reads it back as it was', () => {
    for (const text of ['=HYPERLINK("http://x")', '+34 600', '-', '@SUM(A1)']) {
      expect(writeCell(text).startsWith("'")).toBe(true);
      expect(readCell(writeCell(text))).toBe(text);
    }
    expect(writeCell('Croquetas')).toBe('Croquetas');
    expect(readCell("'Tis")).toBe("'Tis");
  });
});
