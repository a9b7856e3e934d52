import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminBookingsPreviewResponseSchema,
  adminBookingsResponseSchema,
  checkAvailabilityResponseSchema,
} from '@sobremesa/contracts';
import { auditLog, realtimeEvents, serviceSchedules } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { furnishVenue } from '../reservations/reservations.fixtures.ts';
import { givenAdminVenues } from './admin.fixtures.ts';

/**
 * The admin area's bookings calls: the weekly schedule, the booking rules (stays by party size, largest
 * party, window, holidays) and the preview of a day's times, which must be what the guest form is offered.
 * The clock stands at Friday 2026-11-20 13:00 in Madrid: Sunday 22, Monday 23, Tuesday 24.
 */
let t: TestApp;
let adminToken: string;
let salaToken: string;
let otherAdminToken: string;
let casaId: number;
let otraId: number;

const BOOKINGS = '/world/api/admin/bookings';
const SCHEDULE = '/world/api/admin/bookings/schedule';
const RULES = '/world/api/admin/bookings/rules';
const PREVIEW = '/world/api/admin/bookings/preview';
const SUNDAY = '2026-11-22';
const TUESDAY = '2026-11-24';

const DEFAULT_RULES = {
  stayRules: [
    { fromPax: 1, minutes: 90 },
    { fromPax: 3, minutes: 105 },
    { fromPax: 5, minutes: 120 },
    { fromPax: 7, minutes: 150 },
  ],
  maxPartySize: null,
  bookingWindowDays: 60,
  closedDates: [],
};

const lunch = {
  name: 'Comida',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start: '13:00',
  end: '16:00',
  lastSeating: '14:00',
  slotIntervalMinutes: 30,
  maxCoversPerSlot: 0,
};
const dinner = {
  name: 'Cena',
  weekdays: [4, 5, 6],
  start: '20:30',
  end: '01:00',
  lastSeating: '23:30',
  slotIntervalMinutes: 60,
  maxCoversPerSlot: 12,
};

function admin(method: 'GET' | 'POST', url: string, payload?: unknown, token = adminToken) {
  return call(t, 'casa', { method, url, token, ...(payload ? { payload } : {}) });
}

