import { liveBookings, type ExistingBooking } from './bookings.ts';
import type { FloorPlan } from './table-assignment.ts';

/**
 * At any moment of a stay, holds together may keep at most this share of the tables guests can book (at
 * least one). Holds are anonymous and free, so without a bound anyone could hold a whole evening; the
 * other tables go only to guests who complete a booking (issue 17 item 6). The share is of the venue, not
 * of a room, so the only table of a terrace can still be held.
 */
export const HOLDABLE_TABLE_SHARE = 0.5;

/** A hold about to be taken: its stay and the tables chosen for it. */
export interface HoldRequestTables {
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly tableIds: readonly number[];
}

/**
 * Whether a new hold may block its tables: with it, the live holds overlapping its stay cover no more
 * than {@link HOLDABLE_TABLE_SHARE} of the active tables in rooms guests may book. When not, the hold is
 * still given but keeps no table, and the booking takes whatever table is free when the guest confirms.
 */
export function holdMayBlockTables(
  floor: FloorPlan,
  holds: readonly ExistingBooking[],
  request: HoldRequestTables,
  now: Date,
): boolean {
  const closedRooms = new Set(
    (floor.rooms ?? []).filter((room) => room.reservable === false).map((room) => room.id),
  );
  const bookable = new Set(
    floor.tables
      .filter((table) => table.active !== false && !closedRooms.has(table.roomId))
      .map((table) => table.id),
  );
  const held = new Set(request.tableIds);
  // Only holds count: a booking (no expiry) is a guest who completed the form.
  const onlyHolds = holds.filter((hold) => hold.expiresAt);
  const overlapping = liveBookings([onlyHolds], {
    now,
    from: request.startsAt.getTime(),
    to: request.endsAt.getTime(),
  });
  for (const hold of overlapping) {
    for (const tableId of hold.tableIds) if (bookable.has(tableId)) held.add(tableId);
  }
  return held.size <= Math.max(1, Math.floor(bookable.size * HOLDABLE_TABLE_SHARE));
}
