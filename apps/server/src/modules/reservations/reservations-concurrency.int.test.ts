import { registerReservationResponseSchema } from '@sobremesa/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { buildTestApp, call, givenVenue, type TestApp } from '../../test/test-app.ts';
import { furnishVenue } from './reservations.fixtures.ts';

/**
 * REL-01 and REL-03 under real concurrency (on PostgreSQL the 50 requests run in parallel transactions
 * on a pool; on PGlite they interleave on one connection): the last table of a slot is booked once.
 */
let t: TestApp;
let tableIds: Map<string, number>;
const PARALLEL = 50;

beforeAll(async () => {
  t = await buildTestApp();
  const venue = await givenVenue(t, { subdomain: 'rel' });
  ({ tableIds } = await furnishVenue(t.ctx.db, venue.id, {
    rooms: [
      {
        name: 'Sala',
        tables: [
          { name: '1', minPax: 1, maxPax: 4 },
          { name: '2', minPax: 1, maxPax: 4 },
        ],
      },
    ],
  }));
});
afterAll(() => t.close());

function register(body: Record<string, unknown>, index: number, headers: Record<string, string> = {}) {
  return call(t, 'rel', {
    method: 'POST',
    url: '/world/reservation/register',
    // 50 different guests on 50 different phones.
    remoteAddress: `10.50.${Math.floor(index / 200)}.${(index % 200) + 1}`,
    headers,
    payload: {
      pax: 2,
      consent: true,
      name: `Guest ${index}`,
      email: `guest${index}@example.com`,
      ...body,
    },
  });
}

/** Live table bookings of the venue's tables overlapping the stay starting at `startsAt`. */
async function liveBookingsAt(startsAt: string, minutes = 90) {
  const end = new Date(new Date(startsAt).getTime() + minutes * 60_000).toISOString();
  return queryRows<{ table_id: number; reservation_id: number }>(
    t.ctx.db,
    sql`select table_id, reservation_id from table_bookings
        where status in ('held', 'confirmed', 'seated')
          and during && tstzrange(${startsAt}::timestamptz, ${end}::timestamptz, '[)')`,
  );
}

describe('REL-01: 50 guests race for the last free table', () => {
  it('exactly one books it; 49 get 409 with fresh availability; one booking row', async () => {
    // Table 1 is already taken at 21:00 on Saturday: table 2 is the last one.
    const first = await register({ date: '2026-11-21', timeSlot: '21:00', roomId: undefined }, 999);
    expect(first.statusCode, first.body).toBe(201);

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        register({ date: '2026-11-21', timeSlot: '21:00' }, index),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(PARALLEL - 1);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      const body = response.json();
      expect(body.code).toBe('SLOT_UNAVAILABLE');
      expect(Array.isArray(body.timeSlots)).toBe(true);
      expect(body.timeSlots.some((slot: { timeSlot: string }) => slot.timeSlot === '21:00')).toBe(false);
    }
    const bookings = await liveBookingsAt('2026-11-21T20:00:00Z');
    expect(bookings.map((row) => row.table_id).sort()).toEqual([tableIds.get('1'), tableIds.get('2')].sort());
    const [reservationsCount] = await queryRows<{ count: number }>(
      t.ctx.db,
      sql`select count(*)::int as count from reservations where status = 1`,
    );
    expect(Number(reservationsCount?.count)).toBe(2);
  });

  it('50 holds for the last table: one holds it, 49 get 409', async () => {
    await register({ date: '2026-11-22', timeSlot: '21:00' }, 998);
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        call(t, 'rel', {
          method: 'POST',
          url: '/world/reservation/hold',
          remoteAddress: `10.51.0.${index + 1}`,
          payload: { date: '2026-11-22', timeSlot: '21:00', pax: 2 },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(PARALLEL - 1);
    expect(await liveBookingsAt('2026-11-22T20:00:00Z')).toHaveLength(2);
  });
});

describe('REL-01: the exclusion constraint has the last word', () => {
  // Deterministic on PostgreSQL only: another connection books the table and has not committed yet, so
  // the registering transaction reads the table as free, inserts, waits on the constraint and loses.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a booking committed by another transaction meanwhile turns the insert into a precise 409',
    async () => {
      const venueId = Number(
        (await queryRows<{ id: number }>(t.ctx.db, sql`select id from venues where subdomain = 'rel'`))[0]
          ?.id,
      );
      await register({ date: '2026-11-25', timeSlot: '21:00' }, 996);
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      try {
        await other.query('begin');
        const inserted = await other.query<{ id: number }>(
          `insert into reservations (venue_id, starts_at, ends_at, name, pax, source)
           values ($1, '2026-11-25T20:00:00Z', '2026-11-25T21:30:00Z', 'Teléfono', 2, 'phone') returning id`,
          [venueId],
        );
        await other.query(
          `insert into table_bookings (venue_id, reservation_id, table_id, during, status)
           values ($1, $2, $3, '[2026-11-25T20:00:00Z,2026-11-25T21:30:00Z)', 'confirmed')`,
          [venueId, inserted.rows[0]!.id, tableIds.get('2')],
        );
        const pending = register({ date: '2026-11-25', timeSlot: '21:00' }, 995);
        // Wait until the registering transaction is blocked on the constraint's check.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const waiting = await queryRows<{ count: number }>(
            t.ctx.db,
            sql`select count(*)::int as count from pg_locks where not granted`,
          );
          if (Number(waiting[0]?.count) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await other.query('commit');
        const response = await pending;
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().code).toBe('SLOT_UNAVAILABLE');
        expect(
          response.json().timeSlots.some((slot: { timeSlot: string }) => slot.timeSlot === '21:00'),
        ).toBe(false);
        expect(await liveBookingsAt('2026-11-25T20:00:00Z')).toHaveLength(2);
      } finally {
        await other.end();
      }
    },
  );
});

