import type {
  AdminFloor,
  AdminFloorCombination,
  AdminFloorRoom,
  AdminFloorTable,
  FloorCombinationInput,
  FloorRoomCreate,
  FloorRoomUpdate,
  FloorTableCreate,
  FloorTableUpdate,
} from '@sobremesa/contracts';
import {
  DEFAULT_PLAN,
  DEFAULT_TABLE_SIZE,
  formatLocalDateTime,
  formatOffsetDateTime,
  freePlacement,
  gridPlacements,
  keepOnPlan,
  isTableShape,
  type PlanSize,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { VENUE_CONFIG_UPDATED } from '../config/venue-settings-update.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { EVERY_DATE, notifyAvailability } from '../reservations/availability-events.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  activeTablesAmong,
  combinationsWith,
  deleteCombinations,
  deleteRoom,
  insertCombination,
  insertRoom,
  insertTable,
  lastRoomOrder,
  lastTableOrder,
  listActiveRooms,
  listActiveTables,
  listCombinations,
  lockCombination,
  lockRoom,
  lockTable,
  nameTaken,
  retireRoom,
  roomHasHistory,
  upcomingBookingsAt,
  writeCombination,
  writeRoom,
  writeTable,
  type FloorRoomRow,
  type FloorTableRow,
} from './admin-floor.repository.ts';
import { insertAudit, lockVenueIdentity } from './admin-venue.repository.ts';

function toRoom(row: FloorRoomRow): AdminFloorRoom {
  const { planWidth, planHeight, ...rest } = row;
  return {
    ...rest,
    plan: planWidth === null || planHeight === null ? null : { width: planWidth, height: planHeight },
  };
}

function toTable(row: FloorTableRow): AdminFloorTable {
  // The column's check allows only the three shapes; 'square' is the column's own default.
  return { ...row, shape: isTableShape(row.shape) ? row.shape : 'square' };
}

/** The floor section of /ebitdata (issue 22 item 3): active rooms and tables, and the combinations. */
export async function adminFloor(ctx: AppContext, venue: Venue): Promise<AdminFloor> {
  const [rooms, tables, combinations] = await Promise.all([
    listActiveRooms(ctx.db, venue.id),
    listActiveTables(ctx.db, venue.id),
    listCombinations(ctx.db, venue.id),
  ]);
  return { rooms: rooms.map(toRoom), tables: tables.map(toTable), combinations };
}

/**
 * Every floor write runs under the venue's row lock, so two admins' edits apply one after the other and
 * a name checked free is still free when written. It ends with an audit row (SEC-11), a
 * `venue.config.updated` event (the copilot's floor refetches on it) and an availability hint so open
 * booking forms refetch; the venue directory's cache, and the booking profile with it, is dropped.
 */
async function floorWrite<T>(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  write: (tx: Transaction) => Promise<{ result: T; audit: FloorAudit }>,
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await lockVenueIdentity(tx, venue.id))) throw notFound();
    const { result, audit } = await write(tx);
    await insertAudit(tx, {
      venueId: venue.id,
      actorUserId: staff.userId,
      actorRole: 'admin',
      action: audit.action,
      entity: audit.entity,
      entityId: String(audit.entityId),
      before: audit.before,
      after: audit.after,
    });
    await appendEvent(tx, venue.id, VENUE_CONFIG_UPDATED, { changed: ['floor'] });
    await notifyAvailability(tx, venue.id, EVERY_DATE);
    return result;
  });
  ctx.venues.invalidate();
  return result;
}

interface FloorAudit {
  readonly action: string;
  readonly entity: 'room' | 'dining_table' | 'table_combination';
  readonly entityId: number;
  readonly before: unknown;
  readonly after: unknown;
}

function stale(): AppError {
  return new AppError(409, 'CONFLICT', 'admin_floor_stale', {
    fields: [{ path: 'expectedVersion', message: 'Changed meanwhile' }],
  });
}

async function checkName(
  tx: Transaction,
  venueId: number,
  kind: 'room' | 'table',
  name: string,
  id: number | null,
) {
  if (await nameTaken(tx, venueId, kind, name, id)) {
    throw new AppError(
      409,
      'CONFLICT',
      kind === 'room' ? 'admin_floor_room_name_taken' : 'admin_floor_table_name_taken',
      {
        fields: [{ path: 'name', message: 'Already used' }],
      },
    );
  }
}

function planOf(room: FloorRoomRow): PlanSize | null {
  return room.planWidth === null || room.planHeight === null
    ? null
    : { width: room.planWidth, height: room.planHeight };
}

