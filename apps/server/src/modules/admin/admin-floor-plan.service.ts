// The floor plan editor (/ebitdata, decision 059): the plan as the editor reads it and the versioned write
// every section's change goes through.
import type { AdminFloor, AdminFloorRoom, AdminFloorTable } from '@sobremesa/contracts';
import { isTableShape, type PlanSize } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { VENUE_CONFIG_UPDATED } from '../config/config.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { EVERY_DATE, notifyAvailability } from '../reservations/reservations.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  listActiveRooms,
  listActiveTables,
  listCombinations,
  nameTaken,
  type FloorRoomRow,
  type FloorTableRow,
} from './admin-floor.repository.ts';
import { auditAdminChange, type AdminChange } from './admin-audit.service.ts';
import { lockVenueIdentity } from './admin-venue.repository.ts';

export function toRoom(row: FloorRoomRow): AdminFloorRoom {
  const { planWidth, planHeight, ...rest } = row;
  return {
    ...rest,
    plan: planWidth === null || planHeight === null ? null : { width: planWidth, height: planHeight },
  };
}

export function toTable(row: FloorTableRow): AdminFloorTable {
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
export async function floorWrite<T>(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  write: (tx: Transaction) => Promise<{ result: T; audit: FloorAudit }>,
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await lockVenueIdentity(tx, venue.id))) throw notFound();
    const { result, audit } = await write(tx);
    await auditAdminChange(tx, venue, staff, audit);
    await appendEvent(tx, venue.id, VENUE_CONFIG_UPDATED, { changed: ['floor'] });
    await notifyAvailability(tx, venue.id, EVERY_DATE);
    return result;
  });
  ctx.venues.invalidate();
  return result;
}

type FloorEntity = 'room' | 'dining_table' | 'table_combination';

interface FloorAudit extends AdminChange {
  readonly entity: FloorEntity;
}

/** A floor write's result with its audit row; the action names its entity first (`room.update`). */
export function audited<T>(
  result: T,
  action: `${FloorEntity}.${string}`,
  entityId: number,
  before: unknown,
  after: unknown,
): { result: T; audit: FloorAudit } {
  const entity = action.slice(0, action.indexOf('.')) as FloorEntity;
  return { result, audit: { action, entity, entityId, before, after } };
}

/** A row locked for a change as the admin last saw it: 404 when gone, 409 when changed since. */
export function asSeen<Row extends { readonly version: number }>(
  row: Row | undefined,
  expectedVersion: number,
): Row {
  if (!row) throw notFound();
  if (row.version !== expectedVersion) {
    throw new AppError(409, 'CONFLICT', 'admin_floor_stale', {
      fields: [{ path: 'expectedVersion', message: 'Changed meanwhile' }],
    });
  }
  return row;
}

export async function checkName(
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

export function planOf(room: FloorRoomRow): PlanSize | null {
  return room.planWidth === null || room.planHeight === null
    ? null
    : { width: room.planWidth, height: room.planHeight };
}
