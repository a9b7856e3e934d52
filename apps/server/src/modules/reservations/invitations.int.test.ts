import {
  assetLinksResponseSchema,
  registerReservationResponseSchema,
  type RegisterReservationResponse,
} from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestTokens, guests } from '../../db/schema/index.ts';
import { buildTestApp, call, givenVenue, type TestApp } from '../../test/test-app.ts';
import { furnishVenue } from './reservations.fixtures.ts';

/**
 * Joining a reservation from the host's invitation (issue 26 item 8, decision 040): `addguest` with
 * `createGuest: true` gives the invitee their own link; `createGuest: false` only names them on the list.
 * The clock stands at Friday 2026-11-20 13:00 in Madrid; Saturday 21 is bookable.
 */
let t: TestApp;

let addressCount = 0;
function nextAddress(): string {
  addressCount += 1;
  return `10.4.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
}

function post(subdomain: string, url: string, payload: Record<string, unknown>, address = nextAddress()) {
  return call(t, subdomain, { method: 'POST', url, payload, remoteAddress: address });
}

async function book(subdomain: string, timeSlot: string): Promise<RegisterReservationResponse> {
  const response = await post(subdomain, '/world/reservation/register', {
    date: '2026-11-21',
    timeSlot,
    pax: 4,
    name: 'Marta',
    email: `marta.${timeSlot.replace(':', '')}@example.com`,
    consent: true,
    locale: 'es',
  });
  expect(response.statusCode, response.body).toBe(201);
  return registerReservationResponseSchema.parse(response.json());
}

function addGuest(
  subdomain: string,
  booking: RegisterReservationResponse,
  overrides: Record<string, unknown>,
  address?: string,
) {
  return post(
    subdomain,
    '/world/api/reservation/addguest',
    {
      createGuest: true,
      reservationWid: booking.reservation.wid,
      hostCode: booking.checkInCode,
      invitedUserName: 'Pablo',
      ...overrides,
    },
    address,
  );
}

async function givenBookable(subdomain: string) {
  const venue = await givenVenue(t, { subdomain });
  await furnishVenue(t.ctx.db, venue.id, {
    rooms: [
      {
        name: 'Sala',
        tables: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'].map((name) => ({ name, minPax: 1, maxPax: 6 })),
      },
    ],
  });
  return venue;
}

beforeAll(async () => {
  t = await buildTestApp();
  await givenBookable('casa');
  await givenBookable('otra');
});
afterAll(() => t.close());

describe('joining a reservation from an invitation', () => {
  it('gives the host a shareable invitation that carries the reservation and its code in the fragment', async () => {
    const booking = await book('casa', '20:00');
    const reply = await post('casa', '/world/reservation/asset-links', { uid: booking.uid });
    expect(reply.statusCode, reply.body).toBe(200);
    const { invitation } = assetLinksResponseSchema.parse(reply.json());
    const url = new URL(invitation);
    expect(url.pathname).toBe('/mis-reservas');
    expect(url.search).toBe('');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('invitacion')).toBe(booking.reservation.wid);
    expect(fragment.get('code')).toBe(booking.checkInCode);
    // The invitee sees what they are invited to with the code alone, without the host's contact.
    const info = await post('casa', '/world/api/reservation/reservationinfo', {
      reservationId: booking.reservation.wid,
      uid: booking.checkInCode,
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().reservation).toMatchObject({ timeSlot: '20:00', pax: 4, email: null });
  });

  it('createGuest: true gives the invitee their own link; createGuest: false only names them', async () => {
    const booking = await book('casa', '20:30');
    const joined = await addGuest('casa', booking, { createGuest: true, invitedUserName: '  Pablo ' });
    expect(joined.statusCode, joined.body).toBe(200);
    const pablo = joined.json() as { uid: string; guest: { id: number; name: string } };
    expect(pablo.guest.name).toBe('Pablo');
    expect(pablo.uid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const found = await post('casa', '/world/api/user/find', { uid: pablo.uid });
    expect(found.json().user).toMatchObject({ id: pablo.guest.id, name: 'Pablo', isHost: false });

    const named = await addGuest('casa', booking, { createGuest: false, invitedUserName: 'Abuela Carmen' });
    expect(named.statusCode, named.body).toBe(200);
    const carmen = named.json() as { uid?: string; guest: { id: number; name: string }; guests: unknown };
    expect(carmen.uid).toBeUndefined();
    expect(carmen.guest).toMatchObject({ name: 'Abuela Carmen' });
    expect(carmen.guests).toEqual([
      { id: booking.reservation.guests[0]!.id, name: 'Marta', isHost: true },
      { id: pablo.guest.id, name: 'Pablo', isHost: false },
      { id: carmen.guest.id, name: 'Abuela Carmen', isHost: false },
    ]);
    // No capability was minted for the named invitee, and no contact kept.
    const tokens = await t.ctx.db.select().from(guestTokens).where(eq(guestTokens.guestId, carmen.guest.id));
    expect(tokens).toEqual([]);
    const [row] = await t.ctx.db
      .select()
      .from(guests)
      .where(and(eq(guests.id, carmen.guest.id)));
    expect(row).toMatchObject({ email: null, phone: null });
    // The host sees both on the reservation and can take the named one off the list.
    const info = await post('casa', '/world/api/reservation/reservationinfo', {
      reservationId: booking.reservation.wid,
      uid: booking.uid,
    });
    expect(info.json().reservation.guests.map((guest: { name: string }) => guest.name)).toEqual([
      'Marta',
      'Pablo',
      'Abuela Carmen',
    ]);
    const removed = await post('casa', '/world/reservation/removeinvitee', {
      reservationId: booking.reservation.id,
      userId: carmen.guest.id,
      uid: booking.uid,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().guests.map((guest: { name: string }) => guest.name)).toEqual(['Marta', 'Pablo']);
  });

  it('refuses bad input with a 400 in the caller language', async () => {
    const booking = await book('casa', '21:00');
    for (const overrides of [
      { invitedUserName: '   ' },
      { invitedUserName: 'x'.repeat(121) },
      { createGuest: 'no' },
      { hostCode: 'short' },
      { reservationWid: '' },
      { extra: true },
    ]) {
      const response = await addGuest('casa', booking, overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const english = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/reservation/addguest',
      payload: { createGuest: false, reservationWid: booking.reservation.wid, hostCode: booking.checkInCode },
      headers: { 'accept-language': 'en' },
      remoteAddress: nextAddress(),
    });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).not.toMatch(/[áéíóú]|Los datos/);
  });

  it("refuses the host's private link, another reservation's wid and another venue (no guest added)", async () => {
    const booking = await book('casa', '21:30');
    const other = await book('otra', '21:30');
    for (const createGuest of [true, false]) {
      expect((await addGuest('casa', booking, { createGuest, hostCode: booking.uid })).statusCode).toBe(401);
      expect(
        (await addGuest('casa', booking, { createGuest, reservationWid: other.reservation.wid })).statusCode,
      ).toBe(404);
      // The other venue's invitation presented to this venue is unknown here.
      expect((await addGuest('casa', other, { createGuest })).statusCode).toBe(401);
      expect((await addGuest('otra', booking, { createGuest })).statusCode).toBe(401);
    }
    const info = await post('casa', '/world/api/reservation/reservationinfo', {
      reservationId: booking.reservation.wid,
      uid: booking.uid,
    });
    expect(info.json().reservation.guests).toHaveLength(1);
  });

  it('refuses a cancelled reservation in both modes (409)', async () => {
    const booking = await book('casa', '22:00');
    const cancelled = await post('casa', '/world/reservation/canceldirect', {
      reservationId: booking.reservation.id,
      uid: booking.uid,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const createGuest of [true, false]) {
      const response = await addGuest('casa', booking, { createGuest });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('RESERVATION_FINISHED');
      expect(response.json().message).toBe('La reserva ha finalizado');
    }
  });

  it('limits joins per address (SEC-04): 429 with Retry-After, another address unaffected', async () => {
    const booking = await book('casa', '22:30');
    const address = '10.4.99.99';
    let last;
    for (let index = 0; index < 31; index += 1) {
      last = await addGuest(
        'casa',
        booking,
        { createGuest: index % 2 === 0, invitedUserName: `G${index}` },
        address,
      );
    }
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await addGuest('casa', booking, { createGuest: false })).statusCode).toBe(200);
  });
});
