import { formatIsoDate, isIsoDate } from '@sobremesa/domain';

/** Spec §5: the error of a selected date that is neither a string nor a Date object. */
export const INVALID_DATE_VALUE_MESSAGE = 'Invalid date format. Expected a string or Date object.';

/**
 * The booking form's one way of reading a selected date (the picker, the `?date=` of a link, the widget):
 * a `yyyy-MM-dd` string (or an ISO date-time, whose date part is taken) or a `Date` (its calendar day on the
 * device, as a date picker's Date means it), returned as `yyyy-MM-dd`.
 * @throws TypeError with the spec's message when the value is neither a string nor a valid Date object.
 * @throws RangeError when a string is not a real calendar date.
 */
export function parseDateValue(value: unknown): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError(INVALID_DATE_VALUE_MESSAGE);
    return formatIsoDate(value.getFullYear(), value.getMonth() + 1, value.getDate());
  }
  if (typeof value !== 'string') throw new TypeError(INVALID_DATE_VALUE_MESSAGE);
  const trimmed = value.trim();
  const day = trimmed.slice(0, 10);
  if (isIsoDate(day) && (trimmed.length === 10 || trimmed[10] === 'T')) return day;
  throw new RangeError(`Invalid date: "${value}" is not a yyyy-MM-dd date.`);
}

/** {@link parseDateValue}, or null for a value that is not a date (a hand-edited link). */
export function tryParseDateValue(value: unknown): string | null {
  try {
    return parseDateValue(value);
  } catch {
    return null;
  }
}