async function preview(date: string, pax = 2) {
  const response = await admin('GET', `${PREVIEW}?date=${date}&pax=${pax}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminBookingsPreviewResponseSchema.parse(response.json());
}

function guestAvailability(date: string, pax = 2) {
  return call(t, 'casa', {
    method: 'POST',
    url: '/world/reservation/checkavailability',
    payload: { date, pax },
  });
}

function audits(action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, casaId), eq(auditLog.action, action)))
    .orderBy(auditLog.id);
}

beforeAll(async () => {
  t = await buildTestApp();
  const { casa, otra, ...tokens } = await givenAdminVenues(t);
  casaId = casa.id;
  otraId = otra.id;
  ({ adminToken, salaToken, otherAdminToken } = tokens);
  const floor = {
    rooms: [
      {
        name: 'Sala',
        tables: [
          { name: 'M1', minPax: 1, maxPax: 4 },
          { name: 'M2', minPax: 2, maxPax: 6 },
        ],
      },
    ],
  };
  await furnishVenue(t.ctx.db, casa.id, floor);
  await furnishVenue(t.ctx.db, otra.id, floor);
});
afterAll(() => t.close());

describe('admin bookings calls: access', () => {
  it.each([
    ['GET', BOOKINGS, undefined],
    ['POST', SCHEDULE, { services: [lunch] }],
    ['POST', RULES, { bookingRules: DEFAULT_RULES }],
    ['GET', `${PREVIEW}?date=${TUESDAY}`, undefined],
  ] as const)('%s %s needs the admin role (403) of this venue (401)', async (method, url, payload) => {
    const ask = (token?: string) =>
      call(t, 'casa', { method, url, ...(payload ? { payload } : {}), ...(token ? { token } : {}) });
    expect((await ask()).statusCode).toBe(401);
    const refused = await ask(salaToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await ask(otherAdminToken)).statusCode).toBe(401);
    expect(await audits('venue.schedule.update')).toHaveLength(0);
  });
});

describe('GET /world/api/admin/bookings', () => {
  it('gives the stored schedule grouped by service and the default booking rules', async () => {
    const response = await admin('GET', BOOKINGS);
    expect(response.statusCode).toBe(200);
    const body = adminBookingsResponseSchema.parse(response.json());
    expect(body.services.map((service) => [service.name, service.start, service.weekdays.length])).toEqual([
      ['Comida', '13:00', 7],
      ['Cena', '20:00', 7],
    ]);
    expect(body.bookingRules).toEqual(DEFAULT_RULES);
    expect(body.disabledWeekdays).toEqual([]);
  });
});

describe('POST /world/api/admin/bookings/schedule', () => {
  it('refuses a service that closes before it opens, overlapping services and negative pacing, at their fields', async () => {
    const cases = [
      [
        { services: [{ ...lunch, end: '12:00' }] },
        'services.0.end',
        'El cierre debe ser posterior a la apertura',
      ],
      [
        {
          services: [
            lunch,
            { ...dinner, name: 'Merienda', start: '15:00', lastSeating: '16:00', weekdays: [5] },
          ],
        },
        'services.1.start',
        'Se solapa con el servicio «Comida» el mismo día',
      ],
      [
        { services: [{ ...lunch, maxCoversPerSlot: -1 }] },
        'services.0.maxCoversPerSlot',
        'El ritmo no puede ser negativo',
      ],
      [
        { services: [{ ...lunch, lastSeating: '17:00' }] },
        'services.0.lastSeating',
        'La última entrada debe estar entre la apertura y el cierre',
      ],
    ] as const;
    for (const [payload, path, message] of cases) {
      const response = await admin('POST', SCHEDULE, payload);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().fields).toContainEqual({ path, message });
    }
    const rows = await t.ctx.db.select().from(serviceSchedules).where(eq(serviceSchedules.venueId, casaId));
    expect(rows).toHaveLength(14);
  });

  it('replaces the schedule, audits it, tells staff screens and leaves other venues alone', async () => {
    const response = await admin('POST', SCHEDULE, { services: [lunch, dinner] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().services).toEqual([lunch, dinner]);
    const [audit] = await audits('venue.schedule.update');
    expect(audit?.after).toEqual({ services: [lunch, dinner] });
    expect((audit?.before as { services: unknown[] }).services).toHaveLength(2);
    const events = await t.ctx.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.venueId, casaId), eq(realtimeEvents.topic, 'venue.config.updated')));
    expect(events.at(-1)?.payload).toEqual({ changed: ['serviceSchedule'] });
    const stored = await t.ctx.db.select().from(serviceSchedules).where(eq(serviceSchedules.venueId, casaId));
    expect(stored.filter((row) => row.name === 'Cena').map((row) => row.maxCoversPerSlot)).toEqual([
      12, 12, 12,
    ]);
    expect(stored.find((row) => row.name === 'Comida')?.maxCoversPerSlot).toBeNull();
    const other = await t.ctx.db.select().from(serviceSchedules).where(eq(serviceSchedules.venueId, otraId));
    expect(other.filter((row) => row.name === 'Comida').map((row) => row.startsAt)).toContain('13:00:00');
    expect(other).toHaveLength(14);
    // The guest form sees the new hours at once: lunch every 30 minutes, no dinner on a Tuesday.
    const guest = checkAvailabilityResponseSchema.parse((await guestAvailability(TUESDAY)).json());
    expect(guest.timeSlots.map((slot) => slot.timeSlot)).toEqual(['13:00', '13:30', '14:00']);
  });
});

describe('POST /world/api/admin/bookings/rules', () => {
  it('refuses stays of 0 minutes, a party above 99, a window outside 1..365 days, at their fields', async () => {
    const cases = [
      [{ ...DEFAULT_RULES, stayRules: [{ fromPax: 1, minutes: 0 }] }, 'bookingRules.stayRules.0.minutes'],
      [{ ...DEFAULT_RULES, maxPartySize: 100 }, 'bookingRules.maxPartySize'],
      [{ ...DEFAULT_RULES, maxPartySize: 0 }, 'bookingRules.maxPartySize'],
      [{ ...DEFAULT_RULES, bookingWindowDays: 0 }, 'bookingRules.bookingWindowDays'],
      [{ ...DEFAULT_RULES, bookingWindowDays: 366 }, 'bookingRules.bookingWindowDays'],
      [
        { ...DEFAULT_RULES, closedDates: [{ date: '2026-02-30', name: '' }] },
        'bookingRules.closedDates.0.date',
      ],
    ] as const;
    for (const [bookingRules, path] of cases) {
      const response = await admin('POST', RULES, { bookingRules });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().fields.map((field: { path: string }) => field.path)).toContain(path);
    }
    expect(
      (await admin('POST', RULES, { bookingRules: { ...DEFAULT_RULES, bookingWindowDays: 0 } })).json()
        .fields[0].message,
    ).toBe('Entre 1 y 365 días');
    expect(await audits('venue.config.update')).toHaveLength(0);
  });

  it('saves holidays, stays, the largest party and the window; the guest form and the preview follow', async () => {
    const bookingRules = {
      stayRules: [
        { fromPax: 3, minutes: 120 },
        { fromPax: 1, minutes: 60 },
      ],
      maxPartySize: 4,
      bookingWindowDays: 10,
      closedDates: [{ date: TUESDAY, name: 'Fiesta local' }],
    };
    const response = await admin('POST', RULES, { bookingRules });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().bookingRules.stayRules).toEqual([
      { fromPax: 1, minutes: 60 },
      { fromPax: 3, minutes: 120 },
    ]);
    const [audit] = await audits('venue.config.update');
    expect(audit?.after).toMatchObject({
      bookingRules: { closedDates: [{ date: TUESDAY, name: 'Fiesta local' }] },
    });

    expect(await preview(TUESDAY)).toMatchObject({ closedBecause: 'holiday', timeSlots: [] });
    expect((await guestAvailability(TUESDAY)).json().code).toBe('DATE_NOT_BOOKABLE');
    expect((await preview('2026-12-01')).closedBecause).toBe('outside_window');
    expect((await guestAvailability('2026-12-01')).statusCode).toBe(400);
    expect((await preview('2026-11-25', 5)).closedBecause).toBe('party_too_large');
    expect((await guestAvailability('2026-11-25', 5)).json().code).toBe('PARTY_TOO_LARGE');
    const open = await preview('2026-11-25');
    expect(open.closedBecause).toBeNull();
    expect(open.timeSlots.every((slot) => slot.duration === 60)).toBe(true);
  });
});

describe('GET /world/api/admin/bookings/preview', () => {
  it('gives what the guest form is offered for the day, and closed weekdays', async () => {
    for (const pax of [2, 4]) {
      const shown = await preview('2026-11-26', pax);
      const guest = checkAvailabilityResponseSchema.parse(
        (await guestAvailability('2026-11-26', pax)).json(),
      );
      expect(shown.timeSlots.length).toBeGreaterThan(3);
      expect(shown.timeSlots).toEqual(guest.timeSlots);
    }
    const closed = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/venueconfig/update',
      token: adminToken,
      payload: { reservation_disabled_dow: [7] },
    });
    expect(closed.statusCode).toBe(200);
    expect(await preview(SUNDAY)).toMatchObject({ closedBecause: 'weekday', timeSlots: [] });
  });

  it('refuses a malformed date or party at its field', async () => {
    const response = await admin('GET', `${PREVIEW}?date=2026-13-01&pax=0`);
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(['date', 'pax']);
  });
});
