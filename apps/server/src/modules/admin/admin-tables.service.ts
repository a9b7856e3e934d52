// The floor plan editor's tables: placed on their room's plan, changed and retired (decision 059).
import type { AdminFloorTable, FloorTableCreate, FloorTableUpdate } from '@sobremesa/contracts';
import {
  DEFAULT_PLAN,
  DEFAULT_TABLE_SIZE,
  formatLocalDateTime,
  formatOffsetDateTime,
  freePlacement,
  keepOnPlan,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  combinationsWith,
  deleteCombinations,
  insertTable,
  lastTableOrder,
  lockTable,
  upcomingBookingsAt,
  writeTable,
} from './admin-floor.repository.ts';
import { activeTablesIn, roomPlan } from './admin-rooms.service.ts';
import { asSeen, audited, checkName, floorWrite, toTable } from './admin-floor-plan.service.ts';

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
    const neighbours = (await activeTablesIn(tx, venue.id, input.roomId)).map(toTable);
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
    return audited(table, 'dining_table.create', row.id, null, table);
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
    const current = asSeen(await lockTable(tx, venue.id, tableId), input.expectedVersion);
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
    return audited(table, 'dining_table.update', tableId, toTable(current), table);
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
    const current = asSeen(await lockTable(tx, venue.id, tableId), expectedVersion);
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
    return audited(undefined, 'dining_table.remove', tableId, toTable(current), {
      active: false,
      combinationsRemoved: combinations,
    });
  });
}
