import {
  STATION_TICKETS_TOPIC,
  type KitchenItem,
  type StationTicket,
  type StationTicketsEvent,
} from '@sobremesa/contracts';
import { formatLocalDateTime, isLocale, stationTicketLines, type StationTicketDish } from '@sobremesa/domain';
import type { Transaction } from '../../db/database.ts';
import type { LeanRead } from '../../db/lean.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import type { LineRow } from './kitchen.repository.ts';
import { ticketFactsRead } from './station-tickets.repository.ts';

/** What reached the stations, and why (decision 029). */
export interface StationArrival {
  /** Names the event in the tickets' job ids: `order-12`, `fire-7`. One arrival prints once. */
  readonly key: string;
  /** The lines of the arrival; held ones (a later course) and menu headers are left out here. */
  readonly lines: readonly LineRow[];
  /** Who sent them; null for the guest's own phone. */
  readonly senderUserId: number | null;
  readonly orderMessage: string | null;
  /** A fired course: its name goes on the ticket. */
  readonly fired: boolean;
}

/**
 * How a line is seen on a ticket: the kitchen's view of it (allergies, options, stations), read in one
 * statement with `also`.
 */
export type KitchenItemsOf = <T>(lines: readonly LineRow[], also: LeanRead<T>) => Promise<[KitchenItem[], T]>;

/**
 * The printed tickets of an arrival (issue 18 items 1 and 2): one per station and table, when the venue
 * prints (`printEnabled`); null when none. Appended to the outbox inside the transaction of the change, so
 * a ticket is announced exactly when its dishes are on the screens. The copilot page with the helper
 * prints it.
 */
export async function stationTickets(
  venue: Venue,
  arrival: StationArrival,
  itemsOf: KitchenItemsOf,
  now: Date,
): Promise<StationTicketsEvent | null> {
  if (!venue.settings.printEnabled) return null;
  const headers = new Set(arrival.lines.flatMap((line) => (line.parentId === null ? [] : [line.parentId])));
  const arrived = arrival.lines.filter((line) => !line.held && !headers.has(line.id));
  if (arrived.length === 0) return null;
  const [seen, { stations, courses, sender }] = await itemsOf(
    arrived,
    ticketFactsRead(venue.id, arrival.fired, arrival.senderUserId),
  );
  const items = seen.filter((item) => !item.isGhost);
  if (items.length === 0) return null;
  const menuNames = new Map(arrival.lines.map((line) => [line.id, line.productName]));
  const locale = isLocale(venue.defaultLocale) ? venue.defaultLocale : 'es';
  const time = formatLocalDateTime(now, venue.timeZone).slice(11, 16);
  const tickets: StationTicket[] = [];
  for (const station of stations) {
    const atStation = items.filter((item) => item.elaborationStations.includes(station.id));
    for (const reservationId of new Set(atStation.map((item) => item.reservationInfo.id))) {
      const own = atStation.filter((item) => item.reservationInfo.id === reservationId);
      const table = own[0]!.reservationInfo;
      const courseIds = new Set(own.map((item) => item.dishClass));
      const course = courses.find((entry) => courseIds.size === 1 && courseIds.has(entry.id));
      tickets.push({
        jobId: `kitchen-${venue.id}-${arrival.key}-s${station.id}-r${reservationId}`,
        stationId: station.id,
        printer: venue.settings.stationPrinters[String(station.id)] ?? null,
        reservationId,
        lines: stationTicketLines({
          locale,
          station: station.name,
          table: table.table,
          guestName: table.name,
          covers: table.pax,
          time,
          server: sender,
          course: course?.name ?? null,
          allergens: table.allergies.allergens.map((allergen) => allergen.name),
          notes: table.allergies.notes,
          bookingComment: table.allergies.bookingComment,
          orderMessage: arrival.orderMessage,
          dishes: own.map((item) => dishOf(item, menuNames)),
          takeaway: table.takeaway && {
            mode: table.takeaway.mode,
            number: table.takeaway.number,
            pickupTime: table.takeaway.pickupDateTime.slice(11, 16),
          },
        }),
      });
    }
  }
  return tickets.length === 0 ? null : { tickets };
}

/** The tickets of an arrival appended to the outbox now, inside the change's transaction. */
export async function announceStationTickets(
  tx: Transaction,
  venue: Venue,
  arrival: StationArrival,
  itemsOf: KitchenItemsOf,
  now: Date,
): Promise<void> {
  const tickets = await stationTickets(venue, arrival, itemsOf, now);
  if (tickets) await appendEvent(tx, venue.id, STATION_TICKETS_TOPIC, tickets);
}

function dishOf(item: KitchenItem, menuNames: ReadonlyMap<number, string>): StationTicketDish {
  return {
    name: item.name,
    units: item.units,
    choices: item.choices.map((choice) => choice.choiceName),
    comments: item.comments,
    staffComments: item.staffComments,
    clashes: item.allergenClash.map((allergen) => allergen.name),
    menuName: item.parentId === null ? null : (menuNames.get(item.parentId) ?? null),
  };
}
