import type { ReservationView } from '@sobremesa/contracts';
import { zonedDateTimeToInstant, type Locale } from '@sobremesa/domain';
import { formatDate, formatDateShape, formatNumber, formatTime } from '../../i18n/format.ts';
import { calendarInstant, formatCalendarDate } from '../../components/date-picker/calendar.ts';

/** Weekday, day and month, short: the widget's date list. */
export function formatShortDate(date: string, locale: Locale): string {
  return formatDateShape(calendarInstant(date), locale, 'UTC', 'weekdayDayMonthShort');
}

/** A stay in minutes, e.g. "1 h 30 min" (Intl units, so every language writes its own). */
export function formatDuration(minutes: number, locale: Locale): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    formatNumber(value, locale, { style: 'unit', unit: name, unitDisplay: 'short' });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** The reservation's start as the venue's wall clock shows it: the date in full and the time. */
export function reservationWhen(
  reservation: ReservationView,
  locale: Locale,
): { date: string; time: string } {
  const [day = reservation.date, clock = reservation.timeSlot] = reservation.startDateTime.split(' ');
  const zone = reservation.venue.timeZone;
  const instant = zonedDateTimeToInstant(day, clock.slice(0, 5), zone);
  if (!instant) return { date: formatCalendarDate(day, locale), time: clock.slice(0, 5) };
  return { date: formatDate(instant, locale, zone, 'full'), time: formatTime(instant, locale, zone) };
}
