import { describe, expect, it } from 'vitest';
import { addDays } from '../service-day.ts';
import type { ExistingBooking } from './bookings.ts';
import type { ServiceScheduleEntry } from './schedule.ts';
import {
  availableTimeSlots,
  findAvailability,
  type AvailabilityQuery,
  type AvailabilityVenue,
  type AvailableSlot,
} from './slots.ts';
import { tableOptionsFor, type DiningTable } from './table-assignment.ts';
import { zonedDateTimeToInstant } from './zoned-time.ts';

const MADRID = 'Europe/Madrid';

const lunch: ServiceScheduleEntry = {
  name: 'Comida',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start: '13:00',
  end: '16:00',
  lastSeating: '14:30',
  slotIntervalMinutes: 30,
};
const dinner: ServiceScheduleEntry = {
  name: 'Cena',
  weekdays: [4, 5, 6], // Thursday to Saturday
  start: '20:30',
  end: '02:00',
  lastSeating: '00:30',
  slotIntervalMinutes: 30,
};

/** Sala (room 1): a 2-top and a 4-top. Terraza (room 2): two combinable 4-tops side by side. */
const venue: AvailabilityVenue = {
  timeZone: MADRID,
  serviceSchedule: [lunch, dinner],
  disabledWeekdays: [1], // closed to online booking on Mondays
  rooms: [
    { id: 1, sortOrder: 0 },
    { id: 2, sortOrder: 1 },
  ],
  tables: [
    { id: 1, roomId: 1, minPax: 1, maxPax: 2 },
    { id: 2, roomId: 1, minPax: 2, maxPax: 4 },
    { id: 3, roomId: 2, minPax: 2, maxPax: 4, combinable: true },
    { id: 4, roomId: 2, minPax: 2, maxPax: 4, combinable: true },
  ],
  adjacentTables: [[3, 4]],
};

const FRIDAY = '2026-11-20';
const FRIDAY_MORNING = new Date('2026-11-20T08:00:00Z'); // 09:00 in Madrid

/** A Madrid wall time as an instant (the conversion is tested in zoned-time.test.ts). */
function madrid(date: string, time: string): Date {
  const instant = zonedDateTimeToInstant(date, time, MADRID);
  if (!instant) throw new Error(`${date} ${time} does not exist in Madrid`);
  return instant;
}

function booking(
  tableIds: number[],
  date: string,
  from: string,
  toDate: string,
  to: string,
  pax = 2,
): ExistingBooking {
  return { tableIds, startsAt: madrid(date, from), endsAt: madrid(toDate, to), pax };
}

function query(overrides: Partial<AvailabilityQuery> = {}): AvailabilityQuery {
  return { date: FRIDAY, pax: 2, now: FRIDAY_MORNING, bookings: [], ...overrides };
}

/** One line per slot: `time r<room> ×<count> <duration>`, with `!` when the duration is limited. */
function rows(slots: readonly AvailableSlot[]): string[] {
  return slots.map(
    (slot) =>
      `${slot.timeSlot} r${slot.roomId} ×${slot.countAvailable} ${slot.duration}${slot.duration_limited ? '!' : ''}`,
  );
}

const times = (slots: readonly AvailableSlot[]): string[] => [...new Set(slots.map((slot) => slot.timeSlot))];

