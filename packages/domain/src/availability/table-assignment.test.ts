import { describe, expect, it } from 'vitest';
import type { ExistingBooking } from './bookings.ts';
import {
  assignTable,
  tableOptionsFor,
  type DiningTable,
  type FloorPlan,
  type TableRequest,
} from './table-assignment.ts';

/*
 * Sala (room 1): two 2-tops, a 4-top, a 6-top for 4-6 and a combinable 4-top.
 * Terraza (room 2): a row of combinable tables 11-12-13-14 (4, 4, 4, 2 seats).
 * Privado (room 3): a private 8-top not offered online.
 */
const tables: DiningTable[] = [
  { id: 1, roomId: 1, minPax: 1, maxPax: 2, sortOrder: 1 },
  { id: 2, roomId: 1, minPax: 1, maxPax: 2, sortOrder: 2 },
  { id: 3, roomId: 1, minPax: 2, maxPax: 4, sortOrder: 3 },
  { id: 4, roomId: 1, minPax: 4, maxPax: 6, sortOrder: 4 },
  { id: 5, roomId: 1, minPax: 2, maxPax: 4, sortOrder: 5, combinable: true },
  { id: 11, roomId: 2, minPax: 2, maxPax: 4, sortOrder: 1, combinable: true },
  { id: 12, roomId: 2, minPax: 2, maxPax: 4, sortOrder: 2, combinable: true },
  { id: 13, roomId: 2, minPax: 2, maxPax: 4, sortOrder: 3, combinable: true },
  { id: 14, roomId: 2, minPax: 1, maxPax: 2, sortOrder: 4, combinable: true },
  { id: 21, roomId: 3, minPax: 2, maxPax: 8, sortOrder: 1 },
  { id: 99, roomId: 1, minPax: 1, maxPax: 20, active: false },
];
const floor: FloorPlan = {
  tables,
  rooms: [
    { id: 1, sortOrder: 0 },
    { id: 2, sortOrder: 1 },
    { id: 3, sortOrder: 2, reservable: false },
  ],
  adjacentTables: [
    [11, 12],
    [12, 13],
    [13, 14],
    [5, 11], // across rooms: never joined
    [1, 2], // not combinable: never joined
  ],
};

const START = new Date('2026-11-20T20:00:00Z');
const NOW = new Date('2026-11-20T10:00:00Z');

function booked(
  tableIds: number[],
  from = '2026-11-20T19:30:00Z',
  to = '2026-11-20T21:30:00Z',
): ExistingBooking {
  return { tableIds, startsAt: new Date(from), endsAt: new Date(to), pax: 2 };
}

function assign(
  pax: number,
  extra: Partial<TableRequest> = {},
  plan: FloorPlan = floor,
): readonly number[] | null {
  return (
    assignTable(plan, { startsAt: START, pax, durationMinutes: 90, bookings: [], now: NOW, ...extra })
      ?.tableIds ?? null
  );
}

