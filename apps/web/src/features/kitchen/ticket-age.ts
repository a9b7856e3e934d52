import { elapsedLabel } from '@sobremesa/domain';

/**
 * How long a ticket has waited, as the colour the kitchen reads from two metres: green while fresh,
 * amber once it waits long enough that the pass starts asking, red when the table is surely waiting.
 * Thresholds are a busy kitchen's (decision in this feature's README): 10 and 20 minutes.
 */
export type TicketAge = 'fresh' | 'waiting' | 'late';

export const WAITING_AFTER_MINUTES = 10;
export const LATE_AFTER_MINUTES = 20;

/**
 * The instant of a server time: an ISO instant as the kitchen calls send, or a bare `yyyy-MM-dd HH:mm:ss`
 * read as if UTC (only differences matter, and both sides of a difference are read alike).
 */
export function venueInstant(text: string): Date {
  return /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(text)
    ? new Date(`${text.replace(' ', 'T')}Z`)
    : new Date(text);
}

export function minutesBetween(since: string, now: string): number {
  return Math.max(0, Math.floor((venueInstant(now).getTime() - venueInstant(since).getTime()) / 60_000));
}

export function ticketAge(since: string, now: string): TicketAge {
  const minutes = minutesBetween(since, now);
  if (minutes >= LATE_AFTER_MINUTES) return 'late';
  if (minutes >= WAITING_AFTER_MINUTES) return 'waiting';
  return 'fresh';
}

/** The spec §9 elapsed label: `Nh`, `N'`, or `Nuevo` (which the screen translates). */
export function ticketElapsed(since: string, now: string): string {
  return elapsedLabel(venueInstant(since), venueInstant(now));
}

/**
 * Now, as an ISO instant: the server's time when the list was read plus what the tablet's own clock says
 * has passed since, so a tablet with a wrong clock still ages tickets right.
 */
export function venueNow(serverTime: string, receivedAt: number, nowMs: number): string {
  return new Date(venueInstant(serverTime).getTime() + Math.max(0, nowMs - receivedAt)).toISOString();
}
