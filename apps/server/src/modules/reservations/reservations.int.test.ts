import { createHash } from 'node:crypto';
import {
  availableRoomsResponseSchema,
  checkAvailabilityResponseSchema,
  holdResponseSchema,
  registerReservationResponseSchema,
  reservationResponseSchema,
  slotUnavailableBodySchema,
  userFutureResponseSchema,
  type RegisterReservationResponse,
} from '@sobremesa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import {
  guestTokens,
  idempotencyKeys,
  realtimeEvents,
  reservations,
  tableBookings,
} from '../../db/schema/index.ts';
import { readQrPng } from '../../test/qr-code.ts';
import { buildTestApp, call, givenStaff, givenVenue, signIn, type TestApp } from '../../test/test-app.ts';
import { furnishVenue } from './reservations.fixtures.ts';
import { HOLD_SECONDS } from './availability.ts';

/**
 * Guest reservation calls through the HTTP layer (issue 4): availability, holds, booking, the guest's
 * link (capability) and what it reaches, on two venues so foreign ids are shown to be 404 (SEC-01).
 *
 * The clock stands at Friday 2026-11-20 13:00 in Madrid (12:00 UTC): tomorrow is Saturday 21, Monday 23
 * is closed to online booking, and 2027-01-19 is the last bookable date (today + 60).
 */
let t: TestApp;
let casa: Awaited<ReturnType<typeof givenBookableVenue>>;
let otra: Awaited<ReturnType<typeof givenBookableVenue>>;
let staffToken: string;
let otherStaffToken: string;

const SATURDAY = '2026-11-21';
const SUNDAY = '2026-11-22';
const MONDAY = '2026-11-23';

async function givenBookableVenue(subdomain: string) {
  const venue = await givenVenue(t, { subdomain, settings: { reservation_disabled_dow: [1] } });
  const floor = await furnishVenue(t.ctx.db, venue.id, {
    rooms: [
      {
        name: 'Sala',
        tables: [
          { name: 'S1', minPax: 1, maxPax: 2 },
          { name: 'S2', minPax: 1, maxPax: 2 },
          { name: 'S3', minPax: 2, maxPax: 4 },
          { name: 'S4', minPax: 2, maxPax: 4, combinable: true },
          { name: 'S5', minPax: 2, maxPax: 4, combinable: true },
        ],
      },
      { name: 'Terraza', tables: [{ name: 'T1', minPax: 2, maxPax: 4 }] },
      { name: 'Privado', reservable: false, tables: [{ name: 'P1', minPax: 1, maxPax: 12 }] },
    ],
    combinations: [{ name: 'S4 + S5', tables: ['S4', 'S5'], minPax: 5, maxPax: 8 }],
  });
  return {
    venue,
    subdomain,
    ...floor,
    sala: floor.roomIds.get('Sala')!,
    terraza: floor.roomIds.get('Terraza')!,
  };
}

