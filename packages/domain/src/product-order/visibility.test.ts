import { describe, expect, it } from 'vitest';
import { linesToHold, nextCourseToFire } from './courses.ts';
import {
  drinksToPrepare,
  hotTableItems,
  isCartFinished,
  isGhostLine,
  isLineVisible,
  isPendingItemStatus,
  pendingGroups,
  pendingServiceEvents,
  readyToServeItems,
  type VisibilityFilter,
  type VisibilityLine,
} from './visibility.ts';

const FOGONES = 1;
const BARRA = 5;

const item = (changes: Partial<VisibilityLine> & { id?: number } = {}) => ({
  id: 1,
  statusProductOrder: 1,
  type: 'comida',
  requiredRoleNames: [] as string[],
  elaborationStations: [FOGONES],
  zone: 'Salón' as string | null,
  ...changes,
});

const cocina: VisibilityFilter = {
  roleName: 'Cocina',
  requirementRoleNames: [],
  selectedStationIds: [FOGONES],
  zones: null,
  showAll: false,
};

describe('pending item statuses (spec §4)', () => {
  it.each([
    [-4, false],
    [-3, false],
    [-2, false],
    [-1, false],
    [0, false],
    [1, true],
    [2, true],
    [3, false],
    [4, true],
    [5, true],
    [6, true],
    [7, true],
    [100, false],
  ])('status %i pending: %s', (status, pending) => {
    expect(isPendingItemStatus(status)).toBe(pending);
  });
});

describe('line visibility (spec §6)', () => {
  it('a line of no selected station is a ghost, hidden unless show-all', () => {
    const bar = item({ elaborationStations: [BARRA] });
    expect(isGhostLine(bar, [FOGONES])).toBe(true);
    expect(isLineVisible(bar, cocina)).toBe(false);
    expect(isLineVisible(bar, { ...cocina, showAll: true })).toBe(true);
  });
  it('a line without any station is a ghost too', () => {
    expect(isLineVisible(item({ elaborationStations: [] }), cocina)).toBe(false);
    expect(isLineVisible(item({ elaborationStations: [] }), { ...cocina, showAll: true })).toBe(true);
  });
  it('a product requiring roles shows only to those roles (or roles standing for them), even with show-all', () => {
    const pastry = item({ requiredRoleNames: ['Pastelería'] });
    expect(isLineVisible(pastry, { ...cocina, showAll: true })).toBe(false);
    expect(isLineVisible(pastry, { ...cocina, requirementRoleNames: ['Pastelería'] })).toBe(true);
    expect(isLineVisible(pastry, { ...cocina, roleName: 'Pastelería' })).toBe(true);
  });
  it('the zone filter applies only when zones are selected', () => {
    const terraza = item({ zone: 'Terraza' });
    expect(isLineVisible(terraza, { ...cocina, zones: [] })).toBe(true);
    expect(isLineVisible(terraza, { ...cocina, zones: ['Salón'] })).toBe(false);
    expect(isLineVisible(terraza, { ...cocina, zones: ['Terraza'] })).toBe(true);
    expect(isLineVisible(item({ zone: null }), { ...cocina, zones: ['Salón'] })).toBe(false);
  });
});