describe('assignTable: the best table for a party', () => {
  it.each([
    [1, [1]],
    [2, [1]], // 2-tops 1 and 2 tie: sort order decides
    [3, [3]],
    [4, [3]], // 4-top before the 4-6 table (fewest empty seats)
    [5, [4]],
    [6, [4]],
  ])('seats %i pax at %j when the floor is free', (pax, expected) => {
    expect(assign(pax)).toEqual(expected);
  });

  it('moves to the next best table as tables are taken', () => {
    expect(assign(2, { bookings: [booked([1])] })).toEqual([2]);
    // The Terraza's 2-top wastes no seat: it comes before any 4-top of the Sala.
    expect(assign(2, { bookings: [booked([1, 2])] })).toEqual([14]);
    // Then the 4-tops: the Sala (room order 0) before the Terraza, by sort order inside the room.
    expect(assign(2, { bookings: [booked([1, 2, 14])] })).toEqual([3]);
    expect(assign(2, { bookings: [booked([1, 2, 14]), booked([3])] })).toEqual([5]);
    expect(assign(2, { bookings: [booked([1, 2, 14]), booked([3, 5])] })).toEqual([11]);
  });

  it('never gives a table whose minPax is above the party, nor a retired table', () => {
    const everythingElse = booked([1, 2, 3, 5, 11, 12, 13, 14]);
    expect(assign(2, { bookings: [everythingElse] })).toBeNull(); // table 4 is for 4-6
    expect(assign(4, { bookings: [everythingElse] })).toEqual([4]);
    expect(assign(20)).toBeNull(); // the 20-seat table 99 is retired
  });

  it('breaks ties by sort order, then by id', () => {
    const twins: FloorPlan = {
      tables: [
        { id: 8, roomId: 1, minPax: 1, maxPax: 2 },
        { id: 7, roomId: 1, minPax: 1, maxPax: 2 },
        { id: 9, roomId: 1, minPax: 1, maxPax: 2, sortOrder: -1 },
      ],
    };
    expect(assign(2, {}, twins)).toEqual([9]);
    expect(assign(2, { bookings: [booked([9])] }, twins)).toEqual([7]);
  });

  it('uses the private room only for staff', () => {
    const sala = booked([1, 2, 3, 4, 5, 11, 12, 13, 14]);
    expect(assign(8, { bookings: [sala] })).toBeNull();
    expect(assign(8, { bookings: [sala], includeNonReservableRooms: true })).toEqual([21]);
  });

  it('keeps to the room the guest chose', () => {
    expect(assign(2, { roomId: 2 })).toEqual([14]);
    expect(assign(4, { roomId: 2 })).toEqual([11]);
    expect(assign(6, { roomId: 3, includeNonReservableRooms: true })).toEqual([21]);
    expect(assign(6, { roomId: 42 })).toBeNull();
  });
});

describe('assignTable: combinations', () => {
  it('joins tables only when no single table seats the party', () => {
    expect(assign(6)).toEqual([4]); // the 6-top, not two joined tables
    expect(assign(6, { bookings: [booked([4])] })).toEqual([13, 14]); // 4 + 2: no empty seat
    expect(assign(7)).toEqual([11, 12]); // 4 + 4 before 12 + 13 by sort order
    expect(assign(7, { bookings: [booked([11])] })).toEqual([12, 13]);
  });

  it('prefers fewer tables, then fewer empty seats, and joins only what is needed', () => {
    expect(assign(8)).toEqual([11, 12]);
    // 9 needs three tables: 12+13+14 (10 seats) wastes less than 11+12+13 (12 seats).
    expect(assign(9)).toEqual([12, 13, 14]);
    expect(assign(11)).toEqual([11, 12, 13]);
    // Options list: each combination needs every one of its tables (no 11+12+13 for 7 pax).
    expect(tableOptionsFor(floor, 7).map((option) => option.tableIds)).toEqual([
      [11, 12],
      [12, 13],
    ]);
  });

  it('joins at most three tables unless the venue allows more', () => {
    expect(assign(13)).toBeNull();
    expect(assign(13, {}, { ...floor, maxCombinationTables: 4 })).toEqual([11, 12, 13, 14]);
    expect(assign(9, {}, { ...floor, maxCombinationTables: 2 })).toBeNull();
  });

  it('joins only combinable neighbours of one room', () => {
    // Table 5 is next to 11 but in another room; 1 and 2 are neighbours but not combinable.
    expect(assign(7, { roomId: 1 })).toBeNull();
    expect(assign(4, { roomId: 1, bookings: [booked([3, 4, 5])] })).toBeNull();
    expect(assign(9, { bookings: [booked([12])] })).toBeNull(); // 11 and 13 are not neighbours
  });

  it('offers declared combinations with their own limits', () => {
    const withDeclared: FloorPlan = {
      ...floor,
      combinations: [{ id: 71, tableIds: [13, 11], minPax: 5, maxPax: 7 }],
    };
    const options = tableOptionsFor(withDeclared, 5, { roomId: 2 });
    expect(options.map((option) => [option.tableIds, option.maxPax, option.combinationId])).toEqual([
      [[13, 14], 6, null],
      [[11, 13], 7, 71],
      [[11, 12], 8, null],
      [[12, 13], 8, null],
    ]);
    expect(
      assignTable(withDeclared, {
        startsAt: START,
        pax: 5,
        durationMinutes: 90,
        bookings: [booked([14])],
        now: NOW,
        roomId: 2,
      }),
    ).toEqual({
      tableIds: [11, 13],
      roomId: 2,
      minPax: 5,
      maxPax: 7,
      combinationId: 71,
    });
    expect(
      tableOptionsFor(withDeclared, 8, { roomId: 2 }).some((option) => option.combinationId === 71),
    ).toBe(false);
    // A declared combination of tables that are not combinable, or of two rooms, is ignored.
    const invalid: FloorPlan = {
      tables,
      combinations: [
        { id: 72, tableIds: [1, 2] },
        { id: 73, tableIds: [5, 11] },
      ],
    };
    expect(tableOptionsFor(invalid, 4).some((option) => option.combinationId !== null)).toBe(false);
  });

  it('joins any tables of a combination group', () => {
    const bar: FloorPlan = {
      tables: [
        {
          id: 31,
          roomId: 4,
          minPax: 1,
          maxPax: 2,
          combinable: true,
          combinationGroup: 'barra',
          sortOrder: 3,
        },
        {
          id: 32,
          roomId: 4,
          minPax: 1,
          maxPax: 2,
          combinable: true,
          combinationGroup: 'barra',
          sortOrder: 2,
        },
        {
          id: 33,
          roomId: 4,
          minPax: 1,
          maxPax: 2,
          combinable: true,
          combinationGroup: 'barra',
          sortOrder: 1,
        },
        {
          id: 34,
          roomId: 4,
          minPax: 1,
          maxPax: 2,
          combinable: true,
          combinationGroup: 'ventana',
          sortOrder: 0,
        },
      ],
    };
    expect(assign(4, {}, bar)).toEqual([32, 33]); // sort orders 1, 2 come first
    expect(assign(5, {}, bar)).toEqual([31, 32, 33]);
    expect(assign(5, { bookings: [booked([32])] }, bar)).toBeNull(); // 34 is in another group
  });
});