/** A new room, laid out from the start, after the others. */
export async function createRoom(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: FloorRoomCreate,
): Promise<AdminFloorRoom> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    await checkName(tx, venue.id, 'room', input.name, null);
    const row = await insertRoom(tx, {
      venueId: venue.id,
      name: input.name,
      reservable: input.reservable ?? true,
      sortOrder: (await lastRoomOrder(tx, venue.id)) + 1,
      planWidth: DEFAULT_PLAN.width,
      planHeight: DEFAULT_PLAN.height,
    });
    const room = toRoom(row);
    return {
      result: room,
      audit: { action: 'room.create', entity: 'room', entityId: row.id, before: null, after: room },
    };
  });
}

/** Renames a room, offers it to guests or not, or resizes its plan (tables are kept on it). */
export async function updateRoom(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  roomId: number,
  input: FloorRoomUpdate,
): Promise<AdminFloorRoom> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    const current = await lockRoom(tx, venue.id, roomId);
    if (!current) throw notFound();
    if (current.version !== input.expectedVersion) throw stale();
    if (input.name !== undefined) await checkName(tx, venue.id, 'room', input.name, roomId);
    const row = await writeRoom(tx, venue.id, roomId, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.reservable === undefined ? {} : { reservable: input.reservable }),
      ...(input.plan === undefined ? {} : { planWidth: input.plan.width, planHeight: input.plan.height }),
    });
    if (input.plan) {
      for (const table of (await listActiveTables(tx, venue.id)).filter(
        (candidate) => candidate.roomId === roomId,
      )) {
        const kept = keepOnPlan(toTable(table), input.plan);
        if (kept.x !== table.x || kept.y !== table.y)
          await writeTable(tx, venue.id, table.id, { x: kept.x, y: kept.y });
      }
    }
    const room = toRoom(row);
    return {
      result: room,
      audit: {
        action: 'room.update',
        entity: 'room',
        entityId: roomId,
        before: toRoom(current),
        after: room,
      },
    };
  });
}

/**
 * Lays out a room never laid out: it gets the default plan and its tables are placed as the grid the
 * copilot showed, in the same order, so the admin starts from what staff already know.
 */
export async function layOutRoom(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  roomId: number,
  expectedVersion: number,
): Promise<AdminFloorRoom> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    const current = await lockRoom(tx, venue.id, roomId);
    if (!current) throw notFound();
    if (current.version !== expectedVersion) throw stale();
    const plan = planOf(current) ?? DEFAULT_PLAN;
    const tables = (await listActiveTables(tx, venue.id)).filter((table) => table.roomId === roomId);
    const places = gridPlacements(tables.length, plan);
    for (const [index, table] of tables.entries()) {
      const placed = keepOnPlan({ ...toTable(table), ...places[index]! }, plan);
      await writeTable(tx, venue.id, table.id, { x: placed.x, y: placed.y });
    }
    const row = await writeRoom(tx, venue.id, roomId, { planWidth: plan.width, planHeight: plan.height });
    const room = toRoom(row);
    return {
      result: room,
      audit: {
        action: 'room.lay_out',
        entity: 'room',
        entityId: roomId,
        before: toRoom(current),
        after: room,
      },
    };
  });
}

/** Puts the active rooms in the order given; every active room must be named exactly once. */
export async function orderRooms(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  roomIds: readonly number[],
): Promise<AdminFloorRoom[]> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    const rooms = await listActiveRooms(tx, venue.id);
    const known = new Set(rooms.map((room) => room.id));
    if (roomIds.some((id) => !known.has(id))) throw notFound();
    if (roomIds.length !== rooms.length) {
      throw new AppError(400, 'VALIDATION_FAILED', 'admin_floor_room_order', {
        fields: [{ path: 'roomIds', message: 'Every room once' }],
      });
    }
    for (const [index, id] of roomIds.entries()) await writeRoom(tx, venue.id, id, { sortOrder: index });
    const after = (await listActiveRooms(tx, venue.id)).map(toRoom);
    return {
      result: after,
      audit: {
        action: 'room.reorder',
        entity: 'room',
        entityId: roomIds[0]!,
        before: { roomIds: rooms.map((room) => room.id) },
        after: { roomIds },
      },
    };
  });
}

/**
 * Removes a room with no active tables left (409 naming them otherwise). A room that reservations or
 * retired tables point at is retired, never offered again; one nothing points at is deleted.
 */
