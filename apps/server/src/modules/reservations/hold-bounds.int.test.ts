import { checkAvailabilityResponseSchema, holdResponseSchema } from '@sobremesa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { buildTestApp, call, givenVenue, type TestApp } from '../../test/test-app.ts';
import { HOLD_SECONDS } from './availability.ts';
import { furnishVenue } from './reservations.fixtures.ts';
import { HOLDS_PER_HOLDER } from './reservations.service.ts';

/** Issue 17 item 6: one anonymous address cannot hold a whole slot, and a real guest still gets a table. */
let t: TestApp;
const DATE = '2026-11-21';

beforeAll(async () => {
  t = await buildTestApp();
  for (const subdomain of ['cupo', 'noche']) {
    const venue = await givenVenue(t, { subdomain });
    await furnishVenue(t.ctx.db, venue.id, {
      rooms: [
        {
          name: 'Sala',
          tables: Array.from({ length: 6 }, (_, index) => ({ name: `M${index + 1}`, minPax: 1, maxPax: 4 })),
        },
      ],
    });
  }
});
afterAll(() => t.close());

function hold(subdomain: string, address: string, body: Record<string, unknown>) {
  return call(t, subdomain, {
    method: 'POST',
    url: '/world/reservation/hold',
    remoteAddress: address,
    payload: { date: DATE, pax: 2, ...body },
  });
}

async function heldTables(subdomain: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    t.ctx.db,
    sql`select count(*)::int as count from table_bookings tb join venues v on v.id = tb.venue_id
        where v.subdomain = ${subdomain} and tb.status = 'held'`,
  );
  return Number(row?.count ?? 0);
}

describe('holds one address or network keeps at once', () => {
  it('allows a couple of live holds per address, then 429 until the soonest lapses', async () => {
    const address = '203.0.113.7';
    const first = await hold('cupo', address, { timeSlot: '13:00' });
    const second = await hold('cupo', address, { timeSlot: '13:30' });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(HOLDS_PER_HOLDER).toBe(2);

    const third = await hold('cupo', address, { timeSlot: '14:00' });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^Demasiados intentos\. Vuelve a intentarlo en \d+ segundos\.$/);
    expect(Number(third.headers['retry-after'])).toBe(HOLD_SECONDS);

    // A guest changing their mind moves a hold: that is never refused.
    const moved = await hold('cupo', address, {
      timeSlot: '14:00',
      holdToken: holdResponseSchema.parse(first.json()).holdToken,
    });
    expect(moved.statusCode).toBe(201);

    // Another address is not affected, and the address holds again once its holds lapse.
    expect((await hold('cupo', '203.0.113.8', { timeSlot: '14:30' })).statusCode).toBe(201);
    t.clock.advance(HOLD_SECONDS * 1000);
    expect((await hold('cupo', address, { timeSlot: '15:00' })).statusCode).toBe(201);
  });

  it('counts an IPv6 /64 as one address', async () => {
    expect((await hold('cupo', '2001:db8:7:1::a', { timeSlot: '20:00' })).statusCode).toBe(201);
    expect((await hold('cupo', '2001:db8:7:1::b', { timeSlot: '20:30' })).statusCode).toBe(201);
    expect((await hold('cupo', '2001:db8:7:1:ffff::c', { timeSlot: '21:00' })).statusCode).toBe(429);
    expect((await hold('cupo', '2001:db8:7:2::a', { timeSlot: '21:00' })).statusCode).toBe(201);
  });
});

describe('a slot cannot be drained with holds', () => {
  it('19 addresses holding 21:00 keep half the tables; the time stays open and a real guest books', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 19 }, async (_, index) => {
        const response = await hold('noche', `198.51.100.${index + 1}`, { timeSlot: '21:00' });
        return response.statusCode;
      }),
    );
    // Every hold is answered (no guest is told the time is gone), but only three of six tables are kept.
    expect(statuses.every((status) => status === 201)).toBe(true);
    expect(await heldTables('noche')).toBe(3);

    const availability = await call(t, 'noche', {
      method: 'POST',
      url: '/world/reservation/checkavailability',
      remoteAddress: '192.0.2.50',
      payload: { date: DATE, pax: 2 },
    });
    const slot = checkAvailabilityResponseSchema
      .parse(availability.json())
      .timeSlots.find((candidate) => candidate.timeSlot === '21:00');
    expect(slot?.countAvailable).toBeGreaterThan(0);

    const guest = await call(t, 'noche', {
      method: 'POST',
      url: '/world/reservation/register',
      remoteAddress: '192.0.2.50',
      payload: {
        date: DATE,
        timeSlot: '21:00',
        pax: 2,
        name: 'Marta Ruiz',
        email: 'marta@example.com',
        consent: true,
      },
    });
    expect(guest.statusCode, guest.body).toBe(201);
  });
});
