/**
 * Owner report figures (issue 24): the time of each report over a year of a busy venue, about 150,000
 * paid bills (410 a day) with their VAT lines and payments, inserted directly with generate_series.
 * Prints each report's median of 5 runs; the target is under 300 ms each on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports
 *   npm run bench:reports          (in-memory PGlite; slower to seed)
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { zSums } from '../apps/server/src/modules/accounting/z-report.repository.ts';
import { salesByDay } from '../apps/server/src/modules/reports/reports.repository.ts';
import { createVenue } from '../apps/server/src/modules/venues/venue-provisioning.service.ts';
import { serviceDayRange } from '@sobremesa/domain';

const serverUrl = process.env.BENCH_DATABASE_URL;
const BILLS_PER_DAY = Number(process.env.BENCH_BILLS_PER_DAY ?? 410);
const FIRST_DAY = '2025-01-01';
const DAYS = 365;

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

/** A year of paid tables: lunch and dinner, two to six covers, 10 % and 21 % VAT, cash or card. */
async function seed(handle: DatabaseHandle, venueId: number): Promise<number> {
  const { db } = handle;
  await db.execute(sql`insert into invoice_series (venue_id, series) values (${venueId}, 'T')`);
  await db.execute(sql`
    insert into reservations (venue_id, status, starts_at, ends_at, name, pax)
    select ${venueId}, -1, t, t + interval '90 minutes', 'Mesa', 2 + (n % 5)
    from (select n, (${FIRST_DAY}::date + (n / ${BILLS_PER_DAY}) * interval '1 day'
            + case when n % 2 = 0 then interval '12 hours' else interval '19 hours' end
            + ((n % 97) * interval '2 minutes')) as t
          from generate_series(0, ${DAYS * BILLS_PER_DAY - 1}) n) s`);
  await db.execute(sql`
    insert into bills (venue_id, reservation_id, type, series, number, issued_at, base_cents, vat_cents, total_cents, paid_at)
    select r.venue_id, r.id, 1, 'T', row_number() over (order by r.id), r.ends_at,
      (r.pax * 1800) + 1000, (r.pax * 180) + 210, (r.pax * 1980) + 1210, r.ends_at
    from reservations r where r.venue_id = ${venueId}`);
  await db.execute(sql`
    insert into bill_tax_lines (venue_id, bill_id, vat_rate_bp, base_cents, vat_cents, total_cents)
    select venue_id, id, 1000, base_cents - 1000, vat_cents - 210, total_cents - 1210 from bills where venue_id = ${venueId}
    union all
    select venue_id, id, 2100, 1000, 210, 1210 from bills where venue_id = ${venueId}`);
  await db.execute(sql`
    insert into payments (venue_id, reservation_id, bill_id, amount_cents, method, tendered_cents, change_cents, created_at)
    select venue_id, reservation_id, id, total_cents, case when id % 3 = 0 then 'cash' else 'card' end,
      case when id % 3 = 0 then total_cents end, case when id % 3 = 0 then 0 end, issued_at
    from bills where venue_id = ${venueId}`);
  await db.execute(sql`analyze`);
  const result = (await db.execute(sql`select count(*) as n from bills`)) as unknown as {
    rows: { n: string }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await run();
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} median ${runs[2]!.toFixed(1).padStart(8)} ms   max ${runs[4]!.toFixed(1).padStart(8)} ms`,
  );
}

async function main(): Promise<void> {
  const handle = await openBenchDatabase();
  try {
    const venue = await createVenue(handle.db, {
      subdomain: 'bench',
      businessName: 'Casa Bench',
      isDefault: true,
    });
    const started = performance.now();
    const bills = await seed(handle, venue.id);
    console.log(
      `${serverUrl ? 'PostgreSQL' : 'PGlite'}: ${bills} bills over ${DAYS} days seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const zone = venue.timeZone;
    await time('sales by day, a year (and the year before)', async () => {
      await salesByDay(handle.db, venue.id, zone, '2025-01-01', '2025-12-31');
      await salesByDay(handle.db, venue.id, zone, '2024-01-01', '2024-12-31');
    });
    await time('sales by day, a month (and the month before)', async () => {
      await salesByDay(handle.db, venue.id, zone, '2025-06-01', '2025-06-30');
      await salesByDay(handle.db, venue.id, zone, '2025-05-02', '2025-05-31');
    });
    await time('sales of one day', () => salesByDay(handle.db, venue.id, zone, '2025-06-15', '2025-06-15'));
    const range = serviceDayRange('2025-06-15', zone);
    await time('Z report sums of one day', () =>
      zSums(handle.db, venue.id, { shiftIds: [], unshifted: true, from: range.from, to: range.to }),
    );
  } finally {
    await handle.close();
  }
}

await main();
