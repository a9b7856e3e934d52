import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import { queryRows } from '../../db/rows.ts';
import {
  diningTables,
  reservations,
  rooms,
  tableCombinationMembers,
  tableCombinations,
} from '../../db/schema/index.ts';

const roomColumns = {
  id: rooms.id,
  name: rooms.name,
  sortOrder: rooms.sortOrder,
  reservable: rooms.reservable,
  planWidth: rooms.planWidth,
  planHeight: rooms.planHeight,
  version: rooms.version,
};
export type FloorRoomRow = Awaited<ReturnType<typeof listActiveRooms>>[number];

const tableColumns = {
  id: diningTables.id,
  roomId: diningTables.roomId,
  name: diningTables.name,
  minPax: diningTables.minPax,
  maxPax: diningTables.maxPax,
  shape: diningTables.shape,
  x: diningTables.x,
  y: diningTables.y,
  width: diningTables.width,
  height: diningTables.height,
  rotation: diningTables.rotation,
  zone: diningTables.zone,
  combinable: diningTables.combinable,
  version: diningTables.version,
};
export type FloorTableRow = Awaited<ReturnType<typeof listActiveTables>>[number];

export function listActiveRooms(db: Executor, venueId: number) {
  return db
    .select(roomColumns)
    .from(rooms)
    .where(and(eq(rooms.venueId, venueId), eq(rooms.active, true)))
    .orderBy(asc(rooms.sortOrder), asc(rooms.id));
}

export function listActiveTables(db: Executor, venueId: number) {
  return db
    .select(tableColumns)
    .from(diningTables)
    .where(and(eq(diningTables.venueId, venueId), eq(diningTables.active, true)))
    .orderBy(asc(diningTables.sortOrder), asc(diningTables.id));
}

export async function listCombinations(db: Executor, venueId: number) {
  const run = readsOn(db);
  const [rows, members] = await Promise.all([
    run(() =>
      db
        .select({
          id: tableCombinations.id,
          name: tableCombinations.name,
          minPax: tableCombinations.minPax,
          maxPax: tableCombinations.maxPax,
        })
        .from(tableCombinations)
        .where(eq(tableCombinations.venueId, venueId))
        .orderBy(asc(tableCombinations.id)),
    ),
    run(() =>
      db
        .select({
          combinationId: tableCombinationMembers.combinationId,
          tableId: tableCombinationMembers.tableId,
        })
        .from(tableCombinationMembers)
        .where(eq(tableCombinationMembers.venueId, venueId)),
    ),
  ]);
  return rows.map((row) => ({
    ...row,
    tableIds: members
      .filter((member) => member.combinationId === row.id)
      .map((member) => member.tableId)
      .sort((a, b) => a - b),
  }));
}

/** An active room under a row lock, so two admins' edits of it apply one after the other. */
export async function lockRoom(tx: Transaction, venueId: number, roomId: number) {
  const [row] = await tx
    .select(roomColumns)
    .from(rooms)
    .where(and(eq(rooms.venueId, venueId), eq(rooms.id, roomId), eq(rooms.active, true)))
    .for('update');
  return row;
}

/** An active table under a row lock. */
export async function lockTable(tx: Transaction, venueId: number, tableId: number) {
  const [row] = await tx
    .select(tableColumns)
    .from(diningTables)
    .where(
      and(eq(diningTables.venueId, venueId), eq(diningTables.id, tableId), eq(diningTables.active, true)),
    )
    .for('update');
  return row;
}

/** Whether an active room (or table) other than `exceptId` already has this name, case aside. */
export async function nameTaken(
  db: Executor,
  venueId: number,
  kind: 'room' | 'table',
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const table = kind === 'room' ? rooms : diningTables;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.venueId, venueId),
        eq(table.active, true),
        sql`lower(${table.name}) = lower(${name})`,
        exceptId === null ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertRoom(tx: Transaction, values: typeof rooms.$inferInsert) {
  const [row] = await tx.insert(rooms).values(values).returning(roomColumns);
  return row!;
}

/** Writes a room's change and bumps its version. */
export async function writeRoom(
  tx: Transaction,
  venueId: number,
  roomId: number,
  values: Partial<
    Pick<typeof rooms.$inferInsert, 'name' | 'reservable' | 'planWidth' | 'planHeight' | 'sortOrder'>
  >,
) {
  const [row] = await tx
    .update(rooms)
    .set({ ...values, version: sql`${rooms.version} + 1` })
    .where(and(eq(rooms.venueId, venueId), eq(rooms.id, roomId)))
    .returning(roomColumns);
  return row!;
}

export async function retireRoom(tx: Transaction, venueId: number, roomId: number): Promise<void> {
  await tx
    .update(rooms)
    .set({ active: false, reservable: false, version: sql`${rooms.version} + 1` })
    .where(and(eq(rooms.venueId, venueId), eq(rooms.id, roomId)));
}

export async function deleteRoom(tx: Transaction, venueId: number, roomId: number): Promise<void> {
  await tx.delete(rooms).where(and(eq(rooms.venueId, venueId), eq(rooms.id, roomId)));
}