describe('findAvailability: time slots of a service day', () => {
  it('offers every time of every service, per room, with the tables that fit', () => {
    const slots = findAvailability(venue, query({ pax: 2 }));
    expect(rows(slots.filter((slot) => slot.serviceName === 'Comida'))).toEqual([
      '13:00 r1 ×2 90',
      '13:00 r2 ×2 90',
      '13:30 r1 ×2 90',
      '13:30 r2 ×2 90',
      '14:00 r1 ×2 90',
      '14:00 r2 ×2 90',
      '14:30 r1 ×2 90',
      '14:30 r2 ×2 90',
    ]);
    expect(slots[0]).toMatchObject({ tableIds: [1], startsAt: new Date('2026-11-20T12:00:00Z') });
    expect(slots[1]).toMatchObject({ tableIds: [3] });
  });

  it('answers the spec’s time slot shape', () => {
    const [first] = availableTimeSlots(venue, query({ pax: 3 }));
    expect(first).toEqual({
      timeSlot: '13:00',
      countAvailable: 1,
      duration: 105,
      duration_limited: false,
      roomId: 1,
    });
  });

  it('keeps a dinner that crosses midnight on the service day it starts', () => {
    const friday = findAvailability(venue, query({ roomId: 1 }));
    expect(times(friday)).toEqual([
      '13:00', '13:30', '14:00', '14:30',
      '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30', '00:00', '00:30',
    ]); // prettier-ignore
    expect(friday.at(-1)?.startsAt.toISOString()).toBe('2026-11-20T23:30:00.000Z'); // Saturday 00:30
    // Wednesday has no dinner, so not even the after-midnight times.
    expect(times(findAvailability(venue, query({ date: '2026-11-25', roomId: 1 })))).toEqual([
      '13:00',
      '13:30',
      '14:00',
      '14:30',
    ]);
  });

  it('reads today from the 06:00 boundary: after midnight it is still the previous service day', () => {
    const afterMidnight = new Date('2026-11-20T23:05:00Z'); // Saturday 00:05 in Madrid, Friday's service
    const tonight = findAvailability(venue, query({ now: afterMidnight, roomId: 1 }));
    expect(rows(tonight)).toEqual(['00:30 r1 ×2 90']); // 00:00 is in the past, 00:30 is 25 minutes away
    expect(findAvailability(venue, query({ date: '2026-11-19', now: afterMidnight }))).toEqual([]);
    expect(
      times(findAvailability(venue, query({ date: '2026-11-21', now: afterMidnight, roomId: 1 }))),
    ).toHaveLength(13);
    // The horizon counts from the logical date too: Friday + 60 days is the last bookable date.
    expect(findAvailability(venue, query({ date: '2027-01-19', now: afterMidnight }))).not.toEqual([]);
    expect(findAvailability(venue, query({ date: '2027-01-20', now: afterMidnight }))).toEqual([]);
  });

  it('offers no time before now plus the minimum lead (default 15 minutes)', () => {
    const lunchtime = new Date('2026-11-20T12:20:00Z'); // 13:20 in Madrid
    const at = (minimumLeadMinutes?: number): string[] =>
      times(findAvailability({ ...venue, minimumLeadMinutes }, query({ now: lunchtime, roomId: 1 }))).slice(
        0,
        3,
      );
    expect(at()).toEqual(['14:00', '14:30', '20:30']);
    expect(at(0)).toEqual(['13:30', '14:00', '14:30']);
    expect(at(40)).toEqual(['14:00', '14:30', '20:30']); // 13:20 + 40 min: 14:00 is just in time
    expect(at(45)).toEqual(['14:30', '20:30', '21:00']);
  });

  it('offers nothing on a disabled weekday, before today or beyond 60 days', () => {
    expect(findAvailability(venue, query({ date: '2026-11-23' }))).toEqual([]); // Monday
    expect(findAvailability(venue, query({ date: '2026-11-24' }))).toHaveLength(8); // Tuesday: lunch, 2 rooms
    expect(findAvailability(venue, query({ date: '2026-11-19' }))).toEqual([]);
    expect(findAvailability(venue, query({ date: addDays(FRIDAY, 60) }))).toHaveLength(8); // a Tuesday
    expect(findAvailability(venue, query({ date: addDays(FRIDAY, 61) }))).toEqual([]);
    expect(findAvailability({ ...venue, horizonDays: 30 }, query({ date: addDays(FRIDAY, 31) }))).toEqual([]);
    expect(findAvailability(venue, query({ date: '2026-11-31' }))).toEqual([]);
  });

  it('offers nothing on a closed date (holiday), the other dates keep their times', () => {
    const closed = { ...venue, closedDates: ['2026-11-24'] };
    expect(findAvailability(closed, query({ date: '2026-11-24' }))).toEqual([]);
    expect(findAvailability(closed, query({ date: '2026-11-25' }))).toHaveLength(8);
  });

  it('offers nothing for an invalid party size', () => {
    for (const pax of [0, -2, 2.5, Number.NaN]) expect(findAvailability(venue, query({ pax }))).toEqual([]);
    expect(findAvailability(venue, query({ pax: 9 }))).toEqual([]); // more than the floor seats
  });
});

