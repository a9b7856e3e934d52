import { LOCALES } from '@sobremesa/domain';
import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDate,
  formatMoney,
  formatNumber,
  formatTime,
  intlLocale,
} from './format.ts';

// Intl separates some amounts and units with no-break spaces; the expectations spell them out.
const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

describe('formatMoney', () => {
  it('formats integer cents as euros with a comma decimal in Spanish', () => {
    expect(formatMoney(1250, 'es')).toBe(`12,50${NBSP}€`);
    expect(formatMoney(5, 'es')).toBe(`0,05${NBSP}€`);
    expect(formatMoney(0, 'es')).toBe(`0,00${NBSP}€`);
    expect(formatMoney(-350, 'es')).toBe(`-3,50${NBSP}€`);
  });

  it('groups thousands the way each language does', () => {
    expect(formatMoney(123456750, 'es')).toBe(`1.234.567,50${NBSP}€`);
    expect(formatMoney(123456750, 'en')).toBe('€1,234,567.50');
    expect(formatMoney(123456750, 'fr')).toBe(`1${NARROW_NBSP}234${NARROW_NBSP}567,50${NBSP}€`);
    expect(formatMoney(123456750, 'pt')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}€`);
  });

  it('puts the euro after the amount in every Iberian and continental language', () => {
    for (const locale of ['es', 'de', 'fr', 'eu', 'ca', 'it', 'gl', 'pt'] as const) {
      expect(formatMoney(1250, locale)).toBe(`12,50${NBSP}€`);
    }
  });

  it('takes other currencies in their own minor unit', () => {
    expect(formatMoney(1250, 'en', 'USD')).toBe('US$12.50');
    expect(formatMoney(1250, 'es', 'JPY')).toBe(`1250${NBSP}JPY`);
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => formatMoney(12.5, 'es')).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it('uses the language separators', () => {
    expect(formatNumber(1234.5, 'es')).toBe('1234,5');
    expect(formatNumber(12345.5, 'es')).toBe('12.345,5');
    expect(formatNumber(12345.5, 'en')).toBe('12,345.5');
    expect(formatNumber(12345.5, 'de')).toBe('12.345,5');
  });

  it('passes Intl options on', () => {
    expect(formatNumber(0.125, 'es', { style: 'percent', maximumFractionDigits: 1 })).toBe(`12,5${NBSP}%`);
    expect(formatNumber(0.125, 'en', { style: 'percent', maximumFractionDigits: 1 })).toBe('12.5%');
  });
});

describe('formatDate and formatTime', () => {
  // 00:30 UTC on the night Spain moves to summer time: 01:30 in Madrid, 00:30 in the Canaries.
  const instant = new Date('2025-03-30T00:30:00Z');

  it('show the venue wall clock, not the device one', () => {
    expect(formatTime(instant, 'es', 'Europe/Madrid')).toBe('01:30');
    expect(formatTime(instant, 'es', 'Atlantic/Canary')).toBe('00:30');
    expect(formatTime(new Date('2025-03-30T01:30:00Z'), 'es', 'Europe/Madrid')).toBe('03:30');
  });

  it('use a 24-hour clock in every language', () => {
    const evening = Date.UTC(2025, 6, 1, 19, 5);
    for (const locale of LOCALES) expect(formatTime(evening, locale, 'Europe/Madrid')).toBe('21:05');
  });

  it('name the venue date in each language', () => {
    const lateEvening = new Date('2025-12-31T23:30:00Z');
    expect(formatDate(lateEvening, 'es', 'Europe/Madrid')).toBe('1 ene 2026');
    expect(formatDate(lateEvening, 'es', 'UTC')).toBe('31 dic 2025');
    expect(formatDate(instant, 'en', 'Europe/Madrid')).toBe('30 Mar 2025');
    expect(formatDate(instant, 'de', 'Europe/Madrid')).toBe('30.03.2025');
    expect(formatDate(instant, 'ca', 'Europe/Madrid')).toBe('30 de març 2025');
    expect(formatDate(instant, 'gl', 'Europe/Madrid')).toBe('30 de mar. de 2025');
    expect(formatDate(instant, 'es', 'Europe/Madrid', 'long')).toBe('30 de marzo de 2025');
    expect(formatDate(instant, 'eu', 'Europe/Madrid', 'long')).toBe('2025(e)ko martxoaren 30(a)');
  });

  it('write a calendar day as that same day, never the one before or after', () => {
    expect(formatCalendarDate('2026-11-27', 'es')).toBe('27 nov 2026');
    expect(formatCalendarDate('2026-01-01', 'en')).toBe('1 Jan 2026');
    expect(formatCalendarDate('2026-11-27', 'es', 'dayMonthShort')).toBe('27 nov');
    expect(formatCalendarDate('2026-11-27', 'eu', 'dayMonthShort')).toBe('aza. 27(a)');
    expect(formatCalendarDate('2026-11-27', 'gl', 'dayMonthShort')).toBe('27 de nov.');
  });
});

describe('intlLocale', () => {
  it('gives a regional tag for every UI language', () => {
    expect(LOCALES.map(intlLocale)).toEqual([
      'es-ES',
      'en-GB',
      'de-DE',
      'fr-FR',
      'eu-ES',
      'ca-ES',
      'it-IT',
      'gl-ES',
      'pt-PT',
    ]);
  });
});
