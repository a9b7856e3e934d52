import { describe, expect, it } from 'vitest';
import type { ExistingBooking } from '../availability/bookings.ts';
import { OPEN_ACCOUNT_HORIZON_MS, occupyOpenAccounts, seatingMinutes } from './seating.ts';

const NOW = new Date('2026-11-20T19:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

function booking(
  id: number,
  tableIds: number[],
  from: number,
  to: number,
  expiresAt?: Date,
): ExistingBooking {
  return { id, tableIds, startsAt: at(from), endsAt: at(to), pax: 2, expiresAt: expiresAt ?? null };
}

describe('open accounts keep their tables until closed', () => {
  it('extends the bookings of open accounts past their planned end', () => {
    const bookings = [booking(1, [1], -120, -10), booking(2, [2], -120, -10)];
    const seen = occupyOpenAccounts(bookings, new Set([1]), NOW);
    expect(seen[0]?.endsAt.getTime()).toBe(NOW.getTime() + OPEN_ACCOUNT_HORIZON_MS);
    expect(seen[1]).toBe(bookings[1]);
  });

  it('holds the tables of a party seated before its booking from now, so no walk-in gets them meanwhile', () => {
    const early = booking(1, [1], 255, 375);
    const [seen] = occupyOpenAccounts([early], new Set([1]), NOW);
    expect(seen?.startsAt).toEqual(NOW);
    expect(seen?.endsAt.getTime()).toBe(NOW.getTime() + OPEN_ACCOUNT_HORIZON_MS);
    expect(
      seatingMinutes({ tableIds: [1], bookings: [seen!], startsAt: NOW, plannedMinutes: 90, now: NOW }),
    ).toBe(null);
    // A booking not seated yet keeps its own time: the table is free until then.
    expect(occupyOpenAccounts([early], new Set(), NOW)[0]).toBe(early);
  });

  it('leaves a booking that already ends later alone', () => {
    const far = { ...booking(1, [1], 0, 0), endsAt: new Date(NOW.getTime() + OPEN_ACCOUNT_HORIZON_MS + 1) };
    expect(occupyOpenAccounts([far], new Set([1]), NOW)[0]).toBe(far);
  });
});

describe('seating minutes on chosen tables', () => {
  const base = { startsAt: NOW, plannedMinutes: 90, now: NOW };

  it('gives the planned stay on free tables', () => {
    expect(seatingMinutes({ ...base, tableIds: [1, 2], bookings: [] })).toBe(90);
  });

  it('shortens the stay to the next booking of any of the tables', () => {
    const bookings = [booking(7, [2], 40, 130)];
    expect(seatingMinutes({ ...base, tableIds: [1, 2], bookings })).toBe(40);
    expect(seatingMinutes({ ...base, tableIds: [1, 2], bookings, bufferMinutes: 15 })).toBe(25);
  });

  it('refuses a table taken now, or free for less than the minimum', () => {
    expect(seatingMinutes({ ...base, tableIds: [1], bookings: [booking(7, [1], -30, 30)] })).toBeNull();
    expect(seatingMinutes({ ...base, tableIds: [1], bookings: [booking(7, [1], 10, 100)] })).toBeNull();
    expect(
      seatingMinutes({ ...base, tableIds: [1], bookings: [booking(7, [1], 10, 100)], minimumMinutes: 5 }),
    ).toBe(10);
  });

  it('ignores the moving reservation and lapsed holds', () => {
    const bookings = [booking(7, [1], -30, 60), booking(8, [1], 0, 60, at(-1))];
    expect(seatingMinutes({ ...base, tableIds: [1], bookings, ignoreBookingIds: [7] })).toBe(90);
  });

  it('needs tables and a positive stay', () => {
    expect(seatingMinutes({ ...base, tableIds: [], bookings: [] })).toBeNull();
    expect(seatingMinutes({ ...base, plannedMinutes: 0, tableIds: [1], bookings: [] })).toBeNull();
  });

  it('never asks for more than the planned stay as a minimum', () => {
    expect(seatingMinutes({ ...base, plannedMinutes: 10, tableIds: [1], bookings: [] })).toBe(10);
  });
});