describe('findAvailability: tables, durations and buffer', () => {
  const dinnerOnly = (slots: readonly AvailableSlot[]): string[] =>
    rows(slots.filter((slot) => slot.serviceName === 'Cena'));

  it('shortens the stay when a later booking cuts it, down to the minimum stay (duration_limited)', () => {
    const bookings = [
      booking([1], FRIDAY, '22:00', FRIDAY, '23:30'),
      booking([2], FRIDAY, '22:30', '2026-11-21', '00:00'),
    ];
    const slots = findAvailability(venue, query({ roomId: 1, bookings }));
    // 20:30: table 1 would stop at 21:45 (buffer before 22:00), but table 2 keeps the full 90 minutes.
    // 21:00: only table 2, until 22:15: 75 minutes (at least 75 % of 90). 21:30: 45 minutes, not offered.
    // Table 1 is free again at 23:45 and table 2 at 00:15.
    expect(dinnerOnly(slots)).toEqual([
      '20:30 r1 ×2 90',
      '21:00 r1 ×1 75!',
      '00:00 r1 ×1 90',
      '00:30 r1 ×2 90',
    ]);
    expect(slots.find((slot) => slot.timeSlot === '20:30')?.tableIds).toEqual([2]);
    expect(slots.find((slot) => slot.timeSlot === '21:00')?.tableIds).toEqual([2]);
    expect(slots.find((slot) => slot.timeSlot === '00:00')?.tableIds).toEqual([1]);

    const lenient = findAvailability(
      { ...venue, minimumStayMinutes: 45, minimumStayRatio: 0 },
      query({ roomId: 1, bookings }),
    );
    expect(dinnerOnly(lenient)).toContain('21:30 r1 ×1 45!');
    const noBuffer = findAvailability({ ...venue, bufferMinutes: 0 }, query({ roomId: 1, bookings }));
    expect(dinnerOnly(noBuffer)).toEqual([
      '20:30 r1 ×2 90',
      '21:00 r1 ×1 90', // table 1 would have 60 minutes: less than the minimum stay of 68
      '23:30 r1 ×1 90',
      '00:00 r1 ×2 90',
      '00:30 r1 ×2 90',
    ]);
  });

  it('takes the stay for the party size from the venue’s rules', () => {
    const slots = findAvailability(
      {
        ...venue,
        stayRules: [
          { fromPax: 1, minutes: 60 },
          { fromPax: 3, minutes: 80 },
        ],
      },
      query({ pax: 3 }),
    );
    expect(slots[0]).toMatchObject({ timeSlot: '13:00', duration: 80, duration_limited: false });
    expect(findAvailability(venue, query({ pax: 4 }))[0]?.duration).toBe(105);
  });

  it('counts combinations as options and offers them only where no single table seats the party', () => {
    const six = findAvailability(venue, query({ pax: 6 }));
    expect(rows(six).slice(0, 2)).toEqual(['13:00 r2 ×1 120', '13:30 r2 ×1 120']);
    expect(six.every((slot) => slot.roomId === 2 && slot.tableIds.join() === '3,4')).toBe(true);
    // With table 4 taken at dinner, the party of 6 has no dinner time left.
    const taken = findAvailability(
      venue,
      query({ pax: 6, bookings: [booking([4], FRIDAY, '20:00', '2026-11-21', '02:00')] }),
    );
    expect(times(taken)).toEqual(['13:00', '13:30', '14:00', '14:30']);
  });

  it('filters by room and keeps rooms in their sort order', () => {
    expect(new Set(findAvailability(venue, query({ roomId: 2 })).map((slot) => slot.roomId))).toEqual(
      new Set([2]),
    );
    const terraceFirst: AvailabilityVenue = {
      ...venue,
      rooms: [
        { id: 1, sortOrder: 5 },
        { id: 2, sortOrder: 1 },
      ],
    };
    expect(rows(findAvailability(terraceFirst, query())).slice(0, 2)).toEqual([
      '13:00 r2 ×2 90',
      '13:00 r1 ×2 90',
    ]);
  });

  it('leaves rooms closed to online booking out unless staff ask', () => {
    const withPrivate: AvailabilityVenue = {
      ...venue,
      rooms: [...(venue.rooms ?? []), { id: 3, sortOrder: 2, reservable: false }],
      tables: [...venue.tables, { id: 9, roomId: 3, minPax: 1, maxPax: 10 }],
    };
    expect(findAvailability(withPrivate, query({ pax: 9 }))).toEqual([]);
    expect(
      rows(findAvailability(withPrivate, query({ pax: 9, includeNonReservableRooms: true }))).at(0),
    ).toBe('13:00 r3 ×1 150');
  });

  it('counts live holds, not lapsed ones, and not the guest’s own', () => {
    const hold: ExistingBooking = {
      ...booking([1, 2], FRIDAY, '13:00', FRIDAY, '14:30'),
      id: 'h1',
      expiresAt: new Date('2026-11-20T08:05:00Z'),
    };
    const lunchRows = (slots: readonly AvailableSlot[]): string[] =>
      rows(slots.filter((slot) => slot.serviceName === 'Comida'));
    expect(lunchRows(findAvailability(venue, query({ roomId: 1, holds: [hold] })))).toEqual([]);
    expect(
      lunchRows(findAvailability(venue, query({ roomId: 1, holds: [hold], ignoreBookingIds: ['h1'] }))),
    ).toHaveLength(4);
    const later = new Date('2026-11-20T08:06:00Z');
    expect(lunchRows(findAvailability(venue, query({ roomId: 1, holds: [hold], now: later })))).toHaveLength(
      4,
    );
  });
});