export async function removeRoom(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  roomId: number,
  expectedVersion: number,
): Promise<void> {
  await floorWrite(ctx, venue, staff, async (tx) => {
    const current = await lockRoom(tx, venue.id, roomId);
    if (!current) throw notFound();
    if (current.version !== expectedVersion) throw stale();
    const tables = (await listActiveTables(tx, venue.id)).filter((table) => table.roomId === roomId);
    if (tables.length > 0) {
      throw new AppError(409, 'CONFLICT', 'admin_floor_room_has_tables', {
        params: { tables: tables.map((table) => table.name).join(', ') },
        extra: { tables: tables.map((table) => ({ id: table.id, name: table.name })) },
      });
    }
    const kept = await roomHasHistory(tx, venue.id, roomId);
    if (kept) await retireRoom(tx, venue.id, roomId);
    else await deleteRoom(tx, venue.id, roomId);
    return {
      result: undefined,
      audit: {
        action: 'room.remove',
        entity: 'room',
        entityId: roomId,
        before: toRoom(current),
        after: kept ? { retired: true } : null,
      },
    };
  });
}

async function roomPlan(tx: Transaction, venueId: number, roomId: number): Promise<PlanSize | null> {
  const room = await lockRoom(tx, venueId, roomId);
  if (!room) throw notFound();
  return planOf(room);
}

/** A new table: by default the shape's size, at the first free spot of its room's plan. */
export async function createTable(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: FloorTableCreate,
): Promise<AdminFloorTable> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    const plan = await roomPlan(tx, venue.id, input.roomId);
    await checkName(tx, venue.id, 'table', input.name, null);
    const size = DEFAULT_TABLE_SIZE[input.shape];
    const onPlan = plan ?? DEFAULT_PLAN;
    const shaped = {
      shape: input.shape,
      width: input.width ?? size.width,
      height: input.height ?? size.height,
      rotation: input.rotation ?? 0,
    };
    const neighbours = (await listActiveTables(tx, venue.id))
      .filter((table) => table.roomId === input.roomId)
      .map(toTable);
    const free = freePlacement(shaped, neighbours, onPlan);
    const placed = keepOnPlan({ ...shaped, x: input.x ?? free.x, y: input.y ?? free.y }, onPlan);
    const row = await insertTable(tx, {
      venueId: venue.id,
      roomId: input.roomId,
      name: input.name,
      minPax: input.minPax,
      maxPax: input.maxPax,
      combinable: input.combinable ?? false,
      zone: input.zone || null,
      sortOrder: (await lastTableOrder(tx, venue.id)) + 1,
      ...placed,
    });
    const table = toTable(row);
    return {
      result: table,
      audit: {
        action: 'dining_table.create',
        entity: 'dining_table',
        entityId: row.id,
        before: null,
        after: table,
      },
    };
  });
}

/**
 * Changes any of a table's fields, refused (409) when the table changed since the screen read it. Its
 * place is kept on its room's plan; moved to another room, it keeps its place there as far as it fits.
 */
export async function updateTable(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  tableId: number,
  input: FloorTableUpdate,
): Promise<AdminFloorTable> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    const current = await lockTable(tx, venue.id, tableId);
    if (!current) throw notFound();
    if (current.version !== input.expectedVersion) throw stale();
    const { expectedVersion: _version, ...changes } = input;
    const merged = {
      ...toTable(current),
      ...changes,
      zone: changes.zone === undefined ? current.zone : changes.zone || null,
    };
    if (merged.maxPax < merged.minPax) {
      throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
        fields: [
          {
            path: changes.maxPax === undefined ? 'minPax' : 'maxPax',
            message: 'No puede ser menor que el mínimo',
          },
        ],
      });
    }
    if (changes.name !== undefined) await checkName(tx, venue.id, 'table', changes.name, tableId);
    const plan = (await roomPlan(tx, venue.id, merged.roomId)) ?? DEFAULT_PLAN;
    const placed = keepOnPlan(merged, plan);
    const row = await writeTable(tx, venue.id, tableId, {
      roomId: placed.roomId,
      name: placed.name,
      minPax: placed.minPax,
      maxPax: placed.maxPax,
      shape: placed.shape,
      x: placed.x,
      y: placed.y,
      width: placed.width,
      height: placed.height,
      rotation: placed.rotation,
      zone: placed.zone,
      combinable: placed.combinable,
    });
    const table = toTable(row);
    return {
      result: table,
      audit: {
        action: 'dining_table.update',
        entity: 'dining_table',
        entityId: tableId,
        before: toTable(current),
        after: table,
      },
    };
  });
}

