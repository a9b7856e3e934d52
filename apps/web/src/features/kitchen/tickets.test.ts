import { describe, expect, it } from 'vitest';
import { arrivals, groupTickets, mergeIdenticalLines, type KitchenLine } from './tickets.ts';

function line(
  id: number,
  reservationId: number,
  orderedAt: string,
  extra: Partial<KitchenLine> = {},
): KitchenLine {
  return {
    id,
    reservationId,
    orderId: 1,
    table: `M${reservationId}`,
    partyName: `Mesa ${reservationId}`,
    orderedAt: `2026-03-14 ${orderedAt}`,
    status: 1,
    name: `Plato ${id}`,
    units: 1,
    isDrink: false,
    choices: [],
    comments: null,
    isGhost: false,
    held: false,
    course: null,
    dishClassId: null,
    clientMessage: null,
    actions: [],
    tableAllergies: { allergens: [], notes: [], bookingComment: null },
    allergenClash: [],
    takeaway: null,
    ...extra,
  };
}

const lines = [
  line(1, 10, '21:05:00'),
  line(2, 20, '21:00:00'),
  line(3, 10, '21:20:00'),
  line(4, 20, '21:02:00', { held: true }),
  line(5, 20, '21:01:00', { clientMessage: 'Sin prisa' }),
];

describe('grouping lines into tickets', () => {
  it('makes one ticket per table, the table waiting longest first', () => {
    const tickets = groupTickets(lines, { ungrouped: false, newestFirst: false });
    expect(tickets.map((ticket) => ticket.table)).toEqual(['M20', 'M10']);
    expect(tickets[0]!.since).toBe('2026-03-14 21:00:00');
    expect(tickets[0]!.clientMessages).toEqual(['Sin prisa']);
  });

  it('lists a held course after the lines to cook now', () => {
    const [first] = groupTickets(lines, { ungrouped: false, newestFirst: false });
    expect(first!.lines.map((item) => item.id)).toEqual([2, 5, 4]);
  });

  it('ages a ticket from its oldest line to cook, not from a held course', () => {
    const tickets = groupTickets(
      [
        line(6, 30, '20:00:00', { held: true }),
        line(7, 30, '21:10:00'),
        line(8, 40, '20:30:00', { held: true }),
      ],
      { ungrouped: false, newestFirst: false },
    );
    expect(tickets.map((ticket) => [ticket.table, ticket.since.slice(11), ticket.allHeld])).toEqual([
      ['M40', '20:30:00', true],
      ['M30', '21:10:00', false],
    ]);
  });

  it('puts the table with the newest order first when newest first is on', () => {
    const tickets = groupTickets(lines, { ungrouped: false, newestFirst: true });
    expect(tickets.map((ticket) => ticket.table)).toEqual(['M10', 'M20']);
  });

  it('gives every line its own ticket when ungrouped', () => {
    const tickets = groupTickets(lines, { ungrouped: true, newestFirst: false });
    expect(tickets.map((ticket) => ticket.lines[0]!.id)).toEqual([2, 5, 4, 1, 3]);
  });
});

describe('new lines', () => {
  it('are none on the first read, then only the ids not seen before', () => {
    expect(arrivals(null, lines)).toEqual([]);
    expect(arrivals(new Set([1, 2, 3]), lines)).toEqual([4, 5]);
  });
});

describe('identical lines of one order (issue 18)', () => {
  it('are drawn as one with their units added, and act on every line together', () => {
    const bravas = (id: number, extra: Partial<KitchenLine> = {}) =>
      line(id, 10, '21:00:00', { name: 'Patatas bravas', actions: ['startPreparation'], ...extra });
    const merged = mergeIdenticalLines([
      bravas(1),
      bravas(2, { units: 3 }),
      bravas(3),
      bravas(4, { orderId: 2 }),
      bravas(5, { choices: ['Sin picante'] }),
      bravas(6, { status: 2 }),
    ]);
    expect(merged.map((item) => [item.units, item.lines.map((each) => each.id)])).toEqual([
      [5, [1, 2, 3]],
      [1, [4]],
      [1, [5]],
      [1, [6]],
    ]);
  });
});
