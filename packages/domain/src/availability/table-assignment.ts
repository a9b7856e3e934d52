import { TableBookingIndex, liveBookings, type ExistingBooking } from './bookings.ts';
import { DEFAULT_BUFFER_MINUTES } from './durations.ts';

/** A table guests sit at (`dining_tables`), as the availability engine needs it. */
export interface DiningTable {
  readonly id: number;
  readonly roomId: number;
  /** Fewest pax it is given to (a 6-top with minPax 4 is not given to a couple). */
  readonly minPax: number;
  /** Most pax it seats alone. */
  readonly maxPax: number;
  /** Whether it may be joined with other tables for a larger party. Default false. */
  readonly combinable?: boolean;
  /** Tie-breaker between equally good tables: lower first. Default 0. */
  readonly sortOrder?: number;
  /** Combinable tables sharing a group (in one room) may be joined in any combination. */
  readonly combinationGroup?: string | null;
  /** Retired tables (`active = false`) are never offered. Default true. */
  readonly active?: boolean;
}

/** A room of the venue (Sala, Terraza): guests book a time in a room. */
export interface Room {
  readonly id: number;
  /** Order rooms are listed and preferred in: lower first. Default 0. */
  readonly sortOrder?: number;
  /** Offered to guests booking online. Default true; staff may still seat parties there. */
  readonly reservable?: boolean;
}

/**
 * A set of tables the venue declares may be joined (`table_combinations`), with the party sizes it seats.
 * Without `minPax` it is offered only when every one of its tables is needed for the party; without
 * `maxPax` it seats the sum of its tables' `maxPax`.
 */
export interface TableCombination {
  readonly id?: number;
  readonly tableIds: readonly number[];
  readonly minPax?: number;
  readonly maxPax?: number;
}

/** Default largest number of tables joined by adjacency or by group (declared combinations may be larger). */
export const DEFAULT_MAX_COMBINATION_TABLES = 3;

/**
 * The venue's floor: tables, rooms and which tables may be joined. Combinations come from three sources,
 * all limited to combinable, active tables of one room: declared `combinations`, `adjacentTables` (any
 * connected chain of up to `maxCombinationTables` neighbours) and tables' `combinationGroup` (any set of up
 * to `maxCombinationTables` tables of a group).
 */
export interface FloorPlan {
  readonly tables: readonly DiningTable[];
  /** When given, only tables of these rooms are offered, and rooms order by `sortOrder`. */
  readonly rooms?: readonly Room[];
  readonly combinations?: readonly TableCombination[];
  /** Pairs of combinable tables that stand next to each other and may be pushed together. */
  readonly adjacentTables?: readonly (readonly [number, number])[];
  /** Default {@link DEFAULT_MAX_COMBINATION_TABLES}. */
  readonly maxCombinationTables?: number;
}

/** A way to seat a party: one table, or a combination of tables of one room. */
export interface TableOption {
  /** Tables, ascending by id. */
  readonly tableIds: readonly number[];
  readonly roomId: number;
  readonly minPax: number;
  readonly maxPax: number;
  /** The declared combination's id, when it is one. */
  readonly combinationId: number | null;
}

/** Which options to consider for a party. */
export interface TableOptionFilter {
  /** Only this room (the guest's choice). */
  readonly roomId?: number | null;
  /** Also rooms with `reservable: false` (staff seating). Default false. */
  readonly includeNonReservableRooms?: boolean;
}

interface RankedOption extends TableOption {
  readonly roomOrder: number;
  readonly tableOrders: readonly number[];
}