/**
 * Retires a table (bills and bookings keep pointing at it). Refused with 409 while bookings still to come
 * (or seated now) use it, naming them so the admin moves them first; its combinations go with it.
 */
export async function removeTable(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  tableId: number,
  expectedVersion: number,
): Promise<void> {
  await floorWrite(ctx, venue, staff, async (tx) => {
    const current = await lockTable(tx, venue.id, tableId);
    if (!current) throw notFound();
    if (current.version !== expectedVersion) throw stale();
    const bookings = await upcomingBookingsAt(tx, venue.id, tableId, ctx.clock.now());
    if (bookings.length > 0) {
      const local = (at: Date) => formatLocalDateTime(at, venue.timeZone);
      throw new AppError(409, 'CONFLICT', 'admin_floor_table_booked', {
        params: {
          bookings: bookings
            .map((booking) => {
              const at = local(booking.startsAt);
              return `${at.slice(8, 10)}/${at.slice(5, 7)} ${at.slice(11, 16)} ${booking.name} (${booking.pax})`;
            })
            .join('; '),
        },
        extra: {
          bookings: bookings.map((booking) => ({
            reservationId: booking.reservationId,
            name: booking.name,
            pax: booking.pax,
            startDateTime: formatOffsetDateTime(booking.startsAt, venue.timeZone),
          })),
        },
      });
    }
    const combinations = await combinationsWith(tx, venue.id, tableId);
    await deleteCombinations(tx, venue.id, combinations);
    await writeTable(tx, venue.id, tableId, { active: false });
    return {
      result: undefined,
      audit: {
        action: 'dining_table.remove',
        entity: 'dining_table',
        entityId: tableId,
        before: toTable(current),
        after: { active: false, combinationsRemoved: combinations },
      },
    };
  });
}

async function checkCombinationTables(tx: Transaction, venueId: number, tableIds: readonly number[]) {
  const rows = await activeTablesAmong(tx, venueId, tableIds);
  if (rows.length !== tableIds.length) throw notFound();
  if (new Set(rows.map((row) => row.roomId)).size > 1) {
    throw new AppError(400, 'VALIDATION_FAILED', 'admin_floor_combination_rooms', {
      fields: [{ path: 'tableIds', message: 'One room' }],
    });
  }
}

function toCombination(id: number, input: FloorCombinationInput): AdminFloorCombination {
  return {
    id,
    name: input.name,
    minPax: input.minPax,
    maxPax: input.maxPax,
    tableIds: [...input.tableIds].sort((a, b) => a - b),
  };
}

/** Tables the venue joins for larger parties, with the party sizes they seat once joined. */
export async function createCombination(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: FloorCombinationInput,
): Promise<AdminFloorCombination> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    await checkCombinationTables(tx, venue.id, input.tableIds);
    const id = await insertCombination(tx, {
      venueId: venue.id,
      name: input.name,
      minPax: input.minPax,
      maxPax: input.maxPax,
    });
    await writeCombination(tx, venue.id, id, input);
    const combination = toCombination(id, input);
    return {
      result: combination,
      audit: {
        action: 'table_combination.create',
        entity: 'table_combination',
        entityId: id,
        before: null,
        after: combination,
      },
    };
  });
}

export async function updateCombination(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  combinationId: number,
  input: FloorCombinationInput,
): Promise<AdminFloorCombination> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    if (!(await lockCombination(tx, venue.id, combinationId))) throw notFound();
    const before = (await listCombinations(tx, venue.id)).find((row) => row.id === combinationId);
    await checkCombinationTables(tx, venue.id, input.tableIds);
    await writeCombination(tx, venue.id, combinationId, input);
    const combination = toCombination(combinationId, input);
    return {
      result: combination,
      audit: {
        action: 'table_combination.update',
        entity: 'table_combination',
        entityId: combinationId,
        before,
        after: combination,
      },
    };
  });
}

export async function removeCombination(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  combinationId: number,
): Promise<void> {
  await floorWrite(ctx, venue, staff, async (tx) => {
    if (!(await lockCombination(tx, venue.id, combinationId))) throw notFound();
    const before = (await listCombinations(tx, venue.id)).find((row) => row.id === combinationId);
    await deleteCombinations(tx, venue.id, [combinationId]);
    return {
      result: undefined,
      audit: {
        action: 'table_combination.remove',
        entity: 'table_combination',
        entityId: combinationId,
        before,
        after: null,
      },
    };
  });
}
