import { addDays, type IsoDate } from '../service-day.ts';

/** The label of a fresh account: under one minute (spec §9 "otherwise Nuevo"). */
export const ELAPSED_NEW_LABEL = 'Nuevo';

/**
 * The elapsed-time label of a table (spec §9): whole hours as `Nh` once an hour has passed, whole minutes
 * as `N'` once a minute has, otherwise `Nuevo` (also for a start in the future). Rounds down: 59 minutes
 * 59 seconds is `59'`, 2 hours 59 minutes is `2h`.
 */
export function elapsedLabel(since: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - since.getTime()) / 60_000);
  if (minutes >= 60) return `${Math.floor(minutes / 60)}h`;
  if (minutes >= 1) return `${minutes}'`;
  return ELAPSED_NEW_LABEL;
}

/** The relative day labels the copilot shows around the server's logical date (spec §9). */
export type RelativeDayLabel = 'HOY' | 'AYER' | 'MAÑANA';

/**
 * `HOY`, `AYER` or `MAÑANA` when `date` is the logical date, the day before or the day after; null for any
 * other date (the screen shows the date itself). Both are service dates (06:00 boundary), so a screen
 * open at 01:30 still calls the evening's service `HOY`.
 */
export function relativeDayLabel(date: IsoDate, logicalDate: IsoDate): RelativeDayLabel | null {
  if (date === logicalDate) return 'HOY';
  if (date === addDays(logicalDate, -1)) return 'AYER';
  if (date === addDays(logicalDate, 1)) return 'MAÑANA';
  return null;
}
