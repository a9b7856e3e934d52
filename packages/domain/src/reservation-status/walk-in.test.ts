import { describe, expect, it } from 'vitest';
import type { ExistingBooking } from '../availability/bookings.ts';
import type { FloorPlan } from '../availability/table-assignment.ts';
import { OVERDUE_PARTY_MINUTES, quoteWait, walkInSeating } from './walk-in.ts';

const NOW = new Date('2026-11-20T20:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

/** Two couples' tables, two combinable 4-tops and a 6-top a couple is never given. */
const FLOOR: FloorPlan = {
  tables: [
    { id: 1, roomId: 1, minPax: 1, maxPax: 2 },
    { id: 2, roomId: 1, minPax: 1, maxPax: 2 },
    { id: 3, roomId: 1, minPax: 3, maxPax: 4, combinable: true, combinationGroup: 'centre' },
    { id: 4, roomId: 1, minPax: 3, maxPax: 4, combinable: true, combinationGroup: 'centre' },
    { id: 5, roomId: 1, minPax: 4, maxPax: 6 },
  ],
};

function booking(id: number, tableIds: number[], from: number, to: number): ExistingBooking {
  return { id, tableIds, startsAt: at(from), endsAt: at(to), pax: 2 };
}

const quote = (pax: number, bookings: ExistingBooking[], open: number[], ahead: number[] = []) =>
  quoteWait(FLOOR, {
    pax,
    bookings,
    openReservationIds: new Set(open),
    ahead: ahead.map((size) => ({ pax: size })),
    now: NOW,
  });

/** Both couples' tables seated, ending in 20 and 42 minutes. */
const COUPLES_SEATED = [booking(11, [1], -70, 20), booking(12, [2], -48, 42)];

describe('the walk-in seating rule', () => {
  it('gives the smallest table that fits, for the planned stay', () => {
    const seating = walkInSeating(FLOOR, { pax: 2, bookings: [], at: NOW, now: NOW });
    expect(seating).toEqual({ assignment: expect.objectContaining({ tableIds: [1] }), minutes: 90 });
  });

  it('never gives a couple a table whose minimum is above it', () => {
    expect(walkInSeating(FLOOR, { pax: 2, bookings: COUPLES_SEATED, at: NOW, now: NOW })).toBeNull();
  });

  it('shortens the stay before a later booking, down to the shortest acceptable', () => {
    const bookings = [booking(21, [1], 80, 170), booking(22, [2], 60, 150)];
    expect(walkInSeating(FLOOR, { pax: 2, bookings, at: NOW, now: NOW })).toEqual({
      assignment: expect.objectContaining({ tableIds: [1] }),
      minutes: 68,
    });
  });

  it('refuses a party that is not a whole positive number', () => {
    expect(walkInSeating(FLOOR, { pax: 0, bookings: [], at: NOW, now: NOW })).toBeNull();
  });
});

describe('the quoted wait of a walk-in', () => {
  it('says now when a table fits', () => {
    expect(quote(2, [booking(11, [1], -70, 20)], [11])).toBe(0);
  });

  it('quotes until the first table that fits frees, even with larger tables free', () => {
    expect(quote(2, COUPLES_SEATED, [11, 12])).toBe(20);
  });

  it('rounds up to five minutes', () => {
    expect(quote(2, [booking(11, [1], -70, 42), booking(12, [2], -48, 42)], [11, 12])).toBe(45);
    expect(quote(2, [booking(11, [1], -70, 36), booking(12, [2], -48, 42)], [11, 12])).toBe(40);
  });

  it('expects a party past its planned end to leave soon', () => {
    const overdue = [booking(11, [1], -100, -10), booking(12, [2], -48, 42)];
    expect(quote(2, overdue, [11, 12])).toBe(OVERDUE_PARTY_MINUTES);
  });

  it('counts the couples waiting ahead: each takes the next table that frees', () => {
    expect(quote(2, COUPLES_SEATED, [11, 12], [2])).toBe(45);
    // The third couple waits for the first couple seated from the list to finish its 90 minutes.
    expect(quote(2, COUPLES_SEATED, [11, 12], [2, 1])).toBe(110);
  });

  it('is not delayed by a group ahead that needs other tables', () => {
    expect(quote(2, COUPLES_SEATED, [11, 12], [6, 8])).toBe(20);
  });

  it('keeps a table booked later out of a stay it would cut short', () => {
    // Table 1 is free now but booked in 30 minutes: the couple waits for table 2.
    const bookings = [booking(21, [1], 30, 120), booking(12, [2], -48, 42)];
    expect(quote(2, bookings, [12])).toBe(45);
  });

  it('joins combinable tables for a larger party', () => {
    expect(quote(8, [], [])).toBe(0);
    expect(quote(8, [booking(31, [3], -30, 60)], [31])).toBe(60);
  });

  it('has no quote for a party no table or combination seats', () => {
    expect(quote(40, [], [])).toBeNull();
    expect(quote(0, [], [])).toBeNull();
  });
});
