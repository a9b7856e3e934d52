import type { FloorReservation } from '@sobremesa/contracts';
import {
  allowedActions,
  formatLocalDateTime,
  formatOffsetDateTime,
  logicalDate,
  reservationListOf,
  reservationStateOf,
  type FloorReservationFacts,
  isClosedStatus,
} from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { NO_ALLERGIES, tableAllergiesOf } from '../allergies/allergies.service.ts';
import { paidOfAccounts, totalsOfAccounts } from '../billing/billing.service.ts';
import {
  displayedTables,
  reservationGuests,
  type BookingProfile,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  billsOf,
  cartSessionsOf,
  productOrdersOf,
  serviceEventsOf,
  type ProductOrderRow,
} from './floor.repository.ts';

/** A reservation's version (optimistic concurrency): its last change in epoch milliseconds. */
export function versionOf(row: { updatedAt: Date }): number {
  return row.updatedAt.getTime();
}

/**
 * The version a change writes: the clock, but always later than the one it replaces, so two changes in
 * the same millisecond (or a clock behind the database's) still give a new version.
 */
export function nextVersion(row: { updatedAt: Date }, now: Date): Date {
  return new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
}

/** Lines that count towards the bill: not cancelled, in error, lost or rejected (negative statuses). */
function countsTowardsBill(line: ProductOrderRow): boolean {
  return !isClosedStatus(line.status);
}

function lineView(line: ProductOrderRow, timeZone: string) {
  return {
    productOrderId: line.id,
    productSku: line.productSku,
    name: line.productName,
    units: line.units,
    statusProductOrder: line.status,
    type: line.productType,
    dateCreated: formatOffsetDateTime(line.createdAt, timeZone),
    datePreparing: line.datePreparing ? formatOffsetDateTime(line.datePreparing, timeZone) : null,
    choices: line.choices,
    isGhost: line.isGhost,
    priceCents: line.priceCents,
    serviceEventId: line.serviceEventId,
    cartSessionOrderId: line.cartSessionOrderId,
    parentId: line.parentId,
    menuIncluded: line.menuIncluded,
    held: line.held,
    dishClass: line.dishClassId,
    paid: line.paidAt !== null,
  };
}

/** What the floor read of a day's accounts, to build views, lists, table states and service events. */
export interface FloorSnapshot {
  readonly views: FloorReservation[];
  readonly facts: FloorReservationFacts[];
  readonly serviceEvents: {
    serviceEventId: number;
    serviceEventStatus: number;
    reservationId: number;
    items: ReturnType<typeof lineView>[];
  }[];
}

/**
 * Reservations as staff screens see them (spec §3 "Reservation" plus state, version, allowed actions and
 * list), with their tables, guests, cart, payments and bills, read in a few queries (sequential: `db`
 * may be a transaction on one connection).
 */
