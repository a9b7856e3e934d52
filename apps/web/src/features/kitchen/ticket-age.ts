import { elapsedLabel, parseOffsetDateTime } from '@sobremesa/domain';

/**
 * How long a ticket has waited, as the colour the kitchen reads from two metres: green while fresh,
 * amber once it waits long enough that the pass starts asking, red when the table is surely waiting.
 * Thresholds are a busy kitchen's (decision in this feature's README): 10 and 20 minutes.
 */
export type TicketAge = 'fresh' | 'waiting' | 'late';

export const WAITING_AFTER_MINUTES = 10;
export const LATE_AFTER_MINUTES = 20;

export function minutesBetween(since: string, now: string): number {
  return Math.max(
    0,
    Math.floor((parseOffsetDateTime(now).getTime() - parseOffsetDateTime(since).getTime()) / 60_000),
  );
}

export function ticketAge(since: string, now: string): TicketAge {
  const minutes = minutesBetween(since, now);
  if (minutes >= LATE_AFTER_MINUTES) return 'late';
  if (minutes >= WAITING_AFTER_MINUTES) return 'waiting';
  return 'fresh';
}

/** The spec §9 elapsed label: `Nh`, `N'`, or `Nuevo` (which the screen translates). */
export function ticketElapsed(since: string, now: string): string {
  return elapsedLabel(parseOffsetDateTime(since), parseOffsetDateTime(now));
}