function compareNumberLists(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = (a[index] as number) - (b[index] as number);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/**
 * Preference between two options that both seat the party, best first: a single table before a combination and
 * fewer tables before more; then the fewest empty seats (smallest adequate capacity); then the room's and the
 * tables' sort order; then table ids, so the choice is stable.
 */
function compareOptions(a: RankedOption, b: RankedOption): number {
  return (
    a.tableIds.length - b.tableIds.length ||
    a.maxPax - b.maxPax ||
    a.roomOrder - b.roomOrder ||
    a.roomId - b.roomId ||
    compareNumberLists(a.tableOrders, b.tableOrders) ||
    compareNumberLists(a.tableIds, b.tableIds)
  );
}

function keyOf(tableIds: readonly number[]): string {
  return tableIds.join(',');
}

/** Every set of 2..`maxSize` tables connected through `neighbours`, as sorted id lists. */
function connectedSets(neighbours: ReadonlyMap<number, readonly number[]>, maxSize: number): number[][] {
  const found = new Map<string, number[]>();
  let frontier: number[][] = [...neighbours.keys()].map((id) => [id]);
  for (let size = 2; size <= maxSize; size += 1) {
    const next = new Map<string, number[]>();
    for (const set of frontier) {
      for (const member of set) {
        for (const neighbour of neighbours.get(member) ?? []) {
          if (set.includes(neighbour)) continue;
          const grown = [...set, neighbour].sort((a, b) => a - b);
          const key = keyOf(grown);
          if (!next.has(key)) next.set(key, grown);
        }
      }
    }
    for (const [key, set] of next) found.set(key, set);
    frontier = [...next.values()];
  }
  return [...found.values()];
}

/** Every set of 2..`maxSize` of `ids`, as sorted id lists. */
function subsets(ids: readonly number[], maxSize: number): number[][] {
  const sorted = [...ids].sort((a, b) => a - b);
  const result: number[][] = [];
  const grow = (from: number, current: number[]): void => {
    if (current.length >= 2) result.push([...current]);
    if (current.length === maxSize) return;
    for (let index = from; index < sorted.length; index += 1) {
      current.push(sorted[index] as number);
      grow(index + 1, current);
      current.pop();
    }
  };
  grow(0, []);
  return result;
}

/**
 * Every way to seat a party of `pax` on `floor`, best first (see the ranking on {@link assignTable}). Built
 * once per computation: single tables with minPax ≤ pax ≤ maxPax, and combinations of combinable, active
 * tables of one room that seat the party. Tables of rooms not listed in `floor.rooms` (when given) and of
 * non-reservable rooms (unless asked) are left out.
 */
export function tableOptionsFor(
  floor: FloorPlan,
  pax: number,
  filter: TableOptionFilter = {},
): TableOption[] {
  if (!Number.isInteger(pax) || pax < 1) return [];
  const roomOrder = new Map<number, number>();
  for (const room of floor.rooms ?? []) {
    if (room.reservable === false && !filter.includeNonReservableRooms) continue;
    roomOrder.set(room.id, room.sortOrder ?? 0);
  }
  const eligible = new Map<number, DiningTable>();
  for (const table of floor.tables) {
    if (table.active === false) continue;
    if (filter.roomId !== undefined && filter.roomId !== null && table.roomId !== filter.roomId) continue;
    if (floor.rooms !== undefined && !roomOrder.has(table.roomId)) continue;
    eligible.set(table.id, table);
  }
  const ranked = (option: TableOption): RankedOption => ({
    ...option,
    roomOrder: roomOrder.get(option.roomId) ?? 0,
    tableOrders: option.tableIds.map((id) => eligible.get(id)?.sortOrder ?? 0).sort((a, b) => a - b),
  });

  const options: RankedOption[] = [];
  for (const table of eligible.values()) {
    if (table.minPax <= pax && pax <= table.maxPax) {
      options.push(
        ranked({
          tableIds: [table.id],
          roomId: table.roomId,
          minPax: table.minPax,
          maxPax: table.maxPax,
          combinationId: null,
        }),
      );
    }
  }

  // Combinations: declared ones first (they carry the venue's own limits), then generated ones.
  const seen = new Set<string>();
  const members = (tableIds: readonly number[]): DiningTable[] | null => {
    const tables: DiningTable[] = [];
    for (const id of tableIds) {
      const table = eligible.get(id);
      if (!table || !table.combinable) return null;
      tables.push(table);
    }
    const roomId = tables[0]?.roomId;
    return tables.length >= 2 && tables.every((table) => table.roomId === roomId) ? tables : null;
  };
  const consider = (tableIds: readonly number[], declared: TableCombination | null): void => {
    const sorted = [...new Set(tableIds)].sort((a, b) => a - b);
    const key = keyOf(sorted);
    if (seen.has(key)) return;
    seen.add(key);
    const tables = members(sorted);
    if (!tables) return;
    const seats = tables.reduce((sum, table) => sum + table.maxPax, 0);
    const maxPax = declared?.maxPax ?? seats;
    let minPax: number;
    if (declared?.minPax !== undefined) {
      minPax = declared.minPax;
    } else {
      // Join only what is needed: without any one of its tables the party would no longer fit.
      minPax = Math.max(...tables.map((table) => seats - table.maxPax + 1));
    }
    if (pax < minPax || pax > maxPax) return;
    options.push(
      ranked({
        tableIds: sorted,
        roomId: (tables[0] as DiningTable).roomId,
        minPax,
        maxPax,
        combinationId: declared?.id ?? null,
      }),
    );
  };
  for (const combination of floor.combinations ?? []) consider(combination.tableIds, combination);

  const maxSize = Math.max(2, floor.maxCombinationTables ?? DEFAULT_MAX_COMBINATION_TABLES);
  const combinable = [...eligible.values()].filter((table) => table.combinable);
  const combinableIds = new Set(combinable.map((table) => table.id));
  if (floor.adjacentTables && floor.adjacentTables.length > 0) {
    const neighbours = new Map<number, number[]>();
    for (const [a, b] of floor.adjacentTables) {
      if (a === b || !combinableIds.has(a) || !combinableIds.has(b)) continue;
      if (eligible.get(a)?.roomId !== eligible.get(b)?.roomId) continue;
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const list = neighbours.get(from) ?? [];
        if (!list.includes(to)) list.push(to);
        neighbours.set(from, list);
      }
    }
    for (const set of connectedSets(neighbours, maxSize)) consider(set, null);
  }
  const groups = new Map<string, number[]>();
  for (const table of combinable) {
    if (!table.combinationGroup) continue;
    const key = `${table.roomId}\u0000${table.combinationGroup}`;
    const list = groups.get(key) ?? [];
    list.push(table.id);
    groups.set(key, list);
  }
  for (const ids of groups.values()) for (const set of subsets(ids, maxSize)) consider(set, null);

  return options.sort(compareOptions).map(({ tableIds, roomId, minPax, maxPax, combinationId }) => ({
    tableIds,
    roomId,
    minPax,
    maxPax,
    combinationId,
  }));
}

