// The floor plan editor's rooms: created, renamed, laid out, ordered and removed (decision 059).
import type { AdminFloorRoom, FloorRoomCreate, FloorRoomUpdate } from '@sobremesa/contracts';
import { DEFAULT_PLAN, gridPlacements, keepOnPlan, type PlanSize } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  deleteRoom,
  insertRoom,
  lastRoomOrder,
  listActiveRooms,
  listActiveTables,
  lockRoom,
  retireRoom,
  roomHasHistory,
  writeRoom,
  writeTable,
} from './admin-floor.repository.ts';
import {
  asSeen,
  audited,
  checkName,
  floorWrite,
  planOf,
  toRoom,
  toTable,
} from './admin-floor-plan.service.ts';

/** The room as the admin last saw it, locked for the change (404 gone, 409 changed since). */
async function lockRoomAt(tx: Transaction, venueId: number, roomId: number, expectedVersion: number) {
  return asSeen(await lockRoom(tx, venueId, roomId), expectedVersion);
}

/** The room's active tables, in the venue's order. */
export async function activeTablesIn(tx: Transaction, venueId: number, roomId: number) {
  return (await listActiveTables(tx, venueId)).filter((table) => table.roomId === roomId);
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
    return audited(room, 'room.create', row.id, null, room);
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
    const current = await lockRoomAt(tx, venue.id, roomId, input.expectedVersion);
    if (input.name !== undefined) await checkName(tx, venue.id, 'room', input.name, roomId);
    const row = await writeRoom(tx, venue.id, roomId, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.reservable === undefined ? {} : { reservable: input.reservable }),
      ...(input.plan === undefined ? {} : { planWidth: input.plan.width, planHeight: input.plan.height }),
    });
    if (input.plan) {
      for (const table of await activeTablesIn(tx, venue.id, roomId)) {
        const kept = keepOnPlan(toTable(table), input.plan);
        if (kept.x !== table.x || kept.y !== table.y)
          await writeTable(tx, venue.id, table.id, { x: kept.x, y: kept.y });
      }
    }
    const room = toRoom(row);
    return audited(room, 'room.update', roomId, toRoom(current), room);
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
    const current = await lockRoomAt(tx, venue.id, roomId, expectedVersion);
    const plan = planOf(current) ?? DEFAULT_PLAN;
    const tables = await activeTablesIn(tx, venue.id, roomId);
    const places = gridPlacements(tables.length, plan);
    for (const [index, table] of tables.entries()) {
      const placed = keepOnPlan({ ...toTable(table), ...places[index]! }, plan);
      await writeTable(tx, venue.id, table.id, { x: placed.x, y: placed.y });
    }
    const row = await writeRoom(tx, venue.id, roomId, { planWidth: plan.width, planHeight: plan.height });
    const room = toRoom(row);
    return audited(room, 'room.lay_out', roomId, toRoom(current), room);
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
    return audited(
      after,
      'room.reorder',
      roomIds[0]!,
      { roomIds: rooms.map((room) => room.id) },
      { roomIds },
    );
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
    const current = await lockRoomAt(tx, venue.id, roomId, expectedVersion);
    const tables = await activeTablesIn(tx, venue.id, roomId);
    if (tables.length > 0) {
      throw new AppError(409, 'CONFLICT', 'admin_floor_room_has_tables', {
        params: { tables: tables.map((table) => table.name).join(', ') },
        extra: { tables: tables.map((table) => ({ id: table.id, name: table.name })) },
      });
    }
    const kept = await roomHasHistory(tx, venue.id, roomId);
    if (kept) await retireRoom(tx, venue.id, roomId);
    else await deleteRoom(tx, venue.id, roomId);
    return audited(undefined, 'room.remove', roomId, toRoom(current), kept ? { retired: true } : null);
  });
}

export async function roomPlan(tx: Transaction, venueId: number, roomId: number): Promise<PlanSize | null> {
  const room = await lockRoom(tx, venueId, roomId);
  if (!room) throw notFound();
  return planOf(room);
}