/** Whether anything keeps the room's row: a table (even retired) or a reservation made in it. */
export async function roomHasHistory(db: Executor, venueId: number, roomId: number): Promise<boolean> {
  const [table] = await db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(and(eq(diningTables.venueId, venueId), eq(diningTables.roomId, roomId)))
    .limit(1);
  if (table) return true;
  const [reservation] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), eq(reservations.roomId, roomId)))
    .limit(1);
  return reservation !== undefined;
}

export async function lastRoomOrder(db: Executor, venueId: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${rooms.sortOrder})` })
    .from(rooms)
    .where(eq(rooms.venueId, venueId));
  return Number(row?.last ?? -1);
}

export async function lastTableOrder(db: Executor, venueId: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${diningTables.sortOrder})` })
    .from(diningTables)
    .where(eq(diningTables.venueId, venueId));
  return Number(row?.last ?? -1);
}

export async function insertTable(tx: Transaction, values: typeof diningTables.$inferInsert) {
  const [row] = await tx.insert(diningTables).values(values).returning(tableColumns);
  return row!;
}

type TableValues = Partial<
  Pick<
    typeof diningTables.$inferInsert,
    | 'roomId'
    | 'name'
    | 'minPax'
    | 'maxPax'
    | 'shape'
    | 'x'
    | 'y'
    | 'width'
    | 'height'
    | 'rotation'
    | 'zone'
    | 'combinable'
    | 'active'
  >
>;

/** Writes a table's change and bumps its version. */
export async function writeTable(tx: Transaction, venueId: number, tableId: number, values: TableValues) {
  const [row] = await tx
    .update(diningTables)
    .set({ ...values, version: sql`${diningTables.version} + 1` })
    .where(and(eq(diningTables.venueId, venueId), eq(diningTables.id, tableId)))
    .returning(tableColumns);
  return row!;
}

/** The bookings still to come (or sitting now) at a table: held, confirmed or seated, ending after `now`. */
export async function upcomingBookingsAt(tx: Transaction, venueId: number, tableId: number, now: Date) {
  const rows = await queryRows<{ id: number; name: string; pax: number; starts_at: string | Date }>(
    tx,
    sql`
    select distinct r.id, r.name, r.pax, r.starts_at
    from table_bookings tb
    join reservations r on r.venue_id = tb.venue_id and r.id = tb.reservation_id
    where tb.venue_id = ${venueId} and tb.table_id = ${tableId}
      and tb.status in ('held', 'confirmed', 'seated')
      and (tb.status <> 'held' or tb.hold_expires_at > ${now.toISOString()}::timestamptz)
      and upper(tb.during) > ${now.toISOString()}::timestamptz
    order by r.starts_at, r.id`,
  );
  return rows.map((row) => ({
    reservationId: Number(row.id),
    name: row.name,
    pax: Number(row.pax),
    startsAt: new Date(row.starts_at),
  }));
}

/** Only the venue's active tables among `tableIds`, with their rooms. */
export function activeTablesAmong(db: Executor, venueId: number, tableIds: readonly number[]) {
  return db
    .select({ id: diningTables.id, roomId: diningTables.roomId })
    .from(diningTables)
    .where(
      and(
        eq(diningTables.venueId, venueId),
        eq(diningTables.active, true),
        inArray(diningTables.id, [...tableIds]),
      ),
    );
}

/** The combinations a table belongs to. */
export async function combinationsWith(db: Executor, venueId: number, tableId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tableCombinationMembers.combinationId })
    .from(tableCombinationMembers)
    .where(and(eq(tableCombinationMembers.venueId, venueId), eq(tableCombinationMembers.tableId, tableId)));
  return rows.map((row) => row.id);
}

export async function lockCombination(tx: Transaction, venueId: number, combinationId: number) {
  const [row] = await tx
    .select({ id: tableCombinations.id })
    .from(tableCombinations)
    .where(and(eq(tableCombinations.venueId, venueId), eq(tableCombinations.id, combinationId)))
    .for('update');
  return row;
}

export async function insertCombination(
  tx: Transaction,
  values: { venueId: number; name: string; minPax: number; maxPax: number },
): Promise<number> {
  const [row] = await tx.insert(tableCombinations).values(values).returning({ id: tableCombinations.id });
  return row!.id;
}

export async function writeCombination(
  tx: Transaction,
  venueId: number,
  combinationId: number,
  values: { name: string; minPax: number; maxPax: number; tableIds: readonly number[] },
): Promise<void> {
  await tx
    .update(tableCombinations)
    .set({ name: values.name, minPax: values.minPax, maxPax: values.maxPax })
    .where(and(eq(tableCombinations.venueId, venueId), eq(tableCombinations.id, combinationId)));
  await tx
    .delete(tableCombinationMembers)
    .where(
      and(
        eq(tableCombinationMembers.venueId, venueId),
        eq(tableCombinationMembers.combinationId, combinationId),
      ),
    );
  await tx
    .insert(tableCombinationMembers)
    .values(values.tableIds.map((tableId) => ({ venueId, combinationId, tableId })));
}

export async function deleteCombinations(
  tx: Transaction,
  venueId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(tableCombinations)
    .where(and(eq(tableCombinations.venueId, venueId), inArray(tableCombinations.id, [...ids])));
}