/** What {@link assignTable} needs to know about the wanted table booking. */
export interface TableRequest extends TableOptionFilter {
  /** Start of the stay (a real instant). */
  readonly startsAt: Date;
  readonly pax: number;
  /** Length of the stay in minutes (the slot's `duration`). */
  readonly durationMinutes: number;
  /** Reservations' table bookings. */
  readonly bookings: readonly ExistingBooking[];
  /** Live holds of other guests. */
  readonly holds?: readonly ExistingBooking[];
  /** Turnover minutes kept clear before and after every booking. Default {@link DEFAULT_BUFFER_MINUTES}. */
  readonly bufferMinutes?: number;
  /** The current instant, to let lapsed holds go. */
  readonly now: Date;
  /** Bookings or holds to disregard by id (the guest's own hold). */
  readonly ignoreBookingIds?: readonly (string | number)[];
}

/** The table or combination chosen for a party. */
export type TableAssignment = TableOption;

/**
 * The best table (or combination) free for the whole stay `startsAt` .. `startsAt + durationMinutes`, with
 * `bufferMinutes` clear of every other booking and live hold, or null when none is.
 *
 * Ranking, best first: a single table before a combination and fewer tables before more (joining tables is
 * work for the floor and breaks up smaller tables other parties need); then the fewest empty seats; then
 * the room's sort order (when `roomId` does not fix it); then the tables' sort order and ids, so equal
 * choices always fall the same way. A table whose minPax is above the party is never chosen; combinations
 * join only combinable tables of one room that the venue allows to be joined.
 */
export function assignTable(floor: FloorPlan, request: TableRequest): TableAssignment | null {
  if (!(request.durationMinutes > 0)) return null;
  const options = tableOptionsFor(floor, request.pax, request);
  if (options.length === 0) return null;
  const start = request.startsAt.getTime();
  const stayMs = request.durationMinutes * 60_000;
  const bufferMs = (request.bufferMinutes ?? DEFAULT_BUFFER_MINUTES) * 60_000;
  const index = new TableBookingIndex(
    liveBookings([request.bookings, request.holds], {
      now: request.now,
      ignoreBookingIds: request.ignoreBookingIds,
      from: start - stayMs - bufferMs,
      to: start + stayMs + bufferMs,
    }),
  );
  for (const option of options) {
    if (option.tableIds.every((tableId) => index.freeFrom(tableId, start, bufferMs) >= stayMs)) return option;
  }
  return null;
}
