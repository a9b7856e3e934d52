import { customType } from 'drizzle-orm/pg-core';

/** A half-open interval of time, [start, end). */
export interface TimeRange {
  readonly start: Date;
  readonly end: Date;
}

/**
 * PostgreSQL prints a timestamptz as `2026-11-20 20:00:00.5+01` in the session's zone; the offset may
 * carry minutes and, for old dates, seconds. Neither driver parses range bounds, so we do.
 */
function parseTimestamptz(text: string): Date {
  const match =
    /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d+))?([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?$/.exec(
      text,
    );
  if (!match) throw new Error(`Unexpected timestamptz ${text}`);
  const [, date, clock, fraction = '', sign, hours = '0', minutes = '0', seconds = '0'] = match;
  const localAsUtc = Date.parse(`${date}T${clock}.${fraction.padEnd(3, '0').slice(0, 3)}Z`);
  const offsetMs = (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)) * 1000;
  return new Date(sign === '+' ? localAsUtc - offsetMs : localAsUtc + offsetMs);
}

/** Parses `["2026-11-20 20:00:00+00","2026-11-20 22:00:00+00")`. */
export function parseTimeRange(value: string): TimeRange {
  const match = /^[[(]"?([^",]+)"?,"?([^",]+)"?[)\]]$/.exec(value.trim());
  if (!match?.[1] || !match[2]) throw new Error(`Unexpected tstzrange ${value}`);
  return { start: parseTimestamptz(match[1]), end: parseTimestamptz(match[2]) };
}

/** A `tstzrange` column read and written as a {@link TimeRange}; always stored half-open `[start, end)`. */
export const timeRange = customType<{ data: TimeRange; driverData: string }>({
  dataType: () => 'tstzrange',
  toDriver: (range) => `[${range.start.toISOString()},${range.end.toISOString()})`,
  fromDriver: (value) => parseTimeRange(String(value)),
});
