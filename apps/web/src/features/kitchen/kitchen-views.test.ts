import type { GetByRoleResponse, KitchenItem } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import {
  barDrinkLines,
  splitScheduled,
  courseToFire,
  kitchenAccounts,
  kitchenBoardLines,
  passLines,
  readyToServeLines,
} from './kitchen-views.ts';

const KITCHEN_STATION = 1;
const BAR_STATION = 5;

function item(id: number, reservationId: number, extra: Partial<KitchenItem> = {}): KitchenItem {
  return {
    productOrderId: id,
    cartSessionOrderId: reservationId * 10,
    parentId: null,
    productSku: `SKU-${id}`,
    name: `Plato ${id}`,
    units: 1,
    statusProductOrder: 1,
    type: 'comida',
    isMenu: false,
    dateCreated: '2026-03-14T20:00:00.000Z',
    datePreparing: null,
    dateReady: null,
    dateServed: null,
    choices: [],
    comments: null,
    staffComments: null,
    dishClass: 2,
    modifyDishClass: false,
    serviceEventId: null,
    held: false,
    firedDateTime: null,
    menuIncluded: false,
    paid: false,
    isGhost: false,
    elaborationStations: [KITCHEN_STATION],
    requiredRoleNames: [],
    reservationInfo: {
      id: reservationId,
      wid: `w${reservationId}`,
      name: `Mesa ${reservationId}`,
      pax: 2,
      status: 1,
      table: String(reservationId),
      roomName: 'Sala',
      zone: 'Sala',
      finishedDateTime: null,
      allergies: {
        allergens: [{ id: 1, code: 'gluten', name: 'Gluten' }],
        notes: ['Celíaca'],
        bookingComment: 'Cumpleaños',
      },
      takeaway: null,
    },
    allergenClash: id === 1 ? [{ id: 1, code: 'gluten', name: 'Gluten' }] : [],
    allowedActions: [],
    ...extra,
  };
}

function dayWith(
  items: KitchenItem[],
  stations = [KITCHEN_STATION],
  cartSessionStatus = 2,
): GetByRoleResponse {
  const byReservation = new Map<number, KitchenItem[]>();
  for (const line of items) {
    byReservation.set(line.reservationInfo.id, [...(byReservation.get(line.reservationInfo.id) ?? []), line]);
  }
  return {
    result: 0,
    date: '2026-03-14',
    serverTime: '2026-03-14T20:05:00.000Z',
    role: {
      id: 3,
      name: 'Cocina',
      copilotView: { name: 'Cocina' },
      elaborationStations: stations,
      requirementProductCopilotRoles: [],
    },
    groups: [...byReservation].map(([reservationId, lines]) => ({
      cartSessionOrderId: reservationId * 10,
      reservationId,
      cartSessionStatus,
      createdDateTime: '2026-03-14T20:00:00.000Z',
      clientMessage: null,
      items: lines,
    })),
    serviceEvents: [],
    dishClasses: [
      { id: 1, name: 'Bebidas', sortOrder: 0 },
      { id: 2, name: 'Primeros', sortOrder: 1 },
      { id: 3, name: 'Segundos', sortOrder: 2 },
    ],
    elaborationStations: [],
    courseFiring: true,
  } as GetByRoleResponse;
}

const drink = (id: number, reservationId: number, extra: Partial<KitchenItem> = {}) =>
  item(id, reservationId, { type: 'bebida', dishClass: 1, elaborationStations: [BAR_STATION], ...extra });

