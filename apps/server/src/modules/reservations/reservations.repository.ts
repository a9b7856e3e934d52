import { randomBytes } from 'node:crypto';
import { bookingReferenceFrom, RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { leanQuery } from '../../db/lean.ts';
import { leanRows } from '../../db/lean-rows.ts';
import { firstRow, queryRows } from '../../db/rows.ts';
import { guestTokens, reservationGuests, reservations } from '../../db/schema/index.ts';

export type ReservationRow = typeof reservations.$inferSelect;

const reservationRows = leanRows(reservations, 'r');
const LOCK_SQL = `select ${reservationRows.columns} from reservations r where r.venue_id = $1 and r.id = $2 for update`;

/**
 * Active reservations starting in [from, to), for pacing (the caller leaves out those it already knows
 * from their table bookings). A plain index range scan: an anti-join with table_bookings is planned badly
 * on tables without statistics.
 */
export async function listActiveReservationsStarting(db: Executor, venueId: number, from: Date, to: Date) {
  return queryRows<{ id: number; pax: number; starts_at: string | Date; ends_at: string | Date }>(
    db,
    sql`
    select r.id, r.pax, r.starts_at, r.ends_at
    from reservations r
    where r.venue_id = ${venueId}
      and r.starts_at >= ${from.toISOString()}::timestamptz and r.starts_at < ${to.toISOString()}::timestamptz
      and r.status in (${RESERVATION_STATUS_CODES.active}, ${RESERVATION_STATUS_CODES.forPayment})`,
  );
}

/**
 * A booking reference no reservation of the venue has (decision 029). Looked up before the insert: a
 * collision is about one in a million at 900 bookings, and a unique violation would abort the caller's
 * transaction; the unique index still guards a race.
 */
async function freeReference(db: Executor, venueId: number): Promise<string> {
  for (;;) {
    const reference = bookingReferenceFrom(randomBytes(16));
    if (reference === null) continue;
    const [taken] = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.venueId, venueId), eq(reservations.reference, reference)))
      .limit(1);
    if (!taken) return reference;
  }
}

/** The venue's reservation with this booking reference (already normalised), or null. */
export async function reservationIdByReference(
  db: Executor,
  venueId: number,
  reference: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), eq(reservations.reference, reference)))
    .limit(1);
  return row?.id ?? null;
}

export async function insertReservation(
  db: Executor,
  values: typeof reservations.$inferInsert,
): Promise<ReservationRow> {
  const reference = values.reference ?? (await freeReference(db, values.venueId));
  const rows = await db
    .insert(reservations)
    .values({ ...values, reference })
    .returning();
  return firstRow(rows, 'reservation insert');
}

export async function updateReservationRow(
  db: Executor,
  venueId: number,
  reservationId: number,
  values: Partial<typeof reservations.$inferInsert>,
): Promise<ReservationRow> {
  const rows = await db
    .update(reservations)
    .set(values)
    .where(and(eq(reservations.venueId, venueId), eq(reservations.id, reservationId)))
    .returning();
  return firstRow(rows, 'reservation update');
}

export async function findReservation(
  db: Executor,
  venueId: number,
  ref: { id: number } | { wid: string },
): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, venueId),
        'id' in ref ? eq(reservations.id, ref.id) : eq(reservations.wid, ref.wid),
      ),
    );
  return row;
}

const tokenRows = leanRows(guestTokens, 't', 'token.');
const CAPABILITY_LOCK_SQL = `
select ${reservationRows.columns}, ${tokenRows.columns}
from guest_tokens t join reservations r on r.venue_id = t.venue_id and r.id = t.reservation_id
where t.venue_id = $1 and t.token_hash = $2
for update of r`;

/**
 * The token row of a guest capability (`tokenHash`) and its reservation, locked, in one statement: a
 * guest's order starts with both (decision 054). Undefined when the hash is unknown here or names no
 * reservation; the caller checks the token itself.
 */
export async function lockReservationOfToken(
  db: Executor,
  venueId: number,
  tokenHash: string,
): Promise<{ row: ReservationRow; token: typeof guestTokens.$inferSelect } | undefined> {
  const [found] = await leanQuery<Record<string, unknown>>(
    db,
    'reservation_lock_by_token',
    CAPABILITY_LOCK_SQL,
    [venueId, tokenHash],
  );
  return found && { row: reservationRows.row(found), token: tokenRows.row(found) };
}

/** Locks a reservation row for the rest of the transaction (cancel and change serialise on it). */
export async function lockReservation(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<ReservationRow | undefined> {
  // A staff order's first read after its key's claim (decision 054): a prepared statement.
  const [row] = await leanQuery<Record<string, unknown>>(db, 'reservation_lock', LOCK_SQL, [
    venueId,
    reservationId,
  ]);
  return row && reservationRows.row(row);
}

/** Reservations a guest booked or joined that have not ended, soonest first. */
export async function upcomingReservationsOfGuest(db: Executor, venueId: number, guestId: number, now: Date) {
  return db
    .selectDistinct({ reservation: reservations })
    .from(reservations)
    .leftJoin(
      reservationGuests,
      and(
        eq(reservationGuests.venueId, reservations.venueId),
        eq(reservationGuests.reservationId, reservations.id),
      ),
    )
    .where(
      and(
        eq(reservations.venueId, venueId),
        sql`(${reservations.guestId} = ${guestId} or ${reservationGuests.guestId} = ${guestId})`,
        inArray(reservations.status, [RESERVATION_STATUS_CODES.active, RESERVATION_STATUS_CODES.forPayment]),
        sql`${reservations.finishedAt} is null`,
        gt(reservations.endsAt, now),
      ),
    )
    .orderBy(asc(reservations.startsAt))
    .limit(50)
    .then((rows) => rows.map((row) => row.reservation));
}

/** The venue's reservations starting in [from, to) that staff see (holds left out), by start then id. */
export async function listReservationsStarting(
  db: Executor,
  venueId: number,
  from: Date,
  to: Date,
): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, venueId),
        sql`${reservations.startsAt} >= ${from.toISOString()}::timestamptz`,
        sql`${reservations.startsAt} < ${to.toISOString()}::timestamptz`,
        sql`${reservations.status} <> ${RESERVATION_STATUS_CODES.excluded}`,
      ),
    )
    .orderBy(asc(reservations.startsAt), asc(reservations.id));
}

/** How many earlier reservations (visits) each guest booked or joined at the venue. */
export async function visitCounts(
  db: Executor,
  venueId: number,
  guestIds: readonly number[],
  before: Date,
): Promise<Map<number, number>> {
  if (guestIds.length === 0) return new Map();
  const ids = sql.join(
    guestIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ guest_id: number; visits: number | string }>(
    db,
    sql`
    select rg.guest_id, count(distinct r.id) as visits
    from reservation_guests rg
    join reservations r on r.venue_id = rg.venue_id and r.id = rg.reservation_id
    where rg.venue_id = ${venueId} and rg.guest_id in (${ids})
      and r.starts_at < ${before.toISOString()}::timestamptz
      and r.status not in (${RESERVATION_STATUS_CODES.excluded}, ${RESERVATION_STATUS_CODES.cancelled})
    group by rg.guest_id`,
  );
  return new Map(rows.map((row) => [Number(row.guest_id), Number(row.visits)]));
}