describe('findAvailability: pacing', () => {
  // A reservation of 4 at 21:00 without a table yet still counts toward pacing.
  const bookings = [booking([], FRIDAY, '21:00', FRIDAY, '22:30', 4)];

  it('refuses the times where the party would pass the venue’s covers per window', () => {
    const paced: AvailabilityVenue = { ...venue, pacing: { maxCovers: 6, windowMinutes: 30 } };
    expect(times(findAvailability(paced, query({ pax: 2, roomId: 1, bookings })))).toContain('21:00');
    const three = times(findAvailability(paced, query({ pax: 3, roomId: 1, bookings })));
    expect(three).toEqual([
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '20:30',
      '21:30',
      '22:00',
      '22:30',
      '23:00',
      '23:30',
      '00:00',
      '00:30',
    ]);
  });

  it('applies a service’s own covers per slot', () => {
    const paced: AvailabilityVenue = {
      ...venue,
      serviceSchedule: [lunch, { ...dinner, maxCoversPerSlot: 5 }],
    };
    expect(times(findAvailability(paced, query({ pax: 1, roomId: 1, bookings })))).toContain('21:00');
    expect(times(findAvailability(paced, query({ pax: 2, roomId: 1, bookings })))).not.toContain('21:00');
    // A party larger than the limit gets no dinner time at all, but still lunch.
    expect(times(findAvailability(paced, query({ pax: 6, bookings })))).toEqual([
      '13:00',
      '13:30',
      '14:00',
      '14:30',
    ]);
  });
});