describe('what each screen draws', () => {
  const day = dayWith([
    item(1, 7),
    item(2, 7, { dishClass: 3, held: true }),
    drink(3, 7),
    item(4, 8, { statusProductOrder: 2 }),
    item(5, 8, { statusProductOrder: 3 }),
    item(6, 8, { statusProductOrder: 7 }),
    item(7, 9, { statusProductOrder: 100 }),
  ]);

  it('sends food to the kitchen (held courses included, marked) and drinks to the bar only', () => {
    const kitchen = kitchenBoardLines(day, { stationIds: null, showGhostOrders: true, zones: null });
    expect(kitchen.map((line) => [line.id, line.held])).toEqual([
      [1, false],
      [2, true],
      [4, false],
    ]);
    expect(kitchen.find((line) => line.id === 2)?.course).toBe('Segundos');
    expect(
      barDrinkLines(day, { stationIds: [BAR_STATION], showGhostOrders: false, zones: null }).map(
        (line) => line.id,
      ),
    ).toEqual([3]);
  });

  it("carries the table's allergies on every line and flags the dish that clashes (issue 18)", () => {
    const kitchen = kitchenBoardLines(day, { stationIds: null, showGhostOrders: true, zones: null });
    const [first, second] = kitchen;
    const allergies = { allergens: ['Gluten'], notes: ['Celíaca'], bookingComment: 'Cumpleaños' };
    expect(first?.tableAllergies).toEqual(allergies);
    expect(second?.tableAllergies).toEqual(allergies);
    expect(first?.allergenClash).toEqual(['Gluten']);
    expect(second?.allergenClash).toEqual([]);
  });

  it('hides lines of other stations as ghosts unless ghost orders are shown', () => {
    const other = dayWith([item(1, 7, { elaborationStations: [2] }), item(2, 7)]);
    expect(
      kitchenBoardLines(other, { stationIds: null, showGhostOrders: false, zones: null }).map(
        (line) => line.id,
      ),
    ).toEqual([2]);
    const all = kitchenBoardLines(other, { stationIds: null, showGhostOrders: true, zones: null });
    expect(all.map((line) => [line.id, line.isGhost])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(
      kitchenBoardLines(other, { stationIds: [2], showGhostOrders: false, zones: null }).map(
        (line) => line.id,
      ),
    ).toEqual([1]);
  });

  it('shows only the selected rooms when the zone filter is on, and every room with none selected', () => {
    const rooms = dayWith([
      item(1, 7),
      item(2, 8, {
        reservationInfo: { ...item(2, 8).reservationInfo, roomName: 'Terraza', zone: 'Terraza' },
      }),
    ]);
    const ids = (zones: readonly string[] | null) =>
      kitchenBoardLines(rooms, { stationIds: null, showGhostOrders: false, zones }).map((line) => line.id);
    expect(ids(['Terraza'])).toEqual([2]);
    expect(ids(['Sala', 'Terraza'])).toEqual([1, 2]);
    expect(ids([])).toEqual([1, 2]);
    expect(ids(null)).toEqual([1, 2]);
  });

  it('gives the pass what is being prepared, what is ready and the hot table; Sala what is ready or hot', () => {
    const pass = passLines(day, { stationIds: null, showGhostOrders: true, zones: null });
    expect(pass.coming.map((line) => line.id)).toEqual([4]);
    expect(pass.ready.map((line) => line.id)).toEqual([5]);
    expect(pass.hot.map((line) => line.id)).toEqual([6]);
    expect(readyToServeLines(day).map((line) => line.id)).toEqual([5, 6]);
  });

  it('fires the earliest held course of a table', () => {
    const lines = kitchenBoardLines(
      dayWith([item(1, 7, { dishClass: 3, held: true }), item(2, 7, { dishClass: 2, held: true })]),
      { stationIds: null, showGhostOrders: true, zones: null },
    );
    expect(courseToFire(day, lines)).toBe(2);
    expect(courseToFire(day, [])).toBeNull();
  });

  it('lists accounts as open or finalized, with their cart finished when nothing is left to do', () => {
    const finished = item(9, 11, { statusProductOrder: 100 });
    const closed = dayWith([
      item(1, 10, { statusProductOrder: 2 }),
      {
        ...finished,
        reservationInfo: { ...finished.reservationInfo, finishedDateTime: '2026-03-14T21:00:00.000Z' },
      },
      item(10, 10, { statusProductOrder: -1 }),
    ]);
    expect(
      kitchenAccounts(closed, 'open').map((account) => [account.reservationId, account.finished]),
    ).toEqual([[10, false]]);
    expect(
      kitchenAccounts(closed, 'finalized').map((account) => [account.reservationId, account.finished]),
    ).toEqual([[11, true]]);
    expect(kitchenAccounts(closed, 'all')[0]!.lines.map((line) => line.id)).toEqual([1]);
  });

  it('marks a takeaway order and keeps it scheduled until its firing time, then queues it from then', () => {
    const takeaway = (id: number, extra: Partial<KitchenItem> = {}) => {
      const base = item(id, 30, extra);
      return {
        ...base,
        reservationInfo: {
          ...base.reservationInfo,
          table: null,
          takeaway: {
            mode: 'pickup' as const,
            number: 12,
            pickupDateTime: '2026-03-14T21:30:00+01:00',
            firesDateTime: '2026-03-14T21:10:00+01:00',
          },
        },
      };
    };
    const lines = kitchenBoardLines(
      dayWith([takeaway(1), takeaway(2, { statusProductOrder: 2 }), item(3, 31)]),
      { stationIds: null, showGhostOrders: true, zones: null },
    );
    expect(lines.find((line) => line.id === 1)).toMatchObject({
      takeaway: { mode: 'pickup', number: 12, firesAt: '2026-03-14T21:10:00+01:00' },
      // It waits from its firing time, not from when it was ordered (20:00 UTC).
      orderedAt: '2026-03-14T20:10:00.000Z',
    });
    expect(lines.find((line) => line.id === 3)?.takeaway).toBeNull();

    const before = splitScheduled(lines, '2026-03-14T20:09:00.000Z');
    expect(before.scheduled.map((line) => line.id)).toEqual([1]);
    // Started early by the cook: in the queue whatever the time.
    expect(before.queue.map((line) => line.id).sort()).toEqual([2, 3]);
    const after = splitScheduled(lines, '2026-03-14T20:10:00.000Z');
    expect(after.scheduled).toEqual([]);
    expect(after.queue).toHaveLength(3);
  });
});
