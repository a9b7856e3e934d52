/**
 * Guest booking figures (issue 4, "Done when"): availability-check latency (median, p95) and registrations
 * per second through the real HTTP API on 127.0.0.1, for a venue of 40 tables with 60 days of realistic
 * bookings inserted directly. Bounded in time; the client runs in the same process (keep-alive agent).
 *
 *   npm run bench:availability                    8 s per phase, in-memory PGlite
 *   BENCH_SECONDS=3 npm run bench:availability
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:availability
 *                                                 on PostgreSQL (a scratch database is created and dropped)
 */
import http from 'node:http';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { addDays, logicalDate, serviceDayTimeToInstant, stayMinutesFor } from '@sobremesa/domain';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { systemClock } from '../apps/server/src/context.ts';
import type { Database, DatabaseHandle } from '../apps/server/src/db/database.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { reservations, tableBookings } from '../apps/server/src/db/schema/index.ts';
import {
  furnishVenue,
  type FixtureRoom,
} from '../apps/server/src/modules/reservations/reservations.fixtures.ts';
import { createVenue } from '../apps/server/src/modules/venues/venue-provisioning.service.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const serverUrl = process.env.BENCH_DATABASE_URL;
const REGISTER_CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 8);
const TIME_ZONE = 'Europe/Madrid';
const DAYS = 60;

/** 40 tables in three rooms, with the combinations a real dining room declares. */
const ROOMS: FixtureRoom[] = [
  {
    name: 'Sala',
    tables: [
      ...Array.from({ length: 8 }, (_, i) => ({ name: `S${i + 1}`, minPax: 1, maxPax: 2 })),
      ...Array.from({ length: 12 }, (_, i) => ({
        name: `S${i + 9}`,
        minPax: 2,
        maxPax: 4,
        combinable: i < 6,
      })),
      ...Array.from({ length: 4 }, (_, i) => ({ name: `S${i + 21}`, minPax: 3, maxPax: 6 })),
      ...Array.from({ length: 2 }, (_, i) => ({ name: `S${i + 25}`, minPax: 5, maxPax: 8 })),
    ],
  },
  {
    name: 'Terraza',
    tables: [
      ...Array.from({ length: 6 }, (_, i) => ({ name: `T${i + 1}`, minPax: 2, maxPax: 4 })),
      ...Array.from({ length: 4 }, (_, i) => ({ name: `T${i + 7}`, minPax: 1, maxPax: 2 })),
    ],
  },
  {
    name: 'Barra',
    tables: Array.from({ length: 4 }, (_, i) => ({ name: `B${i + 1}`, minPax: 1, maxPax: 2 })),
  },
];
const COMBINATIONS = [
  { name: 'S9+S10', tables: ['S9', 'S10'], minPax: 5, maxPax: 8 },
  { name: 'S11+S12', tables: ['S11', 'S12'], minPax: 5, maxPax: 8 },
  { name: 'S13+S14', tables: ['S13', 'S14'], minPax: 5, maxPax: 8 },
  { name: 'S9+S10+S11', tables: ['S9', 'S10', 'S11'], minPax: 9, maxPax: 12 },
];
const SERVICES = [
  { name: 'Comida', start: '13:00', end: '16:30', lastSeating: '15:30' },
  { name: 'Cena', start: '20:00', end: '00:00', lastSeating: '23:00' },
];

/** A small deterministic PRNG (mulberry32), so every run books the same 60 days. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

async function openBenchDatabase(): Promise<DatabaseHandle> {
  if (!serverUrl) return openPglite();
  const name = `sobremesa_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Books 60 days the way a busy venue fills: each table gets back-to-back parties through lunch and dinner
 * (a party sized to the table, its planned stay, the turnover buffer and a random gap), about three
 * quarters of tables taken per service. Inserted directly, in batches.
 */
