// table_bookings: the tables a reservation holds, books, sits at and gave up (REL-01 exclusion constraint).
import { RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { leanQuery, type LeanRead } from '../../db/lean.ts';
import { queryRows } from '../../db/rows.ts';
import { diningTables, tableBookings } from '../../db/schema/index.ts';

/** One live table booking (held, confirmed or seated) with its reservation's party and start. */
export interface LiveTableBooking {
  readonly reservationId: number;
  readonly tableId: number;
  readonly status: 'held' | 'confirmed' | 'seated';
  readonly holdExpiresAt: Date | null;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly pax: number;
  readonly reservationStartsAt: Date;
}

/**
 * Every table booking that takes part in the exclusion constraint (held, confirmed, seated) and overlaps
 * [from, to): exactly what the database would weigh against a new booking, whatever the reservation's
 * status says. Served by the constraint's own GiST index.
 */
export async function listLiveTableBookings(
  db: Executor,
  venueId: number,
  from: Date,
  to: Date,
): Promise<LiveTableBooking[]> {
  const rows = await queryRows<{
    reservation_id: number;
    table_id: number;
    status: LiveTableBooking['status'];
    hold_expires_at: string | Date | null;
    starts_at: string | Date;
    ends_at: string | Date;
    pax: number;
    reservation_starts_at: string | Date;
  }>(
    db,
    sql`
    select tb.reservation_id, tb.table_id, tb.status, tb.hold_expires_at,
           lower(tb.during) as starts_at, upper(tb.during) as ends_at,
           r.pax, r.starts_at as reservation_starts_at
    from table_bookings tb
    join reservations r on r.venue_id = tb.venue_id and r.id = tb.reservation_id
    where tb.venue_id = ${venueId}
      and tb.status in ('held', 'confirmed', 'seated')
      and tb.during && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`,
  );
  return rows.map((row) => ({
    reservationId: Number(row.reservation_id),
    tableId: Number(row.table_id),
    status: row.status,
    holdExpiresAt: row.hold_expires_at === null ? null : new Date(row.hold_expires_at),
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    pax: Number(row.pax),
    reservationStartsAt: new Date(row.reservation_starts_at),
  }));
}

/**
 * Releases the lapsed holds of the venue overlapping [from, to). The exclusion constraint cannot read the
 * clock, so a booking transaction frees what has expired before it books (decision 006). Returns the
 * provisional reservations whose holds were released.
 */
export async function releaseExpiredHolds(
  db: Executor,
  venueId: number,
  now: Date,
  from: Date,
  to: Date,
): Promise<number[]> {
  const rows = await queryRows<{ reservation_id: number }>(
    db,
    sql`
    update table_bookings set status = 'released', released_at = ${now.toISOString()}::timestamptz
    where venue_id = ${venueId} and status = 'held'
      and hold_expires_at <= ${now.toISOString()}::timestamptz
      and during && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')
    returning reservation_id`,
  );
  return [...new Set(rows.map((row) => Number(row.reservation_id)))];
}

/** Deletes provisional reservations (lapsed or released holds) left from before `before`. */
export async function deleteAbandonedHolds(db: Executor, venueId: number, before: Date): Promise<void> {
  await db.execute(sql`
    delete from reservations r
    where r.id in (
      select r2.id from reservations r2
      where r2.venue_id = ${venueId} and r2.status = ${RESERVATION_STATUS_CODES.excluded}
        and r2.created_at < ${before.toISOString()}::timestamptz
        and not exists (
          select 1 from table_bookings tb
          where tb.venue_id = r2.venue_id and tb.reservation_id = r2.id and tb.status = 'held'
            and tb.hold_expires_at > ${before.toISOString()}::timestamptz
        )
      limit 200
    )`);
}

/**
 * Serialises guest holds on `scope` until the transaction ends: one holder's holds, so two parallel holds
 * cannot both see room under the holder's bound, and one service day's holds, so two cannot both see room
 * under the share of tables holds may keep.
 */
export async function lockHoldScope(db: Executor, scope: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold:${scope}`}))`);
}

