/** The service day turns at 06:00 venue time: a 01:30 dinner belongs to the previous day (spec §4, §9). */
export const SERVICE_DAY_START_HOUR = 6;

/** A calendar date as the spec writes it, `yyyy-MM-dd`. */
export type IsoDate = string;

/** The wall-clock reading of an instant in a time zone. */
export interface ZonedDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`, read by the runtime's time-zone data (the slow way). */
function formattedParts(instant: Date, timeZone: string): ZonedDateTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms (whole seconds). */
function offsetMsAt(instant: number, timeZone: string): number {
  const local = formattedParts(new Date(instant), timeZone);
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(local.year, local.month - 1, local.day);
  asUtc.setUTCHours(local.hour, local.minute, local.second, 0);
  return asUtc.getTime() - Math.floor(instant / 1000) * 1000;
}

const QUARTER_HOUR_MS = 15 * 60_000;
/** Bounds each zone's remembered quarters: a report over a year reads a few thousand at most. */
const MAX_QUARTERS_PER_ZONE = 4096;
/**
 * Each zone's offset by UTC quarter-hour. `formatToParts` costs tens of microseconds, paid by every order's
 * ticket time and every booking's slot; an offset changes only at a zone's transitions, which fall on
 * quarter-hours. A quarter whose two ends disagree (one holding a transition) is never remembered.
 */
const quarterOffsets = new Map<string, Map<number, number | null>>();

function zoneOffsetMs(instant: number, timeZone: string): number {
  let quarters = quarterOffsets.get(timeZone);
  if (!quarters) {
    quarters = new Map();
    quarterOffsets.set(timeZone, quarters);
  }
  const quarter = Math.floor(instant / QUARTER_HOUR_MS);
  let offset = quarters.get(quarter);
  if (offset === undefined) {
    const start = offsetMsAt(quarter * QUARTER_HOUR_MS, timeZone);
    const end = offsetMsAt((quarter + 1) * QUARTER_HOUR_MS - 1, timeZone);
    offset = start === end ? start : null;
    if (quarters.size >= MAX_QUARTERS_PER_ZONE) quarters.clear();
    quarters.set(quarter, offset);
  }
  return offset ?? offsetMsAt(instant, timeZone);
}

/** Reads the wall clock of `instant` in the IANA `timeZone` (e.g. Europe/Madrid). */
export function toZoned(instant: Date, timeZone: string): ZonedDateTime {
  const time = instant.getTime();
  if (Number.isNaN(time)) return formattedParts(instant, timeZone);
  const local = new Date(time + zoneOffsetMs(time, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Formats a calendar date as `yyyy-MM-dd`. */
export function formatIsoDate(year: number, month: number, day: number): IsoDate {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Adds whole days to a `yyyy-MM-dd` date (calendar arithmetic, independent of time zones). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return formatIsoDate(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/**
 * The logical (service) date of an instant in the venue's zone: before 06:00 it is still the previous
 * day's service, so a table seated at 23:30 and paid at 01:10 stays on one day.
 */
export function logicalDate(instant: Date, timeZone: string): IsoDate {
  const local = toZoned(instant, timeZone);
  const calendarDate = formatIsoDate(local.year, local.month, local.day);
  return local.hour < SERVICE_DAY_START_HOUR ? addDays(calendarDate, -1) : calendarDate;
}

/** Formats an instant as the spec's `yyyy-MM-dd HH:mm:ss` in the venue's zone. */
export function formatLocalDateTime(instant: Date, timeZone: string): string {
  const local = toZoned(instant, timeZone);
  return `${formatIsoDate(local.year, local.month, local.day)} ${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
}

/** The zone's offset from UTC at `instant`, in whole minutes (+60 in Madrid in winter, +120 in summer). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const local = toZoned(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * An instant as the wire carries it (issue 18): the venue's wall clock with its offset,
 * `yyyy-MM-ddTHH:mm:ss+hh:mm`, so staff read the local time and every reader gets the one instant back.
 */
export function formatOffsetDateTime(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const magnitude = Math.abs(offset);
  return `${formatLocalDateTime(instant, timeZone).replace(' ', 'T')}${sign}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
}

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant of a wire time that carries its offset (`…Z` or `…+01:00`). A bare local wall clock
 * (`2026-11-20 21:05:09`) is refused: read without its zone it is an hour or two off in Madrid.
 */
export function parseOffsetDateTime(text: string): Date {
  if (!OFFSET_DATE_TIME.test(text)) throw new RangeError(`Not a date-time with an offset: ${text}`);
  return new Date(text);
}

/** A date and time as printed on a Spanish ticket, in the venue's zone: `22/11/2026 14:05`. */
export function printedDateTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('es-ES', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
