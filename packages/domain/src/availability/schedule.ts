import { addDays, type IsoDate } from '../service-day.ts';
import {
  isoWeekday,
  serviceMinuteOf,
  serviceMinuteToLocal,
  zonedDateTimeToInstant,
  type TimeOfDay,
} from './zoned-time.ts';

/**
 * One service of the venue's weekly schedule, as the venue settings store it (`serviceSchedule`, spec §3):
 * e.g. `{ name: 'Cena', weekdays: [5, 6], start: '20:00', end: '01:30', lastSeating: '23:30',
 * slotIntervalMinutes: 15 }`.
 *
 * Times are wall-clock times in the venue's zone read with the 06:00 service-day rule: a time before 06:00
 * is the early morning after the service day, so `20:00`-`01:30` is one evening service that crosses
 * midnight and belongs to the day it starts on, and `weekdays` names that service day.
 */
export interface ServiceScheduleEntry {
  /** The service's name (Comida, Cena). */
  readonly name: string;
  /** Service days it runs on: 1 = Monday .. 7 = Sunday. */
  readonly weekdays: readonly number[];
  /** First seating, `HH:mm`. */
  readonly start: TimeOfDay;
  /** Closing time, `HH:mm`; earlier than `start` when the service crosses midnight. */
  readonly end: TimeOfDay;
  /** Last time a party may be seated, `HH:mm`; slots run from `start` to this (and never past `end`). */
  readonly lastSeating: TimeOfDay;
  /** Minutes between two bookable times (15 gives 20:00, 20:15, ...). */
  readonly slotIntervalMinutes: number;
  /**
   * Pacing of this service: most covers (pax) that may start within one slot interval; null or absent
   * means only the tables limit it.
   */
  readonly maxCoversPerSlot?: number | null;
}

/** A bookable start time of a service day, before tables and pacing are considered. */
export interface ServiceSlot {
  /** Wall-clock start in the venue's zone, `HH:mm`: the spec's `timeSlot`. */
  readonly timeSlot: TimeOfDay;
  /** The real instant of that start (DST-correct). */
  readonly startsAt: Date;
  /** Minutes after the service day's 06:00 start, by the wall clock (orders 00:30 after 23:30). */
  readonly serviceMinute: number;
  /** The service the slot belongs to. */
  readonly serviceName: string;
  /** Its slot interval in minutes. */
  readonly slotIntervalMinutes: number;
  /** Its pacing limit per slot interval, or null. */
  readonly maxCoversPerSlot: number | null;
}

const SERVICE_DAY_MINUTES = 24 * 60;

/**
 * The bookable start times of service day `serviceDate` in `timeZone`, from every service of `schedule` that
 * runs on that weekday, in time order. Each service yields `start`, `start + interval`, ... up to its last
 * seating (and never past its end or the next 06:00). Times are stepped on the wall clock and turned into
 * real instants: on a spring-forward night a time that does not exist is skipped; on a fall-back night a
 * repeated hour is produced once, at its first occurrence. When two services offer the same time, the
 * earlier entry of `schedule` keeps it.
 * @throws RangeError when a schedule entry has a malformed time or a slot interval that is not a positive
 * integer.
 */
export function serviceSlotsFor(
  serviceDate: IsoDate,
  schedule: readonly ServiceScheduleEntry[],
  timeZone: string,
): ServiceSlot[] {
  const weekday = isoWeekday(serviceDate);
  const byInstant = new Map<number, ServiceSlot>();
  for (const entry of schedule) {
    if (!Number.isInteger(entry.slotIntervalMinutes) || entry.slotIntervalMinutes <= 0) {
      throw new RangeError(`Service "${entry.name}" needs a positive whole slot interval`);
    }
    const start = serviceMinuteOf(entry.start);
    const lastSeating = serviceMinuteOf(entry.lastSeating);
    let end = serviceMinuteOf(entry.end);
    if (end <= start) end += SERVICE_DAY_MINUTES; // runs through the 06:00 boundary: seat only before it
    if (!entry.weekdays.includes(weekday)) continue;
    const last = Math.min(lastSeating, end, SERVICE_DAY_MINUTES - 1);
    for (let minute = start; minute <= last; minute += entry.slotIntervalMinutes) {
      const local = serviceMinuteToLocal(serviceDate, minute);
      const startsAt = zonedDateTimeToInstant(local.date, local.time, timeZone);
      if (startsAt === null || byInstant.has(startsAt.getTime())) continue;
      byInstant.set(startsAt.getTime(), {
        timeSlot: local.time,
        startsAt,
        serviceMinute: minute,
        serviceName: entry.name,
        slotIntervalMinutes: entry.slotIntervalMinutes,
        maxCoversPerSlot: entry.maxCoversPerSlot ?? null,
      });
    }
  }
  return [...byInstant.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * The real time range a service day covers in `timeZone`: from 06:00 on `serviceDate` to 06:00 the next day
 * (23 or 25 hours long on DST nights). Use it to load the table bookings a day's availability needs, widened
 * by the longest stay and buffer.
 */
export function serviceDayRange(
  serviceDate: IsoDate,
  timeZone: string,
): { readonly from: Date; readonly to: Date } {
  return {
    from: serviceDayStart(serviceDate, timeZone),
    to: serviceDayStart(addDays(serviceDate, 1), timeZone),
  };
}

function serviceDayStart(date: IsoDate, timeZone: string): Date {
  // 06:00 exists in every zone in use; should a zone ever skip it, take the first minute after the gap.
  for (let minute = 0; minute < 180; minute += 1) {
    const local = serviceMinuteToLocal(date, minute);
    const instant = zonedDateTimeToInstant(local.date, local.time, timeZone);
    if (instant !== null) return instant;
  }
  throw new RangeError(`No 06:00 on ${date} in ${timeZone}`);
}