describe('findAvailability: DST nights in Europe/Madrid', () => {
  const bar: AvailabilityVenue = {
    timeZone: MADRID,
    serviceSchedule: [
      {
        name: 'Copas',
        weekdays: [6],
        start: '23:00',
        end: '04:00',
        lastSeating: '03:00',
        slotIntervalMinutes: 30,
      },
    ],
    tables: [{ id: 1, roomId: 1, minPax: 1, maxPax: 4 }],
    bufferMinutes: 0,
    minimumLeadMinutes: 0,
    minimumStayMinutes: 60,
    minimumStayRatio: 0,
  };
  const stays = (slots: readonly AvailableSlot[]): string[] =>
    slots.map((slot) => `${slot.timeSlot} ${slot.duration}${slot.duration_limited ? '!' : ''}`);

  it('on 25 October 2026 (03:00 → 02:00) offers the repeated hour once, with stays in real minutes', () => {
    // A table booking from the second 02:30 (CET, 01:30 UTC).
    const bookings: ExistingBooking[] = [
      {
        tableIds: [1],
        startsAt: new Date('2026-10-25T01:30:00Z'),
        endsAt: new Date('2026-10-25T03:00:00Z'),
        pax: 2,
      },
    ];
    const slots = findAvailability(bar, {
      date: '2026-10-24',
      pax: 2,
      now: new Date('2026-10-24T08:00:00Z'),
      bookings,
    });
    // 02:00 (first, CEST) is 90 real minutes before the booking; 02:30 (first) is 60 minutes before it.
    expect(stays(slots)).toEqual([
      '23:00 90',
      '23:30 90',
      '00:00 90',
      '00:30 90',
      '01:00 90',
      '01:30 90',
      '02:00 90',
      '02:30 60!',
    ]);
    expect(slots.at(-1)?.startsAt.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('on 29 March 2026 (02:00 → 03:00) skips the times that do not exist, with stays in real minutes', () => {
    // A table booking from 03:30 CEST (01:30 UTC).
    const bookings: ExistingBooking[] = [
      {
        tableIds: [1],
        startsAt: new Date('2026-03-29T01:30:00Z'),
        endsAt: new Date('2026-03-29T03:00:00Z'),
        pax: 2,
      },
    ];
    const slots = findAvailability(bar, {
      date: '2026-03-28',
      pax: 2,
      now: new Date('2026-03-28T08:00:00Z'),
      bookings,
    });
    // 01:30 CET is only 60 real minutes before 03:30 CEST; 03:00 CEST is 30 minutes before it.
    expect(stays(slots)).toEqual(['23:00 90', '23:30 90', '00:00 90', '00:30 90', '01:00 90', '01:30 60!']);
    const free = findAvailability(bar, {
      date: '2026-03-28',
      pax: 2,
      now: new Date('2026-03-28T08:00:00Z'),
      bookings: [],
    });
    expect(times(free)).toEqual(['23:00', '23:30', '00:00', '00:30', '01:00', '01:30', '03:00']);
  });
});

describe('findAvailability: a busy venue (40 tables, 60 days of bookings)', () => {
  /** Deterministic pseudo-random numbers (the domain has no randomness; tests need repeatable data). */
  function sequence(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
  }

  const sizes = [2, 2, 2, 4, 4, 4, 4, 6, 6, 8];
  const tables: DiningTable[] = [];
  const adjacentTables: [number, number][] = [];
  for (let room = 1; room <= 4; room += 1) {
    sizes.forEach((maxPax, index) => {
      const id = room * 100 + index;
      tables.push({
        id,
        roomId: room,
        minPax: maxPax > 4 ? 4 : 1,
        maxPax,
        combinable: index >= 3,
        sortOrder: index,
      });
      if (index >= 4) adjacentTables.push([id - 1, id]);
    });
  }
  const busy: AvailabilityVenue = {
    timeZone: MADRID,
    serviceSchedule: [
      {
        name: 'Comida',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        start: '13:00',
        end: '16:30',
        lastSeating: '15:30',
        slotIntervalMinutes: 15,
      },
      {
        name: 'Cena',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        start: '20:00',
        end: '01:00',
        lastSeating: '23:30',
        slotIntervalMinutes: 15,
      },
    ],
    rooms: [1, 2, 3, 4].map((id) => ({ id, sortOrder: id })),
    tables,
    adjacentTables,
    pacing: { maxCovers: 40, windowMinutes: 15 },
  };
  const random = sequence(42);
  const bookings: ExistingBooking[] = [];
  const firstDay = '2026-11-16';
  for (let day = 0; day < 61; day += 1) {
    const date = addDays(firstDay, day);
    for (const table of tables) {
      for (const service of ['13:00', '20:00']) {
        if (random() < 0.35) continue;
        const offset = Math.floor(random() * 10) * 15;
        const startsAt = new Date(madrid(date, service).getTime() + offset * 60_000);
        const minutes = 75 + Math.floor(random() * 5) * 15;
        bookings.push({
          id: bookings.length,
          tableIds: [table.id],
          startsAt,
          endsAt: new Date(startsAt.getTime() + minutes * 60_000),
          pax: Math.max(1, Math.ceil(table.maxPax * (0.5 + random() / 2))),
        });
      }
    }
  }
  const now = new Date('2026-11-16T08:00:00Z');

  /** The same rules checked naively against every booking, to cross-check the indexes. */
  function naive(date: string, pax: number): string[] {
    const planned = pax <= 2 ? 90 : pax <= 4 ? 105 : pax <= 6 ? 120 : 150;
    const minimum = Math.min(planned, Math.max(60, Math.ceil(planned * 0.75)));
    const options = tableOptionsFor(busy, pax);
    const result: string[] = [];
    for (let minute = 13 * 60; minute <= 23 * 60 + 30; minute += 15) {
      if (minute > 15 * 60 + 30 && minute < 20 * 60) continue;
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const start = madrid(date, time).getTime();
      if (start < now.getTime() + 15 * 60_000) continue;
      const startingCovers = (from: number): number =>
        bookings
          .filter((b) => b.startsAt.getTime() >= from && b.startsAt.getTime() < from + 15 * 60_000)
          .reduce((sum, b) => sum + (b.pax ?? 0), 0);
      const windowStarts = [
        start,
        ...bookings.map((b) => b.startsAt.getTime()).filter((s) => s > start - 15 * 60_000 && s <= start),
      ];
      if (Math.max(...windowStarts.map(startingCovers)) + pax > 40) continue;
      const perRoom = new Map<number, { count: number; stay: number }>();
      for (const option of options) {
        let stay = planned;
        for (const tableId of option.tableIds) {
          for (const b of bookings) {
            if (!b.tableIds.includes(tableId)) continue;
            const bs = b.startsAt.getTime();
            const be = b.endsAt.getTime();
            if (start < be + 15 * 60_000) stay = Math.min(stay, (bs - 15 * 60_000 - start) / 60_000);
          }
        }
        if (stay < minimum) continue;
        const room = perRoom.get(option.roomId) ?? { count: 0, stay: 0 };
        perRoom.set(option.roomId, { count: room.count + 1, stay: Math.max(room.stay, stay) });
      }
      for (const [roomId, { count, stay }] of [...perRoom].sort((a, b) => a[0] - b[0])) {
        result.push(`${time} r${roomId} ×${count} ${stay}${stay < planned ? '!' : ''}`);
      }
    }
    return result;
  }

  it('agrees with a naive check of every booking', () => {
    const all: string[] = [];
    for (const [date, pax] of [
      ['2026-11-20', 2],
      ['2026-11-20', 6],
      ['2026-11-21', 4],
      ['2026-12-05', 8],
      ['2026-12-24', 14],
    ] as const) {
      const slots = findAvailability(busy, { date, pax, now, bookings });
      expect(rows(slots)).toEqual(naive(date, pax));
      all.push(...rows(slots));
    }
    // The sample exercises the interesting cases: limited stays and rooms with several options.
    expect(all.some((row) => row.endsWith('!'))).toBe(true);
    expect(all.some((row) => / ×[3-9] /.test(row))).toBe(true);
  });

  it('offers tables on every one of the 61 bookable dates of a busy venue', () => {
    // Speed is measured by bench/, never asserted here; this checks the whole horizon answers.
    let offered = 0;
    for (let day = 0; day <= 60; day += 1) {
      for (const pax of [2, 6, 10]) {
        offered += findAvailability(busy, { date: addDays(firstDay, day), pax, now, bookings }).length;
      }
    }
    expect(offered).toBeGreaterThan(1000);
  });
});
