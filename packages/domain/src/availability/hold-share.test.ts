import { describe, expect, it } from 'vitest';
import type { ExistingBooking } from './bookings.ts';
import { holdMayBlockTables } from './hold-share.ts';
import type { FloorPlan } from './table-assignment.ts';

const floor: FloorPlan = {
  tables: [
    ...[1, 2, 3, 4, 5].map((id) => ({ id, roomId: 1, minPax: 1, maxPax: 4 })),
    { id: 6, roomId: 2, minPax: 1, maxPax: 4 },
    { id: 7, roomId: 1, minPax: 1, maxPax: 4, active: false },
    { id: 8, roomId: 3, minPax: 1, maxPax: 12 },
  ],
  rooms: [{ id: 1 }, { id: 2 }, { id: 3, reservable: false }],
};
const now = new Date('2026-11-20T18:00:00Z');
const stay = { startsAt: new Date('2026-11-20T20:00:00Z'), endsAt: new Date('2026-11-20T21:30:00Z') };
const hold = (tableIds: number[], overrides: Partial<ExistingBooking> = {}): ExistingBooking => ({
  tableIds,
  ...stay,
  expiresAt: new Date('2026-11-20T18:05:00Z'),
  ...overrides,
});
const ask = (tableIds: number[], holds: ExistingBooking[]) =>
  holdMayBlockTables(floor, holds, { ...stay, tableIds }, now);

describe('holds keep at most half of the bookable tables (issue 17 item 6)', () => {
  it('lets holds block up to half of the active tables guests can book, in any room, and no more', () => {
    expect(ask([6], [hold([2]), hold([3])])).toBe(true);
    expect(ask([4], [hold([2]), hold([3]), hold([6])])).toBe(false);
    expect(ask([1, 2, 3, 4], [])).toBe(false);
  });

  it('counts only live holds overlapping the stay on bookable tables', () => {
    const lapsed = hold([2], { expiresAt: new Date('2026-11-20T17:59:00Z') });
    const earlier = hold([3], {
      startsAt: new Date('2026-11-20T13:00:00Z'),
      endsAt: new Date('2026-11-20T14:30:00Z'),
    });
    const privateRoom = hold([8]);
    const booked = hold([4], { expiresAt: null });
    expect(ask([1, 5, 6], [lapsed, earlier, privateRoom, booked])).toBe(true);
  });

  it('lets one table be held in a venue of one or two tables', () => {
    const small: FloorPlan = { tables: [{ id: 1, roomId: 1, minPax: 1, maxPax: 2 }] };
    expect(holdMayBlockTables(small, [], { ...stay, tableIds: [1] }, now)).toBe(true);
  });
});
