/**
 * Numbers as staff type them (spec §5): a comma is the decimal point ("2,5" is 2.5); a dot is accepted
 * too. No thousands separators, no exponent, at most one separator: anything else is not a number.
 */
const DECIMAL_INPUT = /^([+-]?)(\d+)(?:[.,](\d+))?$|^([+-]?)[.,](\d+)$/;

/** The number a typed text means (see above), or null when it is empty or not a number. */
export function parseDecimalInput(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL_INPUT.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** Largest party one walk-in, sit-in or reservation may have (the wire's limit). */
export const MAX_PAX = 100;

/**
 * Why a number of people is not valid (spec §5 walk-in and sit-in forms):
 * - `required`: empty or not a number;
 * - `negative`: below zero ("Los números negativos no son válidos.");
 * - `zero`: nobody;
 * - `not_integer`: people come whole ("2,5");
 * - `too_large`: above {@link MAX_PAX}.
 */
export type PaxProblem = 'required' | 'negative' | 'zero' | 'not_integer' | 'too_large';

/**
 * What is wrong with a party size typed (text, comma decimals) or sent (number), or null when it is a
 * whole number of people from 1 to {@link MAX_PAX}. A negative is reported as negative even when it is
 * not whole, so the spec's message wins.
 */
export function paxProblem(
  value: number | string | null | undefined,
  max: number = MAX_PAX,
): PaxProblem | null {
  const number = typeof value === 'string' ? parseDecimalInput(value) : value;
  if (number === null || number === undefined || !Number.isFinite(number)) return 'required';
  if (number < 0) return 'negative';
  if (number === 0) return 'zero';
  if (!Number.isInteger(number)) return 'not_integer';
  if (number > max) return 'too_large';
  return null;
}