/** When each live hold of a holder lapses, soonest first: provisional, its hold token neither used nor lapsed. */
export async function liveHoldExpiriesOf(
  db: Executor,
  venueId: number,
  heldBy: string,
  now: Date,
): Promise<Date[]> {
  const rows = await queryRows<{ expires_at: string | Date }>(
    db,
    sql`
    select g.expires_at
    from reservations r
    join guest_tokens g on g.venue_id = r.venue_id and g.reservation_id = r.id and g.purpose = 'reservation'
    where r.venue_id = ${venueId} and r.held_by = ${heldBy} and r.status = ${RESERVATION_STATUS_CODES.excluded}
      and g.revoked_at is null and g.expires_at > ${now.toISOString()}::timestamptz
    order by g.expires_at`,
  );
  return rows.map((row) => new Date(row.expires_at));
}

export async function insertTableBookings(
  db: Executor,
  rows: (typeof tableBookings.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(tableBookings).values(rows);
}

/**
 * Turns a reservation's live holds into confirmed bookings, if they have not lapsed. Returns the
 * tables confirmed (none when the hold lapsed or was released meanwhile).
 */
export async function confirmHeldBookings(
  db: Executor,
  venueId: number,
  reservationId: number,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .update(tableBookings)
    .set({ status: 'confirmed', holdExpiresAt: null })
    .where(
      and(
        eq(tableBookings.venueId, venueId),
        eq(tableBookings.reservationId, reservationId),
        eq(tableBookings.status, 'held'),
        gt(tableBookings.holdExpiresAt, now),
      ),
    )
    .returning({ tableId: tableBookings.tableId });
  return rows.map((row) => row.tableId);
}

/** Releases every live table booking of a reservation (cancelled, moved, hold given up). */
export async function releaseBookingsOf(
  db: Executor,
  venueId: number,
  reservationId: number,
  now: Date,
): Promise<void> {
  await db
    .update(tableBookings)
    .set({ status: 'released', releasedAt: now })
    .where(
      and(
        eq(tableBookings.venueId, venueId),
        eq(tableBookings.reservationId, reservationId),
        inArray(tableBookings.status, ['held', 'confirmed', 'seated']),
      ),
    );
}

/** The tables a reservation holds now (live bookings), with their names. */
export async function liveTablesOf(db: Executor, venueId: number, reservationIds: readonly number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      reservationId: tableBookings.reservationId,
      tableId: tableBookings.tableId,
      name: diningTables.name,
      status: tableBookings.status,
    })
    .from(tableBookings)
    .innerJoin(
      diningTables,
      and(eq(diningTables.venueId, tableBookings.venueId), eq(diningTables.id, tableBookings.tableId)),
    )
    .where(
      and(
        eq(tableBookings.venueId, venueId),
        inArray(tableBookings.reservationId, [...reservationIds]),
        inArray(tableBookings.status, ['held', 'confirmed', 'seated']),
      ),
    )
    .orderBy(asc(diningTables.sortOrder), asc(diningTables.id));
}

