/**
 * Owner report figures (issue 24, decision 045): the time of each report over a year of a busy venue,
 * about 150,000 paid bills (410 a day) with their lines, VAT lines, payments, staff, categories and kitchen
 * times, inserted directly with generate_series. Prints each report's median of 5 runs; the target is under
 * 300 ms each on PostgreSQL. The first read of a closed day computes and stores it (printed once, "cold").
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
import { dayFacts } from '../apps/server/src/modules/reports/day-facts.repository.ts';
import { closedDayFacts } from '../apps/server/src/modules/reports/report-days.repository.ts';
import { salesByDay } from '../apps/server/src/modules/reports/reports.repository.ts';
import { createVenue } from '../apps/server/src/modules/venues/venue-provisioning.service.ts';
import { serviceDayRange, sumFacts } from '@sobremesa/domain';

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
  await db.execute(sql`
    insert into users (venue_id, email, name, password_hash, wel_key, host_code)
    select ${venueId}, 'camarero' || n || '@bench.test', 'Camarero ' || n, 'x', 'bench-wel-' || n, 'bench-host-' || n
    from generate_series(1, 6) n`);
  await db.execute(sql`
    update payments p set created_by_user_id = u.id
    from (select id, row_number() over (order by id) - 1 as k from users where venue_id = ${venueId} and email like 'camarero%') u
    where p.venue_id = ${venueId} and u.k = p.id % 6`);
  await db.execute(
    sql`insert into menus (venue_id, name, menu_type_name) values (${venueId}, 'Carta', 'carta')`,
  );
  await db.execute(sql`
    insert into menu_categories (venue_id, menu_id, name)
    select ${venueId}, m.id, c from menus m, unnest(array['Entrantes', 'Principales', 'Postres', 'Bebidas']) c
    where m.venue_id = ${venueId}`);
  await db.execute(sql`
    insert into products (venue_id, sku, name, price_cents, vat_rate_bp, type)
    select ${venueId}, 'P' || n, case when n <= 20 then 'Plato ' || n else 'Bebida ' || n end,
      1800, case when n <= 20 then 1000 else 2100 end, case when n <= 20 then 'comida' else 'bebida' end
    from generate_series(1, 30) n`);
  await db.execute(sql`
    insert into product_categories (venue_id, category_id, product_id)
    select ${venueId}, c.id, p.id from products p join menu_categories c on c.venue_id = p.venue_id
      and c.name = case when p.type = 'bebida' then 'Bebidas' else (array['Entrantes', 'Principales', 'Postres'])[1 + p.id % 3] end
    where p.venue_id = ${venueId}`);
  await db.execute(sql`insert into elaboration_types (venue_id, name) values (${venueId}, 'Cocina')`);
  await db.execute(sql`
    insert into elaboration_stations (venue_id, elaboration_type_id, name)
    select ${venueId}, t.id, s from elaboration_types t, unnest(array['Cocina caliente', 'Barra']) s
    where t.venue_id = ${venueId}`);
  await db.execute(sql`
    insert into product_elaboration_stations (venue_id, product_id, elaboration_station_id)
    select ${venueId}, p.id, s.id from products p join elaboration_stations s on s.venue_id = p.venue_id
      and s.name = case when p.type = 'bebida' then 'Barra' else 'Cocina caliente' end
    where p.venue_id = ${venueId}`);
  // Two order lines a table, a dish and a drink, ready 8-27 and 2-5 minutes after being ordered.
  await db.execute(sql`
    insert into product_orders (venue_id, reservation_id, product_id, product_sku, product_name, product_type,
      units, status, price_cents, vat_rate_bp, created_at, date_ready)
    select r.venue_id, r.id, p.id, p.sku, p.name, p.type, 1, 100, p.price_cents, p.vat_rate_bp,
      r.starts_at + interval '10 minutes',
      r.starts_at + interval '10 minutes' + case when p.type = 'comida'
        then (8 + r.id % 20) * interval '1 minute' else (2 + r.id % 4) * interval '1 minute' end
    from reservations r
      join products p on p.venue_id = r.venue_id and p.sku in ('P' || (1 + r.id % 20), 'P' || (21 + r.id % 10))
    where r.venue_id = ${venueId}`);
  await db.execute(sql`
    insert into bill_lines (venue_id, bill_id, product_order_id, description, units, unit_price_cents, vat_rate_bp, total_cents)
    select b.venue_id, b.id, o.id, o.product_name, 1,
      case when o.product_type = 'comida' then b.total_cents - 1210 else 1210 end, o.vat_rate_bp,
      case when o.product_type = 'comida' then b.total_cents - 1210 else 1210 end
    from bills b join product_orders o on o.venue_id = b.venue_id and o.reservation_id = b.reservation_id
    where b.venue_id = ${venueId}`);
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
    const owner = async (from: string, to: string) =>
      sumFacts(await closedDayFacts(handle.db, venue.id, zone, from, to));
    const yearAndBefore = async () => {
      await owner('2025-01-01', '2025-12-31');
      await owner('2024-01-01', '2024-12-31');
    };
    const cold = performance.now();
    await yearAndBefore();
    console.log(
      `owner reports, first read of two years (computes and stores ${DAYS * 2} days): ${(performance.now() - cold).toFixed(0)} ms`,
    );
    await time('owner reports, a year (and the year before)', yearAndBefore);
    await time('owner reports, a year twice (a year before as busy)', async () => {
      await owner('2025-01-01', '2025-12-31');
      await owner('2025-01-01', '2025-12-31');
    });
    await time('owner reports, a month (and the month before)', async () => {
      await owner('2025-06-01', '2025-06-30');
      await owner('2025-05-02', '2025-05-31');
    });
    await time('owner reports, a week (and the week before)', async () => {
      await owner('2025-06-09', '2025-06-15');
      await owner('2025-06-02', '2025-06-08');
    });
    await time('owner reports of one day computed live (today)', async () =>
      sumFacts(await dayFacts(handle.db, venue.id, zone, '2025-06-15', '2025-06-15')),
    );
    await time('sales by day computed live, a year', () =>
      salesByDay(handle.db, venue.id, zone, '2025-01-01', '2025-12-31'),
    );
    const range = serviceDayRange('2025-06-15', zone);
    await time('Z report sums of one day', () =>
      zSums(handle.db, venue.id, { shiftIds: [], unshifted: true, from: range.from, to: range.to }),
    );
  } finally {
    await handle.close();
  }
}

await main();