async function seedBookings(
  db: Database,
  venueId: number,
  tables: { id: number; minPax: number; maxPax: number }[],
): Promise<number> {
  const random = prng(20261120);
  const today = logicalDate(new Date(), TIME_ZONE);
  const parties: { startsAt: Date; endsAt: Date; pax: number; tableId: number }[] = [];
  for (let day = 0; day <= DAYS; day += 1) {
    const date = addDays(today, day);
    for (const service of SERVICES) {
      for (const table of tables) {
        if (random() > 0.75) continue;
        let cursor =
          serviceDayTimeToInstant(date, service.start, TIME_ZONE)!.getTime() +
          Math.floor(random() * 4) * 15 * 60_000;
        const last = serviceDayTimeToInstant(date, service.lastSeating, TIME_ZONE)!.getTime();
        while (cursor <= last) {
          const pax = table.minPax + Math.floor(random() * (table.maxPax - table.minPax + 1));
          const stay = stayMinutesFor(pax) * 60_000;
          parties.push({
            startsAt: new Date(cursor),
            endsAt: new Date(cursor + stay),
            pax,
            tableId: table.id,
          });
          cursor += stay + 15 * 60_000 + Math.ceil((random() * 60) / 15) * 15 * 60_000;
          if (random() < 0.4) break;
        }
      }
    }
  }
  const BATCH = 500;
  for (let index = 0; index < parties.length; index += BATCH) {
    const batch = parties.slice(index, index + BATCH);
    const rows = await db
      .insert(reservations)
      .values(
        batch.map((party, offset) => ({
          venueId,
          startsAt: party.startsAt,
          endsAt: party.endsAt,
          name: `Bench ${index + offset}`,
          pax: party.pax,
          source: offset % 3 === 0 ? 'phone' : 'web',
        })),
      )
      .returning({ id: reservations.id });
    await db.insert(tableBookings).values(
      batch.map((party, offset) => ({
        venueId,
        reservationId: rows[offset]!.id,
        tableId: party.tableId,
        during: { start: party.startsAt, end: party.endsAt },
        status: 'confirmed',
      })),
    );
  }
  return parties.length;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(port: number, path: string, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

function summary(label: string, latencies: number[], failures: number): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return (
    `  ${label.padEnd(52)} median ${percentile(sorted, 0.5).toFixed(2).padStart(7)} ms  ` +
    `p95 ${percentile(sorted, 0.95).toFixed(2).padStart(7)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1).padStart(6)} ms  ` +
    `${sorted.length} requests${failures ? `  ${failures} failed` : ''}`
  );
}

/** Runs `step` on `concurrency` loops until `ms` has passed. */
async function forDuration(
  ms: number,
  concurrency: number,
  step: (loop: number) => Promise<void>,
): Promise<number> {
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (Date.now() - started < ms) await step(loop);
    }),
  );
  return (Date.now() - started) / 1000;
}