describe('pending groups per view (spec §4)', () => {
  const groups = [
    { id: 'waiting', cartSessionStatus: 1, items: [item({ id: 1 }), item({ id: 2, type: 'bebida' })] },
    {
      id: 'kitchen',
      cartSessionStatus: 2,
      items: [
        item({ id: 3, statusProductOrder: 2 }),
        item({ id: 4, statusProductOrder: 3 }),
        item({ id: 5, type: 'bebida' }),
        item({ id: 6, statusProductOrder: 100 }),
      ],
    },
    {
      id: 'ready',
      cartSessionStatus: 3,
      items: [item({ id: 7, statusProductOrder: 7 }), item({ id: 8, type: 'bebida', statusProductOrder: 7 })],
    },
    { id: 'cancelled', cartSessionStatus: -1, items: [item({ id: 9 })] },
  ];
  const ids = (found: { id: string; items: { id: number }[] }[]) =>
    found.map((g) => [g.id, g.items.map((i) => i.id)]);
  const all = { ...cocina, showAll: true };

  it('Cocina lists orders in the kitchen (2), food only, without ready or served lines', () => {
    expect(ids(pendingGroups(groups, 'Cocina', all))).toEqual([['kitchen', [3]]]);
  });
  it('other views list waiting (1) and all-ready (3) orders; drinks stay only while waiting', () => {
    for (const view of ['Sala', 'Barra', 'Pasante', 'TPV', '1 en Sala'] as const)
      expect(ids(pendingGroups(groups, view, all))).toEqual([
        ['waiting', [1, 2]],
        ['ready', [7]],
      ]);
  });
  it('drops lines the role does not see', () => {
    expect(ids(pendingGroups(groups, 'Cocina', { ...cocina, selectedStationIds: [BARRA] }))).toEqual([]);
  });
  it('the bar prepares accepted and preparing drinks of sent orders', () => {
    expect(ids(drinksToPrepare(groups, all))).toEqual([['kitchen', [5]]]);
  });
  it('the hot table lists status 7 lines of the view, and Sala serves ready and hot-table lines', () => {
    const lines = groups.flatMap((group) => group.items);
    expect(hotTableItems(lines, all).map((line) => line.id)).toEqual([7, 8]);
    expect(hotTableItems(lines, cocina).map((line) => line.id)).toEqual([7, 8]);
    expect(hotTableItems(lines, { ...cocina, selectedStationIds: [] }).map((line) => line.id)).toEqual([]);
    expect(readyToServeItems(lines, all).map((line) => line.id)).toEqual([4, 7, 8]);
  });
});

describe('service events and finished carts (spec §4)', () => {
  it('pending service leaves out served events and served items', () => {
    const events = [
      { serviceEventStatus: 100, items: [{ statusProductOrder: 100 }] },
      { serviceEventStatus: 2, items: [{ statusProductOrder: 100 }, { statusProductOrder: 2 }] },
    ];
    expect(pendingServiceEvents(events)).toEqual([
      { serviceEventStatus: 2, items: [{ statusProductOrder: 2 }] },
    ]);
  });
  it.each([
    [[100, 3, 4, 5, 6, -1, -2, -3, -4], true],
    [[100, 7], false],
    [[100, 2], false],
    [[1], false],
    [[0], false],
  ])('a cart with lines %j is finished: %s', (statuses, finished) => {
    const orders = [{ items: statuses.map((status) => ({ statusProductOrder: status })) }, { items: [] }];
    expect(isCartFinished(orders)).toBe(finished);
  });
  it('a cart without orders is finished (nothing pending)', () => {
    expect(isCartFinished([])).toBe(true);
  });
});

describe('courses (hold and fire)', () => {
  const PRIMEROS = 10;
  const SEGUNDOS = 11;
  const POSTRES = 12;
  const order = new Map([
    [PRIMEROS, 1],
    [SEGUNDOS, 2],
    [POSTRES, 3],
  ]);
  const food = (dishClassId: number | null) => ({ productType: 'comida', dishClassId });
  it('a fresh table gets its first course at once and holds the rest; drinks never wait', () => {
    const lines = [
      food(SEGUNDOS),
      food(PRIMEROS),
      { productType: 'bebida', dishClassId: SEGUNDOS },
      food(POSTRES),
      food(null),
    ];
    expect(linesToHold(lines, [], order)).toEqual([true, false, false, true, false]);
  });
  it('extra starters go at once while the mains wait; more mains wait with them', () => {
    expect(linesToHold([food(PRIMEROS), food(SEGUNDOS)], [SEGUNDOS], order)).toEqual([false, true]);
  });
  it('a table whose earlier courses are done gets its next order at once', () => {
    expect(linesToHold([food(SEGUNDOS)], [], order)).toEqual([false]);
  });
  it('fires the earliest held course', () => {
    expect(nextCourseToFire([food(POSTRES), food(SEGUNDOS)], order)).toBe(SEGUNDOS);
    expect(nextCourseToFire([], order)).toBeNull();
  });
});
