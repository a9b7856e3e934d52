// The venue's rooms, tables and combinations as the availability engine reads them (admin-floor writes them).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import { diningTables, rooms, tableCombinationMembers, tableCombinations } from '../../db/schema/index.ts';

/** The venue's floor as the availability engine needs it. */
export async function loadFloor(db: Executor, venueId: number) {
  const run = readsOn(db);
  const [roomRows, tableRows, combinationRows, memberRows] = await Promise.all([
    run(() =>
      db
        .select({
          id: rooms.id,
          name: rooms.name,
          sortOrder: rooms.sortOrder,
          reservable: rooms.reservable,
        })
        .from(rooms)
        .where(eq(rooms.venueId, venueId))
        .orderBy(asc(rooms.sortOrder), asc(rooms.id)),
    ),
    run(() =>
      db
        .select({
          id: diningTables.id,
          roomId: diningTables.roomId,
          name: diningTables.name,
          minPax: diningTables.minPax,
          maxPax: diningTables.maxPax,
          combinable: diningTables.combinable,
          sortOrder: diningTables.sortOrder,
          active: diningTables.active,
        })
        .from(diningTables)
        .where(eq(diningTables.venueId, venueId))
        .orderBy(asc(diningTables.sortOrder), asc(diningTables.id)),
    ),
    run(() =>
      db
        .select({
          id: tableCombinations.id,
          minPax: tableCombinations.minPax,
          maxPax: tableCombinations.maxPax,
        })
        .from(tableCombinations)
        .where(eq(tableCombinations.venueId, venueId)),
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
  const combinations = combinationRows.map((combination) => ({
    ...combination,
    tableIds: memberRows.filter((member) => member.combinationId === combination.id).map((m) => m.tableId),
  }));
  return { rooms: roomRows, tables: tableRows, combinations };
}

export async function roomNames(db: Executor, venueId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(eq(rooms.venueId, venueId));
  return new Map(rows.map((row) => [row.id, row.name]));
}