let addressCount = 0;
/** A fresh client address per call, so SEC-04 limits per address stay out of the way of other tests. */
function nextAddress(): string {
  addressCount += 1;
  return `10.1.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
}

function post(
  subdomain: string,
  url: string,
  payload: unknown,
  options: { token?: string; headers?: Record<string, string>; address?: string } = {},
) {
  return call(t, subdomain, {
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    token: options.token,
    headers: options.headers,
    remoteAddress: options.address ?? nextAddress(),
  });
}

function guestBooking(overrides: Record<string, unknown> = {}) {
  return {
    date: SATURDAY,
    timeSlot: '21:00',
    pax: 2,
    name: 'Lucía Fernández',
    email: 'lucia@example.com',
    phone: '+34 600 000 000',
    comments: 'Celebramos un cumpleaños',
    consent: true,
    locale: 'es',
    ...overrides,
  };
}

async function book(
  subdomain: string,
  overrides: Record<string, unknown> = {},
): Promise<RegisterReservationResponse> {
  const response = await post(subdomain, '/world/reservation/register', guestBooking(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return registerReservationResponseSchema.parse(response.json());
}

async function slotsOf(subdomain: string, body: Record<string, unknown>) {
  const response = await post(subdomain, '/world/reservation/checkavailability', body);
  expect(response.statusCode, response.body).toBe(200);
  return checkAvailabilityResponseSchema.parse(response.json()).timeSlots;
}

beforeAll(async () => {
  t = await buildTestApp();
  casa = await givenBookableVenue('casa');
  otra = await givenBookableVenue('otra');
  await givenStaff(t, { venueId: casa.venue.id, email: 'sala@casa.test', copilotEnabled: true });
  await givenStaff(t, { venueId: otra.venue.id, email: 'sala@otra.test', copilotEnabled: true });
  staffToken = await signIn(t, 'casa', 'sala@casa.test');
  otherStaffToken = await signIn(t, 'otra', 'sala@otra.test');
});
afterAll(() => t.close());

describe('checkavailability', () => {
  it('answers the spec time slots of the date from the schedule rows and the floor', async () => {
    const slots = await slotsOf('casa', { date: SATURDAY, pax: 2 });
    const times = [...new Set(slots.map((slot) => slot.timeSlot))];
    expect(times.slice(0, 3)).toEqual(['13:00', '13:15', '13:30']);
    expect(times).toContain('22:30');
    expect(times).not.toContain('22:45');
    const nine = slots.filter((slot) => slot.timeSlot === '21:00');
    // Sala (2-tops first: S1, S2, S3, S4, S5 fit two) and Terraza; never the non-reservable Privado.
    expect(nine).toEqual([
      { timeSlot: '21:00', countAvailable: 5, duration: 90, duration_limited: false, roomId: casa.sala },
      { timeSlot: '21:00', countAvailable: 1, duration: 90, duration_limited: false, roomId: casa.terraza },
    ]);
  });

  it('filters by room, offers combinations to large parties and lists available days', async () => {
    const terraza = await slotsOf('casa', { date: SATURDAY, pax: 2, roomId: casa.terraza });
    expect(terraza.every((slot) => slot.roomId === casa.terraza)).toBe(true);
    const seven = await slotsOf('casa', { date: SATURDAY, pax: 7 });
    expect(seven.find((slot) => slot.timeSlot === '21:00')).toMatchObject({
      countAvailable: 1,
      duration: 150,
    });

    const response = await post('casa', '/world/reservation/checkavailability', {
      dateFrom: '2026-11-20',
      date: '2026-11-24',
      pax: 2,
    });
    const body = checkAvailabilityResponseSchema.parse(response.json());
    // Monday 23 is closed to online booking; today still has dinner.
    expect(body.days).toEqual([
      { date: '2026-11-20', available: true },
      { date: SATURDAY, available: true },
      { date: SUNDAY, available: true },
      { date: '2026-11-24', available: true },
    ]);
  });

  it('lists the days of a range whose last day is closed (the window can end on one), with no times for it', async () => {
    const response = await post('casa', '/world/reservation/checkavailability', {
      dateFrom: '2026-11-20',
      date: MONDAY,
      pax: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = checkAvailabilityResponseSchema.parse(response.json());
    expect(body.timeSlots).toEqual([]);
    expect(body.days).toEqual([
      { date: '2026-11-20', available: true },
      { date: SATURDAY, available: true },
      { date: SUNDAY, available: true },
    ]);
  });

  it("leaves out today's times that start within the minimum notice", async () => {
    const today = await slotsOf('casa', { date: '2026-11-20', pax: 2 });
    // It is 13:00: 13:00 itself is gone, 13:15 is exactly the 15 minutes' notice away.
    expect(today[0]?.timeSlot).toBe('13:15');
  });

  it('refuses dates outside today .. +60 days and closed weekdays with a clear 400', async () => {
    for (const date of ['2026-11-19', '2027-01-20', MONDAY]) {
      const response = await post('casa', '/world/reservation/checkavailability', { date, pax: 2 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        result: 400,
        code: 'DATE_NOT_BOOKABLE',
        bookingWindow: { firstDate: '2026-11-20', lastDate: '2027-01-19', disabledWeekdays: [1] },
      });
      expect(response.json().message).toContain('2027-01-19');
    }
    const last = await post('casa', '/world/reservation/checkavailability', { date: '2027-01-19', pax: 2 });
    expect(last.statusCode).toBe(200);
  });

  it('refuses bad input: malformed dates, pax under 1, unknown fields, parties above the venue maximum', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ date: '21/11/2026', pax: 2 }, 'date'],
      [{ date: '2026-02-30', pax: 2 }, 'date'],
      [{ date: 20261121, pax: 2 }, 'date'],
      [{ date: SATURDAY, pax: 0 }, 'pax'],
      [{ date: SATURDAY, pax: -2 }, 'pax'],
      [{ date: SATURDAY, pax: 2.5 }, 'pax'],
      [{ date: SATURDAY, pax: 2, venueId: 2 }, 'venueId'],
    ];
    for (const [payload, field] of cases) {
      const response = await post('casa', '/world/reservation/checkavailability', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const large = await post('casa', '/world/reservation/checkavailability', { date: SATURDAY, pax: 9 });
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({ code: 'PARTY_TOO_LARGE', maxPax: 8 });
    expect(large.json().message).toBe('Para grupos de más de 8 personas, llámanos y te buscamos sitio.');
    const english = await post(
      'casa',
      '/world/reservation/checkavailability',
      { date: SATURDAY, pax: 9 },
      {
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      },
    );
    expect(english.json().message).toBe(
      'For groups of more than 8 people, please call us and we will find you a place.',
    );
  });

  it("answers 404 for another venue's room and for rooms guests cannot book", async () => {
    for (const roomId of [otra.sala, casa.roomIds.get('Privado')!, 999_999]) {
      const response = await post('casa', '/world/reservation/checkavailability', {
        date: SATURDAY,
        pax: 2,
        roomId,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('availablerooms', () => {
  it('lists the rooms guests may book with the booking window, then those with a table left', async () => {
    const all = availableRoomsResponseSchema.parse(
      (await post('casa', '/world/reservation/availablerooms', {})).json(),
    );
    expect(all.rooms).toEqual([
      { room_id: casa.sala, name: 'Sala', maxPax: 8 },
      { room_id: casa.terraza, name: 'Terraza', maxPax: 4 },
    ]);
    expect(all.bookingWindow).toEqual({
      firstDate: '2026-11-20',
      lastDate: '2027-01-19',
      disabledWeekdays: [1],
      maxPax: 8,
      holdSeconds: HOLD_SECONDS,
      timeZone: 'Europe/Madrid',
    });
    const large = availableRoomsResponseSchema.parse(
      (
        await post('casa', '/world/reservation/availablerooms', { date: SATURDAY, pax: 6, timeSlot: '21:00' })
      ).json(),
    );
    expect(large.rooms.map((room) => room.name)).toEqual(['Sala']);
    const bad = await post('casa', '/world/reservation/availablerooms', { date: SATURDAY });
    expect(bad.statusCode).toBe(400);
  });
});

describe('holds', () => {
  it('holds a table for the guest: others see it taken, the holder still sees it, release frees it', async () => {
    const before = (await slotsOf('casa', { date: SUNDAY, pax: 4, roomId: casa.terraza })).find(
      (slot) => slot.timeSlot === '20:30',
    );
    expect(before?.countAvailable).toBe(1);
    const response = await post('casa', '/world/reservation/hold', {
      date: SUNDAY,
      timeSlot: '20:30',
      pax: 4,
      roomId: casa.terraza,
    });
    expect(response.statusCode, response.body).toBe(201);
    const hold = holdResponseSchema.parse(response.json());
    expect(hold).toMatchObject({
      date: SUNDAY,
      timeSlot: '20:30',
      pax: 4,
      roomId: casa.terraza,
      duration: 105,
      holdSeconds: HOLD_SECONDS,
    });
    expect(hold.holdToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(hold.expiresAt).getTime()).toBe(t.clock.now().getTime() + HOLD_SECONDS * 1000);

    const others = await slotsOf('casa', { date: SUNDAY, pax: 4, roomId: casa.terraza });
    expect(others.find((slot) => slot.timeSlot === '20:30')).toBeUndefined();
    const holder = await slotsOf('casa', {
      date: SUNDAY,
      pax: 4,
      roomId: casa.terraza,
      holdToken: hold.holdToken,
    });
    expect(holder.find((slot) => slot.timeSlot === '20:30')?.countAvailable).toBe(1);

    // Someone else asking for the same last table loses: 409 with what is left.
    const second = await post('casa', '/world/reservation/hold', {
      date: SUNDAY,
      timeSlot: '20:30',
      pax: 4,
      roomId: casa.terraza,
    });
    expect(second.statusCode).toBe(409);
    const refused = slotUnavailableBodySchema.parse(second.json());
    expect(refused.timeSlots.some((slot) => slot.timeSlot === '20:30')).toBe(false);
    expect(refused.timeSlots.length).toBeGreaterThan(0);

    // The hold is a provisional reservation, invisible as a booking, and its table booking is `held`.
    const [held] = await t.ctx.db.select().from(tableBookings).where(eq(tableBookings.status, 'held'));
    expect(held?.holdExpiresAt?.toISOString()).toBe(hold.expiresAt);

    const released = await post('casa', '/world/reservation/releasehold', { holdToken: hold.holdToken });
    expect(released.statusCode).toBe(200);
    const after = await slotsOf('casa', { date: SUNDAY, pax: 4, roomId: casa.terraza });
    expect(after.find((slot) => slot.timeSlot === '20:30')?.countAvailable).toBe(1);

    expect(
      (await post('casa', '/world/reservation/releasehold', { holdToken: hold.holdToken })).statusCode,
    ).toBe(410);
    expect(
      (await post('casa', '/world/reservation/releasehold', { holdToken: 'x'.repeat(43) })).statusCode,
    ).toBe(401);
    expect(
      (await post('otra', '/world/reservation/releasehold', { holdToken: hold.holdToken })).statusCode,
    ).toBe(401);
  });

  it('lapses by itself: the next booking transaction releases the expired hold it meets', async () => {
    const hold = holdResponseSchema.parse(
      (
        await post('casa', '/world/reservation/hold', {
          date: SUNDAY,
          timeSlot: '21:30',
          pax: 3,
          roomId: casa.terraza,
        })
      ).json(),
    );
    t.clock.advance(HOLD_SECONDS * 1000 + 1000);
    try {
      const again = await post('casa', '/world/reservation/hold', {
        date: SUNDAY,
        timeSlot: '21:30',
        pax: 3,
        roomId: casa.terraza,
      });
      expect(again.statusCode, again.body).toBe(201);
      const rows = await queryRows<{ status: string }>(
        t.ctx.db,
        sql`select tb.status from table_bookings tb join guest_tokens g on g.reservation_id = tb.reservation_id
            where g.token_hash = ${createHash('sha256').update(hold.holdToken).digest('hex')}`,
      );
      expect(rows.map((row) => row.status)).toEqual(['released']);
      await post('casa', '/world/reservation/releasehold', {
        holdToken: holdResponseSchema.parse(again.json()).holdToken,
      });
    } finally {
      t.clock.advance(-421_000);
    }
  });

  it('moves a hold in one step when the previous hold token comes along', async () => {
    const first = holdResponseSchema.parse(
      (
        await post('casa', '/world/reservation/hold', {
          date: SUNDAY,
          timeSlot: '13:00',
          pax: 2,
          roomId: casa.terraza,
        })
      ).json(),
    );
    const moved = await post('casa', '/world/reservation/hold', {
      date: SUNDAY,
      timeSlot: '15:00',
      pax: 2,
      roomId: casa.terraza,
      holdToken: first.holdToken,
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const slots = await slotsOf('casa', { date: SUNDAY, pax: 2, roomId: casa.terraza });
    expect(slots.find((slot) => slot.timeSlot === '13:00')).toBeDefined();
    expect(slots.find((slot) => slot.timeSlot === '15:00')).toBeUndefined();
    expect(
      (await post('casa', '/world/reservation/releasehold', { holdToken: first.holdToken })).statusCode,
    ).toBe(410);
    await post('casa', '/world/reservation/releasehold', {
      holdToken: holdResponseSchema.parse(moved.json()).holdToken,
    });
  });

  it('refuses bad holds: unknown fields, closed days, times not offered, foreign rooms', async () => {
    expect(
      (await post('casa', '/world/reservation/hold', { date: SUNDAY, timeSlot: '25:00', pax: 2 })).statusCode,
    ).toBe(400);
    expect(
      (await post('casa', '/world/reservation/hold', { date: MONDAY, timeSlot: '21:00', pax: 2 })).json()
        .code,
    ).toBe('DATE_NOT_BOOKABLE');
    const offSchedule = await post('casa', '/world/reservation/hold', {
      date: SUNDAY,
      timeSlot: '18:00',
      pax: 2,
    });
    expect(offSchedule.statusCode).toBe(409);
    expect(offSchedule.json().code).toBe('SLOT_UNAVAILABLE');
    expect(
      (
        await post('casa', '/world/reservation/hold', {
          date: SUNDAY,
          timeSlot: '21:00',
          pax: 2,
          roomId: otra.sala,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post('casa', '/world/reservation/hold', { date: SUNDAY, timeSlot: '21:00', pax: 2, tableId: 1 }))
        .statusCode,
    ).toBe(400);
  });
});

describe('register', () => {
  it('books, assigns the table in the transaction and returns what the confirmation step shows', async () => {
    const booked = await book('casa', { date: SATURDAY, timeSlot: '13:30', pax: 4 });
    expect(booked.reservation).toMatchObject({
      status: 1,
      state: 'confirmed',
      date: SATURDAY,
      timeSlot: '13:30',
      startDateTime: '2026-11-21 13:30:00',
      endDateTime: '2026-11-21 15:15:00',
      duration: 105,
      pax: 4,
      roomId: casa.sala,
      roomName: 'Sala',
      table: 'S3',
      name: 'Lucía Fernández',
      email: 'lucia@example.com',
      phone: '+34 600 000 000',
      comments: 'Celebramos un cumpleaños',
      locale: 'es',
      menuAccessEnabled: 0,
      canChange: true,
      venue: { business_name: 'Casa casa', timeZone: 'Europe/Madrid' },
    });
    expect(booked.reservation.guests).toEqual([
      { id: expect.any(Number), name: 'Lucía Fernández', isHost: true },
    ]);
    expect(booked.emailStatus).toBe('disabled');
    // SEC-09: 256-bit capabilities; the QR carries the check-in code, never the guest link.
    expect(booked.uid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(booked.checkInCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(booked.checkInCode).not.toBe(booked.uid);
    expect(booked.qrPayload).toBe(`http://casa.sobremesa.test/menu?uid=${booked.checkInCode}`);
    expect(booked.links.manage).toBe(`http://casa.sobremesa.test/reservar#uid=${booked.uid}`);
    expect(booked.links.cancel).toContain('action=cancel');
    // SEC-09: the GET links carry a read-only token, never the guest link or the check-in code.
    expect(booked.links.calendar).toMatch(
      /^http:\/\/casa\.sobremesa\.test\/world\/reservation\/calendar\.ics\?t=[A-Za-z0-9_-]{40,}$/,
    );
    for (const link of [booked.links.calendar, booked.links.qrSvg, booked.links.qrPng]) {
      expect(link).not.toContain(booked.uid);
      expect(link).not.toContain(booked.checkInCode);
    }
    expect(new Date(booked.expiresAt).toISOString()).toBe('2026-12-21T14:15:00.000Z');

    const bookings = await t.ctx.db
      .select()
      .from(tableBookings)
      .where(eq(tableBookings.reservationId, booked.reservation.id));
    expect(bookings).toEqual([
      expect.objectContaining({
        status: 'confirmed',
        tableId: casa.tableIds.get('S3'),
        holdExpiresAt: null,
        during: { start: new Date('2026-11-21T12:30:00Z'), end: new Date('2026-11-21T14:15:00Z') },
      }),
    ]);
    // Only hashes of capabilities are stored, and no stored reply holds one.
    const tokens = await t.ctx.db
      .select()
      .from(guestTokens)
      .where(eq(guestTokens.reservationId, booked.reservation.id));
    expect(tokens.map((token) => token.purpose).sort()).toEqual(['menu', 'reservation']);
    const everything =
      JSON.stringify(await queryRows(t.ctx.db, sql`select * from guest_tokens`)) +
      JSON.stringify(await t.ctx.db.select().from(idempotencyKeys)) +
      JSON.stringify(await t.ctx.db.select().from(realtimeEvents));
    expect(everything).not.toContain(booked.uid);
    expect(everything).not.toContain(booked.checkInCode);
    // Staff screens hear of it (RT-01).
    const [event] = await t.ctx.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.venueId, casa.venue.id), eq(realtimeEvents.topic, 'reservation.created')))
      .orderBy(sql`${realtimeEvents.seq} desc`)
      .limit(1);
    expect(event?.payload).toMatchObject({
      reservationId: booked.reservation.id,
      name: 'Lucía Fernández',
      pax: 4,
      table: 'S3',
    });
  });

  it('converts the guest hold into the booking and retires the hold token', async () => {
    const hold = holdResponseSchema.parse(
      (
        await post('casa', '/world/reservation/hold', {
          date: SATURDAY,
          timeSlot: '14:00',
          pax: 2,
          roomId: casa.terraza,
        })
      ).json(),
    );
    const booked = await book('casa', {
      date: SATURDAY,
      timeSlot: '14:00',
      pax: 2,
      roomId: casa.terraza,
      holdToken: hold.holdToken,
      email: 'ana@example.com',
      name: 'Ana',
    });
    expect(booked.reservation).toMatchObject({ table: 'T1', status: 1, roomId: casa.terraza });
    const rows = await t.ctx.db
      .select()
      .from(tableBookings)
      .where(eq(tableBookings.reservationId, booked.reservation.id));
    expect(rows.map((row) => row.status)).toEqual(['confirmed']);
    // The same hold cannot book twice (a second click without an Idempotency-Key).
    const again = await post(
      'casa',
      '/world/reservation/register',
      guestBooking({
        date: SATURDAY,
        timeSlot: '14:00',
        pax: 2,
        roomId: casa.terraza,
        holdToken: hold.holdToken,
      }),
    );
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('LINK_EXPIRED');
    const garbage = await post(
      'casa',
      '/world/reservation/register',
      guestBooking({ holdToken: 'g'.repeat(43) }),
    );
    expect(garbage.statusCode).toBe(401);
  });

  it('answers 409 with fresh time slots when the time was taken', async () => {
    await book('casa', {
      date: SATURDAY,
      timeSlot: '22:00',
      pax: 3,
      roomId: casa.terraza,
      email: 'a@example.com',
    });
    const response = await post(
      'casa',
      '/world/reservation/register',
      guestBooking({
        date: SATURDAY,
        timeSlot: '22:00',
        pax: 3,
        roomId: casa.terraza,
        email: 'b@example.com',
      }),
    );
    expect(response.statusCode).toBe(409);
    const body = slotUnavailableBodySchema.parse(response.json());
    expect(body.message).toBe(
      'Lo sentimos, esa hora ya no está disponible: alguien acaba de reservarla. Elige otra de las que quedan.',
    );
    expect(body.timeSlots.find((slot) => slot.timeSlot === '22:00')).toBeUndefined();
    expect(body.timeSlots.find((slot) => slot.timeSlot === '20:00')).toMatchObject({ roomId: casa.terraza });
  });

  it('validates the guest: name with the spec message, email of spec §5, consent', async () => {
    const noName = await post('casa', '/world/reservation/register', guestBooking({ name: '   ' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Por favor, introduce tu nombre',
      fields: [{ path: 'name', message: 'Por favor, introduce tu nombre' }],
    });
    const english = await post(
      'casa',
      '/world/reservation/register',
      guestBooking({ name: undefined, email: 'nope', locale: 'en' }),
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(english.json().message).toBe('Please enter your name');
    expect(english.json().fields.map((field: { path: string }) => field.path)).toEqual(['name', 'email']);
    for (const email of ['lucia@', 'lucia@example', 'lucia@example.c', 'lu cia@example.com']) {
      const response = await post('casa', '/world/reservation/register', guestBooking({ email }));
      expect(response.json().fields, email).toEqual([
        { path: 'email', message: 'Introduce un correo electrónico válido.' },
      ]);
    }
    const noConsent = await post('casa', '/world/reservation/register', guestBooking({ consent: false }));
    expect(noConsent.json().fields).toEqual([
      { path: 'consent', message: 'Para reservar, acepta la política de privacidad.' },
    ]);
    const wrongTypes = await post(
      'casa',
      '/world/reservation/register',
      guestBooking({ pax: '2', phone: 'call me' }),
    );
    expect(wrongTypes.statusCode).toBe(400);
    expect(
      wrongTypes
        .json()
        .fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(['pax', 'phone']);
    const poisoned = await call(t, 'casa', {
      method: 'POST',
      url: '/world/reservation/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"status":7},"name":"x"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('limits reservations per address (SEC-04): 429 with Retry-After', async () => {
    const address = '10.9.9.9';
    let last;
    for (let index = 0; index < 21; index += 1) {
      // Bad bookings that pass validation but find no table still count: the limit is on attempts.
      last = await post(
        'casa',
        '/world/reservation/register',
        guestBooking({
          date: SATURDAY,
          timeSlot: '13:00',
          pax: 8,
          roomId: casa.sala,
          email: `rl${index}@example.com`,
        }),
        { address },
      );
    }
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await post(
      'casa',
      '/world/reservation/checkavailability',
      { date: SATURDAY, pax: 2 },
      { address: '10.9.9.10' },
    );
    expect(other.statusCode).toBe(200);
  });
});

describe("the guest's link", () => {
  let booked: RegisterReservationResponse;
  beforeAll(async () => {
    booked = await book('casa', {
      date: SUNDAY,
      timeSlot: '21:00',
      pax: 2,
      email: 'marta@example.com',
      name: 'Marta',
    });
  });

  it('reservationinfo: the guest with their link, staff with their token, nobody with an id alone', async () => {
    const guest = await post('casa', '/world/api/reservation/reservationinfo', {
      reservationId: booked.reservation.id,
      uid: booked.uid,
    });
    expect(guest.statusCode).toBe(200);
    expect(reservationResponseSchema.parse(guest.json()).reservation).toMatchObject({
      name: 'Marta',
      email: 'marta@example.com',
    });
    const byWid = await post('casa', '/world/api/reservation/reservationinfo', {
      reservationId: booked.reservation.wid,
      uid: booked.uid,
    });
    expect(byWid.statusCode).toBe(200);
    const staff = await post(
      'casa',
      '/world/api/reservation/reservationinfo',
      { reservationId: booked.reservation.id },
      { token: staffToken },
    );
    expect(staff.json().reservation.email).toBe('marta@example.com');
    // A companion (check-in code) sees the reservation without the host's contact details.
    const companion = await post('casa', '/world/api/reservation/reservationinfo', {
      reservationId: booked.reservation.id,
      uid: booked.checkInCode,
    });
    expect(companion.json().reservation).toMatchObject({
      name: 'Marta',
      email: null,
      phone: null,
      comments: null,
    });

    expect(
      (await post('casa', '/world/api/reservation/reservationinfo', { reservationId: booked.reservation.id }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await post('casa', '/world/api/reservation/reservationinfo', {
          reservationId: booked.reservation.id,
          uid: 'z'.repeat(43),
        })
      ).statusCode,
    ).toBe(401);
    // Another venue: its staff token and the guest's link are unknown there; ids of this venue are not found.
    expect(
      (
        await post('otra', '/world/api/reservation/reservationinfo', {
          reservationId: booked.reservation.id,
          uid: booked.uid,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await post(
          'otra',
          '/world/api/reservation/reservationinfo',
          { reservationId: booked.reservation.id },
          { token: otherStaffToken },
        )
      ).statusCode,
    ).toBe(404);
    // The link of one reservation does not open another.
    const other = await book('casa', {
      date: SUNDAY,
      timeSlot: '21:00',
      pax: 2,
      email: 'other@example.com',
      name: 'Other',
    });
    expect(
      (
        await post('casa', '/world/api/reservation/reservationinfo', {
          reservationId: other.reservation.id,
          uid: booked.uid,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('userfuture lists the upcoming reservations of the guest behind the link', async () => {
    const second = await book('casa', {
      date: '2026-11-27',
      timeSlot: '20:00',
      pax: 2,
      email: 'MARTA@example.com',
      name: 'Marta',
    });
    const response = await post('casa', '/world/reservation/userfuture', { uid: second.uid });
    const list = userFutureResponseSchema.parse(response.json()).reservations;
    expect(list.map((entry) => entry.id)).toEqual([booked.reservation.id, second.reservation.id]);
    expect((await post('casa', '/world/reservation/userfuture', { uid: 'nope'.repeat(11) })).statusCode).toBe(
      401,
    );
    expect((await post('casa', '/world/reservation/userfuture', {})).statusCode).toBe(400);
  });

  it('serves the calendar file and the QR with a read-only token, never with the guest link', async () => {
    const asset = (link: string) => link.replace('http://casa.sobremesa.test', '');
    const ics = await call(t, 'casa', { method: 'GET', url: asset(booked.links.calendar) });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('DTSTART:20261122T200000Z');
    expect(ics.body).toContain('DTEND:20261122T213000Z');
    expect(ics.body).toContain(`UID:${booked.reservation.wid}@casa.sobremesa.test`);
    expect(ics.body).not.toContain(booked.uid);
    const svg = await call(t, 'casa', { method: 'GET', url: asset(booked.links.qrSvg) });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const png = await call(t, 'casa', { method: 'GET', url: asset(booked.links.qrPng) });
    expect(png.headers['content-type']).toBe('image/png');
    // What the kiosk's camera reads: the check-in address, never the guest link that cancels.
    expect(readQrPng(png.rawPayload)).toBe(booked.qrPayload);
    // The guest link (which cancels) is no longer taken in a URL query, nor is the check-in code.
    for (const capability of [booked.uid, booked.checkInCode]) {
      const refused = await call(t, 'casa', {
        method: 'GET',
        url: `/world/reservation/calendar.ics?uid=${capability}`,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).not.toContain('BEGIN:VEVENT');
    }
    // A token that is not this venue's (forged, altered, or another venue's) opens nothing.
    const token = new URL(booked.links.qrPng).searchParams.get('t')!;
    const altered = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(
      (await call(t, 'casa', { method: 'GET', url: `/world/reservation/qr.png?t=${altered}` })).statusCode,
    ).toBe(401);
    expect(
      (await call(t, 'casa', { method: 'GET', url: `/world/reservation/qr.png?t=${'A'.repeat(60)}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call(t, 'casa', { method: 'GET', url: '/world/reservation/calendar.ics' })).statusCode,
    ).toBe(400);
  });

  it('gives fresh read-only links for the guest link in a POST body; they expire after an hour', async () => {
    const fresh = await post('casa', '/world/reservation/asset-links', { uid: booked.uid });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const { links, expiresAt } = fresh.json() as { links: { calendar: string }; expiresAt: string };
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(3_600_000);
    const url = links.calendar.replace('http://casa.sobremesa.test', '');
    expect((await call(t, 'casa', { method: 'GET', url })).statusCode).toBe(200);
    expect(
      (await post('casa', '/world/reservation/asset-links', { uid: booked.checkInCode })).statusCode,
    ).toBe(401);
    t.clock.advance(3_600_000);
    try {
      const expired = await call(t, 'casa', { method: 'GET', url });
      expect(expired.statusCode).toBe(410);
    } finally {
      t.clock.advance(-3_600_000);
    }
  });

  it('rotates: the old link answers 410, the new one works', async () => {
    const rotated = await post('casa', '/world/reservation/rotatelink', { uid: booked.uid });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().uid as string;
    expect(fresh).not.toBe(booked.uid);
    const stale = await post('casa', '/world/api/reservation/reservationinfo', {
      reservationId: booked.reservation.id,
      uid: booked.uid,
    });
    expect(stale.statusCode).toBe(410);
    // The read-only links of the old link die with it.
    const oldQr = booked.links.qrPng.replace('http://casa.sobremesa.test', '');
    expect((await call(t, 'casa', { method: 'GET', url: oldQr })).statusCode).toBe(410);
    expect(stale.json()).toMatchObject({
      code: 'LINK_EXPIRED',
      message: 'Este enlace ha caducado o se ha sustituido por uno nuevo.',
    });
    expect(
      (
        await post('casa', '/world/api/reservation/reservationinfo', {
          reservationId: booked.reservation.id,
          uid: booked.checkInCode,
        })
      ).statusCode,
    ).toBe(410);
    expect(
      (
        await post('casa', '/world/api/reservation/reservationinfo', {
          reservationId: booked.reservation.id,
          uid: fresh,
        })
      ).statusCode,
    ).toBe(200);
    booked = { ...booked, uid: fresh, checkInCode: rotated.json().checkInCode };
  });

  it('updatereservation moves the booking, or answers 409 with fresh slots and changes nothing', async () => {
    const moved = await post('casa', '/world/api/reservation/updatereservation', {
      reservationId: booked.reservation.id,
      uid: booked.uid,
      timeSlot: '21:30',
      pax: 4,
      comments: 'Mejor a las nueve y media',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().reservation).toMatchObject({
      timeSlot: '21:30',
      pax: 4,
      duration: 105,
      comments: 'Mejor a las nueve y media',
    });
    // Fill the terrace at 20:00 and try to move there.
    await book('casa', {
      date: SUNDAY,
      timeSlot: '20:00',
      pax: 2,
      roomId: casa.terraza,
      email: 'terraza@example.com',
    });
    const refused = await post('casa', '/world/api/reservation/updatereservation', {
      reservationId: booked.reservation.id,
      uid: booked.uid,
      timeSlot: '20:00',
      roomId: casa.terraza,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SLOT_UNAVAILABLE');
    const info = await post('casa', '/world/api/reservation/reservationinfo', {
      reservationId: booked.reservation.id,
      uid: booked.uid,
    });
    expect(info.json().reservation).toMatchObject({ timeSlot: '21:30', pax: 4 });
    const noName = await post('casa', '/world/api/reservation/updatereservation', {
      reservationId: booked.reservation.id,
      uid: booked.uid,
      name: '',
    });
    expect(noName.json().message).toBe('Por favor, introduce tu nombre');
    expect(
      (
        await post('casa', '/world/api/reservation/updatereservation', {
          reservationId: booked.reservation.id,
          uid: booked.uid,
          pax: 20,
        })
      ).json().code,
    ).toBe('PARTY_TOO_LARGE');
    expect(
      (
        await post('casa', '/world/api/reservation/updatereservation', {
          reservationId: otra.sala,
          uid: booked.uid,
          pax: 2,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('companions join with the invitation code; the host removes them and their code stops working', async () => {
    const joined = await post('casa', '/world/user/register', {
      reservationWid: booked.reservation.wid,
      hostCode: booked.checkInCode,
      name: 'Pablo',
      email: 'pablo@example.com',
      consent: true,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const pablo = joined.json() as { uid: string; user: { id: number; name: string; isHost: boolean } };
    expect(pablo.user).toMatchObject({
      name: 'Pablo',
      isHost: false,
      reservationWid: booked.reservation.wid,
    });
    const found = await post('casa', '/world/api/user/find', { uid: pablo.uid });
    expect(found.json().user).toMatchObject({
      id: pablo.user.id,
      name: 'Pablo',
      email: 'pablo@example.com',
      isHost: false,
    });
    const host = await post('casa', '/world/api/user/find', { uid: booked.uid });
    expect(host.json().user).toMatchObject({ name: 'Marta', isHost: true });

    const added = await post('casa', '/world/api/reservation/addguest', {
      createGuest: true,
      reservationWid: booked.reservation.wid,
      hostCode: booked.checkInCode,
      invitedUserName: 'Abuela Carmen',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().guests.map((guest: { name: string }) => guest.name)).toEqual([
      'Marta',
      'Pablo',
      'Abuela Carmen',
    ]);
    const wrongCode = await post('casa', '/world/api/reservation/addguest', {
      createGuest: true,
      reservationWid: booked.reservation.wid,
      hostCode: booked.uid,
      invitedUserName: 'X',
    });
    expect(wrongCode.statusCode).toBe(401);
    const otherWid = await post('casa', '/world/user/register', {
      reservationWid: 'not-this-one',
      hostCode: booked.checkInCode,
      name: 'Y',
    });
    expect(otherWid.statusCode).toBe(404);
    expect(
      (
        await post('casa', '/world/user/register', {
          reservationWid: booked.reservation.wid,
          hostCode: booked.checkInCode,
        })
      ).json().message,
    ).toBe('Por favor, introduce tu nombre');

    // Only the host's link (or staff) manages the guest list; a companion's code does not.
    const byCompanion = await post('casa', '/world/reservation/removeinvitee', {
      reservationId: booked.reservation.id,
      userId: pablo.user.id,
      uid: pablo.uid,
    });
    expect(byCompanion.statusCode).toBe(401);
    const hostRemoval = await post('casa', '/world/reservation/removeinvitee', {
      reservationId: booked.reservation.id,
      userId: booked.reservation.guests[0]!.id,
      uid: booked.uid,
    });
    expect(hostRemoval.json().code).toBe('CONFLICT');
    const removed = await post('casa', '/world/reservation/removeinvitee', {
      reservationId: booked.reservation.id,
      userId: pablo.user.id,
      uid: booked.uid,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().guests.map((guest: { name: string }) => guest.name)).toEqual([
      'Marta',
      'Abuela Carmen',
    ]);
    expect((await post('casa', '/world/api/user/find', { uid: pablo.uid })).statusCode).toBe(410);
    expect(
      (
        await post('casa', '/world/reservation/removeinvitee', {
          reservationId: booked.reservation.id,
          userId: pablo.user.id,
          uid: booked.uid,
        })
      ).statusCode,
    ).toBe(404);

    // Staff add a known guest back by id; a guest id of another venue is unknown.
    const back = await post(
      'casa',
      '/world/api/reservation/adduser',
      { reservationWid: booked.reservation.wid, userId: pablo.user.id },
      { token: staffToken },
    );
    expect(back.json().guests.map((guest: { name: string }) => guest.name)).toContain('Pablo');
    const otherGuest = await book('otra', { email: 'foreign@example.com' });
    expect(
      (
        await post(
          'casa',
          '/world/api/reservation/adduser',
          { reservationWid: booked.reservation.wid, userId: otherGuest.reservation.guests[0]!.id },
          { token: staffToken },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post('casa', '/world/api/reservation/adduser', {
          reservationWid: booked.reservation.wid,
          userId: pablo.user.id,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('canceldirect cancels with the link, frees the table, and refuses finished reservations', async () => {
    const before = await slotsOf('casa', { date: SUNDAY, pax: 4 });
    const cancelled = await post('casa', '/world/reservation/canceldirect', {
      reservationId: booked.reservation.id,
      uid: booked.uid,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().reservation).toMatchObject({
      status: -1,
      state: 'cancelled',
      canChange: false,
      table: null,
    });
    const after = await slotsOf('casa', { date: SUNDAY, pax: 4 });
    const count = (slots: typeof before) =>
      slots.filter((slot) => slot.timeSlot === '21:30').reduce((sum, slot) => sum + slot.countAvailable, 0);
    expect(count(after)).toBeGreaterThan(count(before));
    const [event] = await t.ctx.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.topic, 'reservation.cancelled'))
      .orderBy(sql`${realtimeEvents.seq} desc`)
      .limit(1);
    expect(event?.payload).toMatchObject({ reservationId: booked.reservation.id, by: 'guest' });
    // Twice is the same outcome.
    expect(
      (
        await post('casa', '/world/reservation/canceldirect', {
          reservationId: booked.reservation.id,
          uid: booked.uid,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('casa', '/world/api/reservation/updatereservation', {
          reservationId: booked.reservation.id,
          uid: booked.uid,
          pax: 2,
        })
      ).json().code,
    ).toBe('RESERVATION_FINISHED');

    const seated = await book('casa', {
      date: SATURDAY,
      timeSlot: '20:00',
      pax: 2,
      email: 'seated@example.com',
    });
    await t.ctx.db
      .update(reservations)
      .set({ seatedAt: t.clock.now(), menuAccessEnabled: true })
      .where(eq(reservations.id, seated.reservation.id));
    const late = await post('casa', '/world/reservation/canceldirect', {
      reservationId: seated.reservation.id,
      uid: seated.uid,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'RESERVATION_FINISHED', message: 'La reserva ha finalizado' });

    const finished = await book('casa', {
      date: SATURDAY,
      timeSlot: '20:00',
      pax: 2,
      email: 'finished@example.com',
    });
    await t.ctx.db
      .update(reservations)
      .set({ status: -2, finishedAt: t.clock.now() })
      .where(eq(reservations.id, finished.reservation.id));
    expect(
      (
        await post('casa', '/world/reservation/canceldirect', {
          reservationId: finished.reservation.id,
          uid: finished.uid,
        })
      ).statusCode,
    ).toBe(409);

    const started = await book('casa', {
      date: '2026-11-20',
      timeSlot: '20:00',
      pax: 2,
      email: 'started@example.com',
    });
    t.clock.set('2026-11-20T19:05:00Z');
    try {
      expect(
        (
          await post('casa', '/world/reservation/canceldirect', {
            reservationId: started.reservation.id,
            uid: started.uid,
          })
        ).statusCode,
      ).toBe(409);
    } finally {
      t.clock.set('2026-11-20T12:00:00Z');
    }

    expect(
      (await post('casa', '/world/reservation/canceldirect', { reservationId: otra.sala, uid: started.uid }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post('casa', '/world/reservation/canceldirect', {
          reservationId: started.reservation.id,
          uid: started.checkInCode,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await post('casa', '/world/reservation/canceldirect', { reservationId: started.reservation.id }))
        .statusCode,
    ).toBe(400);
  });

  it('sendpass and remindnumber answer without revealing anything when emails are disabled', async () => {
    const pass = await post('casa', '/world/api/user/sendpass', { uid: booked.uid });
    expect(pass.json()).toEqual({ result: 0, emailStatus: 'disabled' });
    expect((await post('casa', '/world/api/user/sendpass', { uid: 'q'.repeat(43) })).statusCode).toBe(401);
    for (const email of ['marta@example.com', 'nobody@example.com']) {
      // The same answer for a guest with bookings and for an unknown address: the screen says mail is off.
      const remind = await post('casa', '/world/user/remindnumber', { email, noMail: false });
      expect(remind.json()).toEqual({ result: 0, emailStatus: 'disabled' });
    }
    expect(
      (await post('casa', '/world/user/remindnumber', { email: 'not-an-email', noMail: 1 })).statusCode,
    ).toBe(400);
  });
});
