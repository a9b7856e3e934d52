import { describe, expect, it } from 'vitest';
import {
  UPCOMING_WINDOW_MS,
  groupReservationLists,
  isUpcomingForTable,
  reservationListOf,
  tableStatusOf,
  upcomingReservationFor,
  type FloorReservationFacts,
} from './lists.ts';

const NOW = new Date('2026-11-20T19:00:00Z'); // 20:00 in Madrid
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

function reservation(overrides: Partial<FloorReservationFacts> & { id: number }): FloorReservationFacts {
  return {
    status: 1,
    menuAccessEnabled: false,
    finishedAt: null,
    startsAt: minutes(60),
    endsAt: minutes(150),
    tableIds: [1],
    ...overrides,
  };
}

describe('reservation lists (spec §4)', () => {
  it.each([
    [{ status: 1, menuAccessEnabled: false, finishedAt: null }, 'toCome'],
    [{ status: 1, menuAccessEnabled: true, finishedAt: null }, 'seated'],
    [{ status: 7, menuAccessEnabled: true, finishedAt: null }, 'forPayment'],
    [{ status: -4, menuAccessEnabled: false, finishedAt: null }, 'absent'],
    [{ status: -2, menuAccessEnabled: true, finishedAt: NOW }, 'finished'],
    [{ status: -3, menuAccessEnabled: true, finishedAt: NOW }, 'finished'],
    [{ status: 1, menuAccessEnabled: false, finishedAt: NOW }, 'finished'],
    [{ status: -1, menuAccessEnabled: false, finishedAt: null }, null],
    [{ status: 10, menuAccessEnabled: false, finishedAt: null }, null],
    [{ status: 10, menuAccessEnabled: false, finishedAt: NOW }, null],
  ] as const)('%o is in %s', (facts, list) => {
    expect(reservationListOf(facts)).toBe(list);
  });

  it('groups a day keeping the order', () => {
    const day = [
      { id: 1, status: 1, menuAccessEnabled: false },
      { id: 2, status: 1, menuAccessEnabled: true },
      { id: 3, status: 1, menuAccessEnabled: false },
      { id: 4, status: -4, menuAccessEnabled: false },
      { id: 5, status: 7, menuAccessEnabled: true },
      { id: 6, status: -2, menuAccessEnabled: true, finishedAt: NOW },
      { id: 7, status: -1, menuAccessEnabled: false },
      { id: 8, status: 10, menuAccessEnabled: false },
    ];
    const lists = groupReservationLists(day);
    expect(
      Object.fromEntries(Object.entries(lists).map(([name, rows]) => [name, rows.map((r) => r.id)])),
    ).toEqual({
      toCome: [1, 3],
      seated: [2],
      forPayment: [5],
      absent: [4],
      finished: [6],
    });
  });
});

