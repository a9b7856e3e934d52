import { SERVICE_DAY_START_HOUR, addDays, toZoned, type IsoDate } from '../service-day.ts';

/** Booking horizon of the date picker: today up to 60 days ahead (spec §5, §9). */
export const BOOKING_HORIZON_DAYS = 60;

/** A wall-clock time of day as the spec writes it, `HH:mm` (00:00-23:59). */
export type TimeOfDay = string;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MINUTES = 24 * 60;
const SERVICE_DAY_START_MINUTE = SERVICE_DAY_START_HOUR * 60;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `HH:mm` into minutes after midnight, or returns null when it is not a valid time of day. */
export function parseTimeOfDay(value: string): number | null {
  const match = TIME_OF_DAY.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Formats minutes after midnight (any integer; wrapped into one day) as `HH:mm`. */
export function formatTimeOfDay(minutes: number): TimeOfDay {
  const wrapped = ((Math.trunc(minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/** Whether `value` is a real calendar date written `yyyy-MM-dd` (2026-02-30 is not). */
export function isIsoDate(value: string): value is IsoDate {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/**
 * The ISO weekday of a `yyyy-MM-dd` date: 1 = Monday .. 7 = Sunday, the numbering of the venue's
 * `reservation_disabled_dow` and of the service schedule's `weekdays`.
 * @throws RangeError when `date` is not a valid `yyyy-MM-dd` date.
 */
export function isoWeekday(date: IsoDate): number {
  if (!isIsoDate(date)) throw new RangeError(`Expected a yyyy-MM-dd date, got "${date}"`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const sundayZero = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** Offset of the zone at `epochMs`: local wall clock read as UTC minus the instant, in milliseconds. */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const local = toZoned(new Date(epochMs), timeZone);
  const wallAsUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return wallAsUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `timeZone` reads `date` `time`, computed from the zone's real
 * offsets (never from the machine's zone).
 *
 * Daylight-saving changes are resolved deterministically: a wall time that does not exist (the spring-forward
 * gap, e.g. 02:30 on 2026-03-29 in Europe/Madrid) gives `null`; a wall time that occurs twice (the fall-back
 * overlap, e.g. 02:30 on 2026-10-25 in Europe/Madrid) gives its first occurrence (the summer-time one).
 * @throws RangeError when `date` or `time` is malformed.
 */
export function zonedDateTimeToInstant(date: IsoDate, time: TimeOfDay, timeZone: string): Date | null {
  const minutes = parseTimeOfDay(time);
  if (minutes === null) throw new RangeError(`Expected a HH:mm time, got "${time}"`);
  if (!isIsoDate(date)) throw new RangeError(`Expected a yyyy-MM-dd date, got "${date}"`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  // Any DST change lies within ±12 h of the wall time read as UTC, so the offsets either side of it are the
  // only two candidates. A candidate is right when the zone's wall clock at that instant reads the wall time.
  const offsetBefore = zoneOffsetMs(wallAsUtc - 12 * HOUR_MS, timeZone);
  const offsetAfter = zoneOffsetMs(wallAsUtc + 12 * HOUR_MS, timeZone);
  if (offsetBefore === offsetAfter) return new Date(wallAsUtc - offsetBefore); // no change that day
  const candidates = [wallAsUtc - offsetBefore, wallAsUtc - offsetAfter];
  let first: number | null = null;
  for (const candidate of candidates) {
    if (wallAsUtc - zoneOffsetMs(candidate, timeZone) !== candidate) continue;
    if (first === null || candidate < first) first = candidate;
  }
  return first === null ? null : new Date(first);
}

/**
 * Minutes after the 06:00 service-day start of a time of day (`HH:mm`): 06:00 is 0, 23:59 is 1079, and
 * 00:30 is 1110 because a time before 06:00 belongs to the service day that started the evening before
 * (spec §4 day boundary).
 * @throws RangeError when `time` is malformed.
 */
export function serviceMinuteOf(time: TimeOfDay): number {
  const minutes = parseTimeOfDay(time);
  if (minutes === null) throw new RangeError(`Expected a HH:mm time, got "${time}"`);
  return (minutes - SERVICE_DAY_START_MINUTE + DAY_MINUTES) % DAY_MINUTES;
}

/**
 * The calendar date and wall-clock time of a moment of a service day given in minutes after its 06:00 start
 * (0 ≤ `serviceMinute` < 1440): 1110 on service day 2026-11-20 is 00:30 on 2026-11-21.
 */
export function serviceMinuteToLocal(
  serviceDate: IsoDate,
  serviceMinute: number,
): { readonly date: IsoDate; readonly time: TimeOfDay } {
  const minutes = SERVICE_DAY_START_MINUTE + serviceMinute;
  return { date: addDays(serviceDate, Math.floor(minutes / DAY_MINUTES)), time: formatTimeOfDay(minutes) };
}

/**
 * The instant of a time of day of a service day in the venue's zone, with the 06:00 rule: on service day
 * 2026-11-20, `21:00` is the evening of the 20th and `01:30` is the early morning of the 21st. Returns null
 * when that wall time does not exist (DST gap); an ambiguous wall time gives its first occurrence.
 * @throws RangeError when `serviceDate` or `time` is malformed.
 */
export function serviceDayTimeToInstant(
  serviceDate: IsoDate,
  time: TimeOfDay,
  timeZone: string,
): Date | null {
  const local = serviceMinuteToLocal(serviceDate, serviceMinuteOf(time));
  return zonedDateTimeToInstant(local.date, local.time, timeZone);
}

/** The wall-clock `HH:mm` of an instant in the venue's zone. */
export function instantToTimeOfDay(instant: Date, timeZone: string): TimeOfDay {
  const local = toZoned(instant, timeZone);
  return formatTimeOfDay(local.hour * 60 + local.minute);
}

/** The first and last bookable service dates when `today` is the logical date (spec §5: today .. +60 days). */
export function bookingHorizon(
  today: IsoDate,
  horizonDays: number = BOOKING_HORIZON_DAYS,
): { readonly first: IsoDate; readonly last: IsoDate } {
  return { first: today, last: addDays(today, horizonDays) };
}

/**
 * Whether guests may book on service date `date`: a real `yyyy-MM-dd` date from `today` (the logical date,
 * see `logicalDate`) up to `horizonDays` days ahead inclusive, on a weekday the venue has not disabled
 * (`disabledWeekdays` uses 1 = Monday .. 7 = Sunday, as `reservation_disabled_dow`).
 */
export function isBookableDate(
  date: string,
  today: IsoDate,
  disabledWeekdays: readonly number[],
  horizonDays: number = BOOKING_HORIZON_DAYS,
): boolean {
  if (!isIsoDate(date) || !isIsoDate(today)) return false;
  const { first, last } = bookingHorizon(today, horizonDays);
  // yyyy-MM-dd strings order like the dates they name.
  if (date < first || date > last) return false;
  return !disabledWeekdays.includes(isoWeekday(date));
}
