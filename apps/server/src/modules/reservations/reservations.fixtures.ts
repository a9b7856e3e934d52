import type { Executor } from '../../db/database.ts';
import {
  diningTables,
  rooms,
  serviceSchedules,
  tableCombinationMembers,
  tableCombinations,
} from '../../db/schema/index.ts';

/** A table of a test floor. */
export interface FixtureTable {
  readonly name: string;
  readonly minPax: number;
  readonly maxPax: number;
  readonly combinable?: boolean;
}

export interface FixtureRoom {
  readonly name: string;
  readonly reservable?: boolean;
  readonly tables: readonly FixtureTable[];
}

export interface FixtureService {
  readonly name: string;
  readonly start: string;
  readonly end: string;
  readonly lastSeating: string;
  readonly slotIntervalMinutes?: number;
  readonly maxCoversPerSlot?: number | null;
  /** ISO weekdays; all seven by default. */
  readonly weekdays?: readonly number[];
}

/** Lunch and dinner every day, the usual Spanish hours. */
export const FIXTURE_SERVICES: readonly FixtureService[] = [
  { name: 'Comida', start: '13:00', end: '16:00', lastSeating: '15:00' },
  { name: 'Cena', start: '20:00', end: '23:30', lastSeating: '22:30' },
];

/**
 * Furnishes a venue for booking tests and benchmarks: rooms with tables, declared combinations (by table
 * names) and the weekly schedule as service_schedules rows. Returns the ids by name.
 */
export async function furnishVenue(
  db: Executor,
  venueId: number,
  floor: {
    rooms: readonly FixtureRoom[];
    combinations?: readonly { name: string; tables: readonly string[]; minPax: number; maxPax: number }[];
    services?: readonly FixtureService[];
  },
): Promise<{ roomIds: Map<string, number>; tableIds: Map<string, number> }> {
  const roomIds = new Map<string, number>();
  const tableIds = new Map<string, number>();
  let sortOrder = 0;
  for (const [index, room] of floor.rooms.entries()) {
    const [row] = await db
      .insert(rooms)
      .values({ venueId, name: room.name, sortOrder: index + 1, reservable: room.reservable ?? true })
      .returning();
    if (!row) throw new Error('no room');
    roomIds.set(room.name, row.id);
    if (room.tables.length === 0) continue;
    const tables = await db
      .insert(diningTables)
      .values(
        room.tables.map((table) => ({
          venueId,
          roomId: row.id,
          name: table.name,
          minPax: table.minPax,
          maxPax: table.maxPax,
          combinable: table.combinable ?? false,
          sortOrder: (sortOrder += 1),
        })),
      )
      .returning();
    for (const table of tables) tableIds.set(table.name, table.id);
  }
  for (const combination of floor.combinations ?? []) {
    const [row] = await db
      .insert(tableCombinations)
      .values({ venueId, name: combination.name, minPax: combination.minPax, maxPax: combination.maxPax })
      .returning();
    if (!row) throw new Error('no combination');
    await db.insert(tableCombinationMembers).values(
      combination.tables.map((name) => {
        const tableId = tableIds.get(name);
        if (tableId === undefined) throw new Error(`no table ${name}`);
        return { venueId, combinationId: row.id, tableId };
      }),
    );
  }
  const services = floor.services ?? FIXTURE_SERVICES;
  const scheduleRows = services.flatMap((service, index) =>
    (service.weekdays ?? [1, 2, 3, 4, 5, 6, 7]).map((weekday) => ({
      venueId,
      weekday,
      name: service.name,
      startsAt: service.start,
      endsAt: service.end,
      lastSeatingAt: service.lastSeating,
      slotIntervalMinutes: service.slotIntervalMinutes ?? 15,
      maxCoversPerSlot: service.maxCoversPerSlot ?? null,
      sortOrder: index,
    })),
  );
  if (scheduleRows.length > 0) await db.insert(serviceSchedules).values(scheduleRows);
  return { roomIds, tableIds };
}