describe('assignTable: bookings, buffer and holds', () => {
  const single: FloorPlan = { tables: [{ id: 1, roomId: 1, minPax: 1, maxPax: 4 }] };
  const dinner = booked([1], '2026-11-20T20:00:00Z', '2026-11-20T21:30:00Z');
  const at = (iso: string, extra: Partial<TableRequest> = {}): readonly number[] | null =>
    assign(2, { startsAt: new Date(iso), bookings: [dinner], ...extra }, single);

  it('keeps the turnover buffer (default 15 minutes) after a booking', () => {
    expect(at('2026-11-20T21:30:00Z')).toBeNull();
    expect(at('2026-11-20T21:44:00Z')).toBeNull();
    expect(at('2026-11-20T21:45:00Z')).toEqual([1]);
  });

  it('keeps it before the next booking too', () => {
    expect(at('2026-11-20T18:15:00Z')).toEqual([1]); // 18:15 + 90 min = 19:45, 15 minutes clear
    expect(at('2026-11-20T18:16:00Z')).toBeNull();
    expect(at('2026-11-20T18:30:00Z', { durationMinutes: 75 })).toEqual([1]);
    expect(at('2026-11-20T20:30:00Z')).toBeNull(); // during the booking
  });

  it('takes another buffer, including none', () => {
    expect(at('2026-11-20T21:30:00Z', { bufferMinutes: 0 })).toEqual([1]);
    expect(at('2026-11-20T18:30:00Z', { bufferMinutes: 0 })).toEqual([1]);
    expect(at('2026-11-20T21:45:00Z', { bufferMinutes: 30 })).toBeNull();
  });

  it('respects live holds, lets lapsed ones go and ignores the guest’s own', () => {
    const hold: ExistingBooking = { ...dinner, id: 'hold-7', expiresAt: new Date('2026-11-20T10:05:00Z') };
    expect(at('2026-11-20T20:30:00Z', { bookings: [], holds: [hold] })).toBeNull();
    expect(
      at('2026-11-20T20:30:00Z', { bookings: [], holds: [hold], now: new Date('2026-11-20T10:05:00Z') }),
    ).toEqual([1]);
    expect(at('2026-11-20T20:30:00Z', { bookings: [], holds: [hold], ignoreBookingIds: ['hold-7'] })).toEqual(
      [1],
    );
  });

  it('refuses a stay that is not positive', () => {
    expect(at('2026-11-20T23:00:00Z', { durationMinutes: 0 })).toBeNull();
  });
});