describe('upcoming reservation rule (spec §4, §9: 24 hours)', () => {
  it('counts a reservation without menu access starting within 24 hours on the table', () => {
    expect(isUpcomingForTable(reservation({ id: 1 }), 1, NOW)).toBe(true);
    expect(
      isUpcomingForTable(
        reservation({ id: 1, startsAt: minutes(24 * 60 - 1), endsAt: minutes(24 * 60 + 90) }),
        1,
        NOW,
      ),
    ).toBe(true);
  });

  it('does not count one starting 24 hours or more from now', () => {
    const at = new Date(NOW.getTime() + UPCOMING_WINDOW_MS);
    expect(
      isUpcomingForTable(reservation({ id: 1, startsAt: at, endsAt: minutes(24 * 60 + 90) }), 1, NOW),
    ).toBe(false);
  });

  it('needs a matching table', () => {
    expect(isUpcomingForTable(reservation({ id: 1, tableIds: [2, 3] }), 1, NOW)).toBe(false);
    expect(isUpcomingForTable(reservation({ id: 1, tableIds: [2, 1] }), 1, NOW)).toBe(true);
  });

  it('excludes 7 and 10, menu access, negative and finished ones', () => {
    expect(isUpcomingForTable(reservation({ id: 1, status: 7 }), 1, NOW)).toBe(false);
    expect(isUpcomingForTable(reservation({ id: 1, status: 10 }), 1, NOW)).toBe(false);
    expect(isUpcomingForTable(reservation({ id: 1, menuAccessEnabled: true }), 1, NOW)).toBe(false);
    expect(isUpcomingForTable(reservation({ id: 1, status: -4 }), 1, NOW)).toBe(false);
    expect(isUpcomingForTable(reservation({ id: 1, status: -1 }), 1, NOW)).toBe(false);
    expect(isUpcomingForTable(reservation({ id: 1, finishedAt: NOW }), 1, NOW)).toBe(false);
  });

  it('keeps a late reservation upcoming until its planned stay ends', () => {
    expect(
      isUpcomingForTable(reservation({ id: 1, startsAt: minutes(-20), endsAt: minutes(70) }), 1, NOW),
    ).toBe(true);
    expect(
      isUpcomingForTable(reservation({ id: 1, startsAt: minutes(-90), endsAt: minutes(0) }), 1, NOW),
    ).toBe(false);
    expect(isUpcomingForTable(reservation({ id: 1, startsAt: minutes(-1), endsAt: null }), 1, NOW)).toBe(
      false,
    );
    expect(isUpcomingForTable(reservation({ id: 1, startsAt: minutes(5), endsAt: null }), 1, NOW)).toBe(true);
  });

  it('picks the soonest upcoming reservation of a table', () => {
    const day = [
      reservation({ id: 3, startsAt: minutes(180), endsAt: minutes(270) }),
      reservation({ id: 2, startsAt: minutes(30), endsAt: minutes(120) }),
      reservation({ id: 1, startsAt: minutes(30), endsAt: minutes(120) }),
      reservation({ id: 4, startsAt: minutes(10), endsAt: minutes(100), tableIds: [2] }),
    ];
    expect(upcomingReservationFor(1, day, NOW)?.id).toBe(1);
    expect(upcomingReservationFor(2, day, NOW)?.id).toBe(4);
    expect(upcomingReservationFor(3, day, NOW)).toBeNull();
  });
});

describe('table state at a glance', () => {
  it('is free without anything on the table', () => {
    expect(tableStatusOf(1, [], NOW)).toEqual({
      state: 'free',
      reservationId: null,
      upcomingReservationId: null,
    });
  });

  it('is booked soon with an upcoming reservation', () => {
    expect(tableStatusOf(1, [reservation({ id: 5 })], NOW)).toEqual({
      state: 'booked_soon',
      reservationId: 5,
      upcomingReservationId: 5,
    });
  });

  it('is seated, ordering, bill requested or paying with an open account, which wins over upcoming', () => {
    const upcoming = reservation({ id: 9 });
    const seated = reservation({ id: 1, menuAccessEnabled: true, startsAt: minutes(-30) });
    expect(tableStatusOf(1, [upcoming, seated], NOW)).toEqual({
      state: 'seated',
      reservationId: 1,
      upcomingReservationId: 9,
    });
    expect(tableStatusOf(1, [{ ...seated, readyToOrder: true }], NOW).state).toBe('ordering');
    expect(tableStatusOf(1, [{ ...seated, hasOrders: true }], NOW).state).toBe('ordering');
    expect(tableStatusOf(1, [{ ...seated, status: 7 }], NOW).state).toBe('bill_requested');
    expect(tableStatusOf(1, [{ ...seated, status: 7, paidCents: 500 }], NOW).state).toBe('paying');
  });

  it('ignores closed, cancelled and no-show accounts', () => {
    const closed = reservation({
      id: 1,
      status: -2,
      menuAccessEnabled: true,
      finishedAt: NOW,
      startsAt: minutes(-90),
    });
    const noShow = reservation({ id: 2, status: -4 });
    expect(tableStatusOf(1, [closed, noShow], NOW).state).toBe('free');
  });
});
