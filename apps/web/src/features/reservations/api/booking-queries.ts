import { queryOptions } from '@tanstack/react-query';
import { bookingApi } from './booking-api.ts';

/** Every query of the booking form is under this key. */
export const RESERVATIONS_KEY = 'reservations';

/** Rooms and booking window: loaded by the route before the form shows (spec §2). */
export const bookingSetupQuery = queryOptions({
  queryKey: [RESERVATIONS_KEY, 'setup'],
  queryFn: bookingApi.setup,
  // "Today" moves at 06:00; a form left open for hours picks up the new window on its next use.
  staleTime: 5 * 60_000,
});

export function slotsKey(date: string, pax: number) {
  return [RESERVATIONS_KEY, 'slots', date, pax] as const;
}

/**
 * The time slots of a date for a party. The guest's own hold (read when the query runs, not part of the key)
 * is left out by the server, so the time they hold never vanishes from their own form. Open forms refetch it
 * when the live channel says the date changed, so there is no polling.
 */
export function slotsQuery(date: string, pax: number, holdToken: () => string | undefined) {
  return queryOptions({
    queryKey: slotsKey(date, pax),
    queryFn: async () => (await bookingApi.availability({ date, pax, holdToken: holdToken() })).timeSlots,
    staleTime: 30_000,
  });
}

/** Which dates of the window have any time left for the party (the calendar marks the full ones). */
export function fullDatesQuery(firstDate: string, lastDate: string, pax: number) {
  return queryOptions({
    queryKey: [RESERVATIONS_KEY, 'days', firstDate, lastDate, pax],
    queryFn: async () => {
      const reply = await bookingApi.availability({ dateFrom: firstDate, date: lastDate, pax });
      return new Set((reply.days ?? []).filter((day) => !day.available).map((day) => day.date));
    },
    staleTime: 60_000,
  });
}
