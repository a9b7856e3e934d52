import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  bills,
  cartSessions,
  guestAllergens,
  payments,
  productOrders,
  serviceEvents,
} from '../../db/schema/index.ts';

/**
 * The floor's own SQL (decision 007): the accounts' carts, lines, service events, payments and bills as the
 * day's screen shows them, the moves of a merge, and the audit log. Reservation rows and table bookings are
 * the reservations module's (reached through its service).
 */

export type ProductOrderRow = typeof productOrders.$inferSelect;

/** The cart sessions of reservations (one per account). */
export function cartSessionsOf(db: Executor, venueId: number, reservationIds: readonly number[]) {
  if (reservationIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: cartSessions.id, reservationId: cartSessions.reservationId })
    .from(cartSessions)
    .where(and(eq(cartSessions.venueId, venueId), inArray(cartSessions.reservationId, [...reservationIds])));
}

/** The order lines charged to reservations, oldest first. */
export function productOrdersOf(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<ProductOrderRow[]> {
  if (reservationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), inArray(productOrders.reservationId, [...reservationIds])))
    .orderBy(asc(productOrders.createdAt), asc(productOrders.id));
}

/** The service events of reservations. */
export function serviceEventsOf(db: Executor, venueId: number, reservationIds: readonly number[]) {
  if (reservationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: serviceEvents.id,
      reservationId: serviceEvents.reservationId,
      status: serviceEvents.status,
    })
    .from(serviceEvents)
    .where(and(eq(serviceEvents.venueId, venueId), inArray(serviceEvents.reservationId, [...reservationIds])))
    .orderBy(asc(serviceEvents.createdAt), asc(serviceEvents.id));
}

/** The bills of reservations that still stand (a superseded type-0 bill is left out). */
export function billsOf(db: Executor, venueId: number, reservationIds: readonly number[]) {
  if (reservationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: bills.id,
      reservationId: bills.reservationId,
      type: bills.type,
      totalCents: bills.totalCents,
      issuedAt: bills.issuedAt,
    })
    .from(bills)
    .where(
      and(
        eq(bills.venueId, venueId),
        inArray(bills.reservationId, [...reservationIds]),
        isNull(bills.voidedAt),
      ),
    )
    .orderBy(asc(bills.id));
}

/** Whether an account has payments or issued invoices (it cannot be merged away then). */
export async function hasPaymentsOrInvoices(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<boolean> {
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.venueId, venueId),
        eq(payments.reservationId, reservationId),
        isNull(payments.voidedAt),
      ),
    )
    .limit(1);
  if (paid) return true;
  const [invoice] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.venueId, venueId), eq(bills.reservationId, reservationId), sql`${bills.type} <> 0`))
    .limit(1);
  return invoice !== undefined;
}

/** The allergens guests declared (ids of the 14 EU allergens). */
export async function allergensOfGuests(
  db: Executor,
  venueId: number,
  guestIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byGuest = new Map<number, number[]>();
  if (guestIds.length === 0) return byGuest;
  const rows = await db
    .select({ guestId: guestAllergens.guestId, allergenId: guestAllergens.allergenId })
    .from(guestAllergens)
    .where(and(eq(guestAllergens.venueId, venueId), inArray(guestAllergens.guestId, [...guestIds])))
    .orderBy(asc(guestAllergens.allergenId));
  for (const row of rows) byGuest.set(row.guestId, [...(byGuest.get(row.guestId) ?? []), row.allergenId]);
  return byGuest;
}

/** Advisory lock class of the floor's seatings (any constant unique to this use). */
const SEATING_LOCK_CLASS = 0x534d; // "SM"

/**
 * Serialises staff seatings of one venue until the transaction ends, so concurrent walk-ins choose their
 * tables one after the other on fresh data instead of all picking the same best table. Guest bookings do
 * not take it: the exclusion constraint still decides between a seating and a booking.
 */
export async function lockVenueSeating(db: Executor, venueId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SEATING_LOCK_CLASS}::int, ${venueId}::int)`);
}