describe('REL-03: the same booking sent 50 times with one Idempotency-Key', () => {
  it('creates one reservation and replays it 49 times, each reply with a working guest link', async () => {
    await register({ date: '2026-11-24', timeSlot: '21:00' }, 997);
    const hold = await call(t, 'rel', {
      method: 'POST',
      url: '/world/reservation/hold',
      remoteAddress: '10.52.0.1',
      payload: { date: '2026-11-24', timeSlot: '21:00', pax: 2 },
    });
    expect(hold.statusCode, hold.body).toBe(201);
    const holdToken = hold.json().holdToken as string;

    // One phone retrying over flaky networks: same hold, same body, same key, changing addresses.
    const body = {
      date: '2026-11-24',
      timeSlot: '21:00',
      holdToken,
      name: 'Retry',
      email: 'retry@example.com',
    };
    const key = 'booking-7f3c1e8a-0000-4000-8000-000000000001';
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) => register(body, index, { 'idempotency-key': key })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.every((status) => status === 201),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(
      PARALLEL - 1,
    );
    const bodies = responses.map((response) => registerReservationResponseSchema.parse(response.json()));
    expect(new Set(bodies.map((reply) => reply.reservation.id)).size).toBe(1);
    expect(bodies.filter((reply) => reply.emailStatus !== 'not_sent')).toHaveLength(1);
    // Replays never carry a stored capability: each mints its own working link for the same reservation.
    expect(new Set(bodies.map((reply) => reply.uid)).size).toBe(PARALLEL);
    for (const reply of bodies.slice(0, 5)) {
      const info = await call(t, 'rel', {
        method: 'POST',
        url: '/world/api/reservation/reservationinfo',
        payload: { reservationId: reply.reservation.id, uid: reply.uid },
      });
      expect(info.statusCode).toBe(200);
    }
    const bookings = await liveBookingsAt('2026-11-24T20:00:00Z');
    expect(bookings).toHaveLength(2);
    expect(bookings.filter((row) => row.reservation_id === bodies[0]!.reservation.id)).toHaveLength(1);

    // The same key with another body is refused (422); the booking is untouched.
    const other = await register({ ...body, pax: 3 }, 1, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
  });
});