export async function floorSnapshot(
  db: Executor,
  venue: Venue,
  profile: BookingProfile,
  rows: readonly ReservationRow[],
): Promise<FloorSnapshot> {
  if (rows.length === 0) return { views: [], facts: [], serviceEvents: [] };
  const ids = rows.map((row) => row.id);
  const tables = await displayedTables(db, venue, ids);
  const guests = await reservationGuests(db, venue, ids);
  const carts = await cartSessionsOf(db, venue.id, ids);
  const lines = await productOrdersOf(db, venue.id, ids);
  const events = await serviceEventsOf(db, venue.id, ids);
  const paid = await paidOfAccounts(db, venue.id, ids);
  const billRows = await billsOf(db, venue.id, ids);
  const allergies = await tableAllergiesOf(db, venue, rows);
  const totals = await totalsOfAccounts(db, venue.id, ids, lines.filter(countsTowardsBill));
  const roomNames = new Map(profile.rooms.map((room) => [room.id, room.name]));
  const zone = venue.timeZone;
  // Instants carry their offset (issue 18): a screen compares them with the server's clock.
  const at = (instant: Date | null) => (instant ? formatOffsetDateTime(instant, zone) : null);

  const views: FloorReservation[] = [];
  const facts: FloorReservationFacts[] = [];
  for (const row of rows) {
    const own = tables.filter((table) => table.reservationId === row.id);
    const host = guests.find((guest) => guest.reservationId === row.id && guest.id === row.guestId);
    const cart = carts.find((candidate) => candidate.reservationId === row.id);
    const ownLines = lines.filter((line) => line.reservationId === row.id);
    // What the TPV and the bill say the table owes, promotions and vouchers taken off.
    const total = totals.get(row.id)?.totalCents ?? 0;
    const paidCents = paid.get(row.id) ?? 0;
    const state = reservationStateOf(row);
    const liveTableIds = own.filter((table) => table.live).map((table) => table.tableId);
    views.push({
      id: row.id,
      wid: row.wid,
      reference: row.reference,
      status: row.status,
      state,
      version: versionOf(row),
      table: own.length > 0 ? own.map((table) => table.name).join('+') : null,
      tables: own.map((table) => ({ table_id: table.tableId, name: table.name, room: table.roomId })),
      date: logicalDate(row.startsAt, zone),
      startDateTime: formatLocalDateTime(row.startsAt, zone),
      endDateTime: formatLocalDateTime(row.endsAt, zone),
      seatedDateTime: at(row.seatedAt),
      finishedDateTime: at(row.finishedAt),
      readyToOrderDateTime: at(row.readyToOrderAt),
      menuAccessEnabled: row.menuAccessEnabled ? 1 : 0,
      name: row.name,
      pax: row.pax,
      roomId: row.roomId,
      roomName: row.roomId === null ? null : (roomNames.get(row.roomId) ?? null),
      zone: row.zone ?? (row.roomId === null ? null : (roomNames.get(row.roomId) ?? null)),
      locationTag: row.locationTag,
      staffComments: row.staffComments,
      allergies: allergies.get(row.id) ?? NO_ALLERGIES,
      staffAllergenIds: row.staffAllergenIds,
      dietaryNotes: row.dietaryNotes,
      comments: row.guestComments,
      phone: host?.phone ?? null,
      email: host?.email ?? null,
      source: row.source,
      kind: row.kind,
      guestCount: guests.filter((guest) => guest.reservationId === row.id).length,
      mergedIntoId: row.mergedIntoId,
      requestedPaymentMethod: row.requestedPaymentMethod,
      list: reservationListOf(row),
      allowedActions: allowedActions(state),
      cartSession: cart ? { id: cart.id, productOrders: ownLines.map((line) => lineView(line, zone)) } : null,
      paymentInfo: {
        total,
        paid: paidCents,
        pending: Math.max(0, total - paidCents),
        bills: billRows
          .filter((bill) => bill.reservationId === row.id)
          .map((bill) => ({
            id: bill.id,
            type: bill.type,
            total: bill.totalCents,
            issuedDateTime: at(bill.issuedAt),
          })),
      },
    });
    facts.push({
      id: row.id,
      status: row.status,
      finishedAt: row.finishedAt,
      menuAccessEnabled: row.menuAccessEnabled,
      seatedAt: row.seatedAt,
      mergedIntoId: row.mergedIntoId,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      tableIds: liveTableIds,
      readyToOrder: row.readyToOrderAt !== null,
      hasOrders: ownLines.some(countsTowardsBill),
      paidCents,
    });
  }
  const serviceEvents = events.map((event) => ({
    serviceEventId: event.id,
    serviceEventStatus: event.status,
    reservationId: event.reservationId,
    items: lines.filter((line) => line.serviceEventId === event.id).map((line) => lineView(line, zone)),
  }));
  return { views, facts, serviceEvents };
}

/** One reservation's view. */
export async function floorView(
  db: Executor,
  venue: Venue,
  profile: BookingProfile,
  row: ReservationRow,
): Promise<FloorReservation> {
  const { views } = await floorSnapshot(db, venue, profile, [row]);
  const view = views[0];
  if (!view) throw new Error('no floor view');
  return view;
}