async function main(): Promise<void> {
  const database = await openBenchDatabase();
  const venue = await createVenue(database.db, {
    subdomain: 'bench',
    businessName: 'Casa Bench',
    isDefault: true,
  });
  const floor = await furnishVenue(database.db, venue.id, {
    rooms: ROOMS,
    combinations: COMBINATIONS,
    services: SERVICES,
  });
  const tables = ROOMS.flatMap((room) => room.tables).map((table) => ({
    id: floor.tableIds.get(table.name)!,
    minPax: table.minPax,
    maxPax: table.maxPax,
  }));
  const seeding = Date.now();
  const seeded = await seedBookings(database.db, venue.id, tables);
  const seedSeconds = (Date.now() - seeding) / 1000;

  const { app } = await buildApp({
    database,
    clock: systemClock,
    // Each simulated guest comes from its own address (X-Forwarded-For), as on the Internet (SEC-04 is per address).
    settings: { baseDomain: 'localhost', trustProxy: true },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const port = address.port;
  const random = prng(7);
  const today = logicalDate(new Date(), TIME_ZONE);
  const randomDate = () => addDays(today, 1 + Math.floor(random() * (DAYS - 1)));
  const randomPax = () => 1 + Math.floor(random() * 6);

  console.log(
    `Sobremesa availability bench: 40 tables in 3 rooms, ${seeded} reservations over ${DAYS + 1} days ` +
      `(seeded in ${seedSeconds.toFixed(1)} s), ${serverUrl ? 'PostgreSQL' : 'in-memory PGlite'}, ` +
      `Node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), ${seconds} s per phase`,
  );
  try {
    // Warm-up: JIT, caches, the database's buffers.
    for (let index = 0; index < 50; index += 1) {
      await post(port, '/world/reservation/checkavailability', { date: randomDate(), pax: randomPax() });
    }

    const single: number[] = [];
    let singleFailures = 0;
    let slotsSeen = 0;
    await forDuration(seconds * 1000, 1, async () => {
      const reply = await post(port, '/world/reservation/checkavailability', {
        date: randomDate(),
        pax: randomPax(),
      });
      if (reply.status !== 200) singleFailures += 1;
      else slotsSeen += (JSON.parse(reply.body) as { timeSlots: unknown[] }).timeSlots.length;
      single.push(reply.ms);
    });
    console.log(summary('checkavailability {date, pax} (1 connection)', single, singleFailures));
    console.log(
      `    ${(slotsSeen / Math.max(1, single.length)).toFixed(1)} time slots per answer on average`,
    );

    const parallel: number[] = [];
    let parallelFailures = 0;
    const parallelSeconds = await forDuration(seconds * 1000, 8, async () => {
      const reply = await post(port, '/world/reservation/checkavailability', {
        date: randomDate(),
        pax: randomPax(),
      });
      if (reply.status !== 200) parallelFailures += 1;
      parallel.push(reply.ms);
    });
    console.log(summary('checkavailability {date, pax} (8 connections)', parallel, parallelFailures));
    console.log(`    ${(parallel.length / parallelSeconds).toFixed(0)} checks per second`);

    const calendar: number[] = [];
    let calendarFailures = 0;
    await forDuration(Math.min(seconds, 5) * 1000, 1, async () => {
      const reply = await post(port, '/world/reservation/checkavailability', {
        dateFrom: today,
        date: addDays(today, DAYS),
        pax: randomPax(),
      });
      if (reply.status !== 200) calendarFailures += 1;
      calendar.push(reply.ms);
    });
    console.log(summary('checkavailability with dateFrom (61-day calendar)', calendar, calendarFailures));

    let created = 0;
    let taken = 0;
    let other = 0;
    let guest = 0;
    const registerLatencies: number[] = [];
    const times = [
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '22:30',
    ];
    const registerSeconds = await forDuration(seconds * 1000, REGISTER_CONCURRENCY, async () => {
      guest += 1;
      const reply = await post(
        port,
        '/world/reservation/register',
        {
          date: randomDate(),
          timeSlot: times[Math.floor(random() * times.length)],
          pax: randomPax(),
          name: `Guest ${guest}`,
          email: `guest${guest}@bench.test`,
          consent: true,
        },
        { 'x-forwarded-for': `10.${(guest >> 16) & 255}.${(guest >> 8) & 255}.${guest & 255}` },
      );
      registerLatencies.push(reply.ms);
      if (reply.status === 201) created += 1;
      else if (reply.status === 409) taken += 1;
      else other += 1;
    });
    console.log(summary(`register (${REGISTER_CONCURRENCY} connections)`, registerLatencies, other));
    console.log(
      `    ${(created / registerSeconds).toFixed(1)} registrations per second (${created} booked, ${taken} answered 409 ` +
        `with fresh slots${other ? `, ${other} other failures` : ''})`,
    );
    if (singleFailures || parallelFailures || calendarFailures || other) process.exitCode = 1;
  } finally {
    agent.destroy();
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
