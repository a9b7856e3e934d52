import type { Transaction } from '../../db/database.ts';
import {
  diningTables,
  rooms,
  serviceSchedules,
  tableCombinationMembers,
  tableCombinations,
} from '../../db/schema/index.ts';
import { DEMO_OPEN_WEEKDAYS, DEMO_ROOMS, DEMO_SERVICES, DEMO_TABLE_COMBINATIONS } from './demo-venue.ts';
import { insertRows } from './demo.repository.ts';
import { lookup } from './demo-seed-lookup.ts';

/** Rooms, tables and the combinations for large parties. */
export async function seedFloor(tx: Transaction, venueId: number): Promise<void> {
  const tableIds = new Map<string, number>();
  for (const [roomIndex, demoRoom] of DEMO_ROOMS.entries()) {
    const [room] = await insertRows(tx, rooms, [{ venueId, name: demoRoom.name, sortOrder: roomIndex }]);
    const tables = await insertRows(
      tx,
      diningTables,
      demoRoom.tables.map((table, index) => ({
        venueId,
        roomId: room!.id,
        name: table.name,
        minPax: table.minPax,
        maxPax: table.maxPax,
        combinable: table.combinable ?? false,
        zone: table.zone ?? null,
        sortOrder: index,
      })),
    );
    for (const table of tables) tableIds.set(table.name, table.id);
  }
  for (const combination of DEMO_TABLE_COMBINATIONS) {
    const [row] = await insertRows(tx, tableCombinations, [
      { venueId, name: combination.name, minPax: combination.minPax, maxPax: combination.maxPax },
    ]);
    await insertRows(
      tx,
      tableCombinationMembers,
      combination.tables.map((name) => ({
        venueId,
        combinationId: row!.id,
        tableId: lookup(tableIds, name),
      })),
    );
  }
}

/** The weekly schedule as rows: the source of truth for opening hours and availability. */
export async function seedSchedule(tx: Transaction, venueId: number): Promise<void> {
  await insertRows(
    tx,
    serviceSchedules,
    DEMO_OPEN_WEEKDAYS.flatMap((weekday) =>
      DEMO_SERVICES.map((service, index) => ({
        venueId,
        weekday,
        name: service.name,
        startsAt: service.start,
        endsAt: service.end,
        lastSeatingAt: service.lastSeating,
        slotIntervalMinutes: service.slotIntervalMinutes,
        sortOrder: index,
      })),
    ),
  );
}