/** The guests are in: the reservation's confirmed table bookings become seated. */
export async function markBookingsSeated(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<void> {
  await db
    .update(tableBookings)
    .set({ status: 'seated' })
    .where(
      and(
        eq(tableBookings.venueId, venueId),
        eq(tableBookings.reservationId, reservationId),
        eq(tableBookings.status, 'confirmed'),
      ),
    );
}

/** One table of a reservation as screens show it: its live tables, or the last ones it had. */
export interface DisplayedTable {
  readonly reservationId: number;
  readonly tableId: number;
  readonly name: string;
  readonly roomId: number;
  /** Whether the booking is live (held, confirmed, seated) or was released (a finished reservation). */
  readonly live: boolean;
}

/** A displayed table as the statements below give it. */
interface DisplayedRow {
  readonly reservation_id: number;
  readonly table_id: number;
  readonly name: string;
  readonly room_id: number;
  readonly status: string;
}

/**
 * The live table bookings of reservations ($2, ids as JSON) or, for a reservation without any (closed,
 * no-show, cancelled), the tables of its last release, so the finished list still says where the party sat.
 */
const DISPLAYED_ROWS_SQL = `
    select tb.reservation_id, tb.table_id, t.name, t.room_id, tb.status, t.sort_order
    from table_bookings tb
    join dining_tables t on t.venue_id = tb.venue_id and t.id = tb.table_id
    where tb.venue_id = $1 and tb.reservation_id in (select jsonb_array_elements_text($2::jsonb)::int)
      and (
        tb.status in ('held', 'confirmed', 'seated')
        or (
          tb.status = 'released'
          and not exists (
            select 1 from table_bookings l
            where l.venue_id = tb.venue_id and l.reservation_id = tb.reservation_id
              and l.status in ('held', 'confirmed', 'seated'))
          and tb.released_at = (
            select max(r.released_at) from table_bookings r
            where r.venue_id = tb.venue_id and r.reservation_id = tb.reservation_id and r.status = 'released')
        )
      )`;

const DISPLAYED_TABLES_SQL = `${DISPLAYED_ROWS_SQL}
    order by t.sort_order, t.id`;

const DISPLAYED_TABLES_AND_ROOMS_SQL = `
select
  coalesce((select jsonb_agg(to_jsonb(d) order by d.sort_order, d.table_id)
    from (${DISPLAYED_ROWS_SQL}) d), '[]') as tables,
  coalesce((select jsonb_agg(jsonb_build_array(r.id, r.name))
    from rooms r where r.venue_id = $1), '[]') as rooms`;

/** The rows in floor order, each reservation's table once. */
function displayed(rows: readonly DisplayedRow[]): DisplayedTable[] {
  const seen = new Set<string>();
  const tables: DisplayedTable[] = [];
  for (const row of rows) {
    const key = `${row.reservation_id}:${row.table_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    tables.push({
      reservationId: Number(row.reservation_id),
      tableId: Number(row.table_id),
      name: row.name,
      roomId: Number(row.room_id),
      live: row.status !== 'released',
    });
  }
  return tables;
}

/** The tables of reservations for display, in floor order: one prepared statement (decision 054). */
export async function displayedTablesOf(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<DisplayedTable[]> {
  if (reservationIds.length === 0) return [];
  return displayed(
    await leanQuery<DisplayedRow>(db, 'displayed_tables', DISPLAYED_TABLES_SQL, [
      venueId,
      JSON.stringify(reservationIds),
    ]),
  );
}

/** The tables of reservations for display and the names of the venue's rooms, by id, in one read. */
export function displayedTablesAndRoomsRead(
  venueId: number,
  reservationIds: readonly number[],
): LeanRead<{ tables: DisplayedTable[]; roomNames: Map<number, string> }> {
  return {
    name: 'displayed_tables_and_rooms',
    text: DISPLAYED_TABLES_AND_ROOMS_SQL,
    values: [venueId, JSON.stringify(reservationIds)],
    decode: (row) => ({
      tables: displayed((row.tables ?? []) as DisplayedRow[]),
      roomNames: new Map((row.rooms ?? []) as [number, string][]),
    }),
  };
}

/** The table bookings a reservation gave up last (to take them again when it is reactivated). */
export async function lastReleasedBookingsOf(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<{ tableId: number; startsAt: Date; endsAt: Date }[]> {
  const rows = await queryRows<{ table_id: number; starts_at: string | Date; ends_at: string | Date }>(
    db,
    sql`
    select distinct tb.table_id, lower(tb.during) as starts_at, upper(tb.during) as ends_at
    from table_bookings tb
    where tb.venue_id = ${venueId} and tb.reservation_id = ${reservationId} and tb.status = 'released'
      and tb.released_at = (
        select max(r.released_at) from table_bookings r
        where r.venue_id = ${venueId} and r.reservation_id = ${reservationId} and r.status = 'released')`,
  );
  return rows.map((row) => ({
    tableId: Number(row.table_id),
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
  }));
}
