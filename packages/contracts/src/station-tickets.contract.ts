import { z } from 'zod';

/**
 * Printed station tickets (issue 18 items 1 and 2; decision 029): when dishes reach a station (an order
 * sent, a waiting order validated, a course fired) on a venue with `printEnabled`, the server announces one
 * ticket per station and table on this staff-only topic; the copilot page that has the venue's print
 * helper sends each to it. `jobId` names the ticket, so two pages on one helper, or an event read again after
 * a reconnect, print it once.
 */
export const STATION_TICKETS_TOPIC = 'kitchen.tickets.print';

export const stationTicketLineSchema = z.union([
  z.object({ separator: z.literal(true) }),
  z.object({
    text: z.string(),
    align: z.enum(['left', 'center', 'right']).optional(),
    bold: z.boolean().optional(),
    size: z.enum(['normal', 'large']).optional(),
  }),
]);

export const stationTicketSchema = z.object({
  jobId: z.string(),
  stationId: z.number().int(),
  /** The helper's printer of the station (venue config `stationPrinters`); null: its default printer. */
  printer: z.string().nullable(),
  reservationId: z.number().int(),
  lines: z.array(stationTicketLineSchema),
});
export type StationTicket = z.infer<typeof stationTicketSchema>;

export const stationTicketsEventSchema = z.object({ tickets: z.array(stationTicketSchema) });
export type StationTicketsEvent = z.infer<typeof stationTicketsEventSchema>;
