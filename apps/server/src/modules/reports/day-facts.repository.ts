import {
  DELIVERY_FEE_SKU,
  addDays,
  NO_SERVICE,
  type AmountRow,
  type DayFacts,
  type KitchenBucket,
} from '@sobremesa/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import { queryRows } from '../../db/rows.ts';
import { saleDocument } from '../accounting/accounting.service.ts';
import {
  emptySalesDay,
  instantsOf,
  invoicesIn,
  salesByDay,
  serviceDayOf,
  takenIn,
} from './reports.repository.ts';

/**
 * Every figure of the owner's reports for each service day of a range (decision 045), from the same rows
 * and rules as the Z report: sales from `salesByDay`, the breakdowns from the same standing invoices (hours
 * and categories, less the discounts, add up to the sales; a later day's cancellation negative on that
 * day, decision 079) and payments (methods and staff add up to what
 * was collected). Scoped by venue; a day without activity gets empty figures, so it can be stored as computed.
 */

const num = (value: unknown) => Number(value ?? 0);

type Grouped<T> = Map<string, T[]>;
function groupByDay<R extends { day: string }, T>(rows: readonly R[], map: (row: R) => T): Grouped<T> {
  const by: Grouped<T> = new Map();
  for (const row of rows) {
    const day = by.get(row.day);
    if (day) day.push(map(row));
    else by.set(row.day, [map(row)]);
  }
  return by;
}

interface KeyedRow {
  day: string;
  key: string | null;
  cents: string;
  count: string;
}
const amountRow = (row: KeyedRow): AmountRow => ({
  key: row.key ?? '',
  cents: num(row.cents),
  count: num(row.count),
});

export async function dayFacts(
  db: Executor,
  venueId: number,
  timeZone: string,
  from: string,
  to: string,
): Promise<DayFacts[]> {
  const run = readsOn(db);
  const invoices = invoicesIn(venueId, timeZone, from, to);
  // What each waiter took (payments) or was tipped (tips), by the name of who registered it.
  const takenByStaff = (table: 'payments' | 'tips') =>
    queryRows<KeyedRow>(
      db,
      sql`select d.day::text as day, u.name as key, sum(d.amount_cents) as cents, count(*) as count
          from (${takenIn(table, 'x.amount_cents, x.created_by_user_id', venueId, timeZone, from, to)}) d
            left join users u on u.venue_id = ${venueId} and u.id = d.created_by_user_id
          group by 1, 2`,
    );
  const { start, end } = instantsOf(from, to, timeZone);
  const [sales, hours, methods, lines, vat, staff, tipsBy, service, kitchen] = await Promise.all([
    run(() => salesByDay(db, venueId, timeZone, from, to)),
    run(() =>
      queryRows<KeyedRow>(
        db,
        sql`select b.day::text as day, extract(hour from b.at at time zone ${timeZone})::int::text as key,
            sum(b.total_cents * b.sign) as cents, coalesce(sum(b.sign) filter (where ${saleDocument('b')}), 0) as count
          from (${invoices}) b group by 1, 2`,
      ),
    ),
    run(() =>
      queryRows<KeyedRow>(
        db,
        sql`select d.day::text as day, d.method as key, sum(d.amount_cents) as cents, count(*) as count
          from (${takenIn('payments', 'x.method, x.amount_cents', venueId, timeZone, from, to)}) d group by 1, 2`,
      ),
    ),
    // A product's category is its first listing (a wine in two categories counts in one); the delivery fee
    // is no dish: it is left out of the products and is a category of its own, under its line's name.
    run(() =>
      queryRows<KeyedRow & { category: string | null; fee: boolean }>(
        db,
        sql`select b.day::text as day, l.description as key,
            case when o.product_sku = ${DELIVERY_FEE_SKU} then l.description else c.name end as category,
            coalesce(o.product_sku = ${DELIVERY_FEE_SKU}, false) as fee,
            sum(l.total_cents * b.sign) as cents, sum(l.units * b.sign) as count
          from (${invoices}) b
            join bill_lines l on l.venue_id = b.venue_id and l.bill_id = b.id
            left join product_orders o on o.venue_id = l.venue_id and o.id = l.product_order_id
            left join lateral (
              select mc.name from product_categories pc
                join menu_categories mc on mc.venue_id = pc.venue_id and mc.id = pc.category_id
              where pc.venue_id = o.venue_id and pc.product_id = o.product_id
              order by pc.category_id limit 1) c on true
          group by 1, 2, 3, 4`,
      ),
    ),
    run(() =>
      queryRows<{ day: string; rate: number; base: string; vat: string; total: string }>(
        db,
        sql`select b.day::text as day, t.vat_rate_bp as rate, sum(t.base_cents * b.sign) as base,
            sum(t.vat_cents * b.sign) as vat, sum(t.total_cents * b.sign) as total
          from (${invoices}) b join bill_tax_lines t on t.venue_id = b.venue_id and t.bill_id = b.id
          group by 1, 2`,
      ),
    ),
    run(() => takenByStaff('payments')),
    run(() => takenByStaff('tips')),
    run(() =>
      queryRows<{
        day: string;
        bookings: string;
        no_shows: string;
        cancellations: string;
        turn: string;
        turns: string;
      }>(
        db,
        sql`select ${serviceDayOf('r.starts_at', timeZone)}::text as day, count(*) as bookings,
            count(*) filter (where r.status = -4) as no_shows, count(*) filter (where r.status = -1) as cancellations,
            coalesce(sum(floor(extract(epoch from r.finished_at - r.seated_at) / 60))
              filter (where r.finished_at > r.seated_at), 0) as turn,
            count(*) filter (where r.finished_at > r.seated_at) as turns
          from reservations r
          where r.venue_id = ${venueId} and r.starts_at >= ${start} and r.starts_at < ${end}
            and r.kind = 'dine_in' and r.held_by is null and r.status <> -3
          group by 1`,
      ),
    ),
    run(() =>
      queryRows<{ day: string; station: string; minutes: number; count: string }>(
        db,
        sql`select ${serviceDayOf('o.date_ready', timeZone)}::text as day, s.name as station,
            floor(extract(epoch from o.date_ready - coalesce(o.fired_at, o.created_at)) / 60)::int as minutes,
            count(*) as count
          from product_orders o
            join product_elaboration_stations ps on ps.venue_id = o.venue_id and ps.product_id = o.product_id
            join elaboration_stations s on s.venue_id = ps.venue_id and s.id = ps.elaboration_station_id
          where o.venue_id = ${venueId} and o.date_ready >= ${start} and o.date_ready < ${end}
            and o.date_ready >= coalesce(o.fired_at, o.created_at)
          group by 1, 2, 3`,
      ),
    ),
  ]);
  const salesOf = new Map(sales.map((day) => [day.date, day]));
  const hoursOf = groupByDay(hours, amountRow);
  const methodsOf = groupByDay(methods, amountRow);
  const productsOf = groupByDay(
    lines.filter((row) => !row.fee),
    amountRow,
  );
  const categoriesOf = groupByDay(lines, (row) => amountRow({ ...row, key: row.category }));
  const vatOf = groupByDay(vat, (row) => ({
    vatRateBp: num(row.rate),
    baseCents: num(row.base),
    vatCents: num(row.vat),
    totalCents: num(row.total),
  }));
  const staffOf = groupByDay(staff, amountRow);
  const tipsOf = groupByDay(tipsBy, amountRow);
  const serviceOf = new Map(service.map((row) => [row.day, row]));
  const kitchenOf = groupByDay(kitchen, (row): KitchenBucket => ({
    station: row.station,
    minutes: num(row.minutes),
    count: num(row.count),
  }));
  const facts: DayFacts[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const served = serviceOf.get(day);
    const names = new Set([...(staffOf.get(day) ?? []), ...(tipsOf.get(day) ?? [])].map((row) => row.key));
    facts.push({
      sales: salesOf.get(day) ?? emptySalesDay(day),
      hours: hoursOf.get(day) ?? [],
      methods: methodsOf.get(day) ?? [],
      products: sumKeys(productsOf.get(day) ?? []),
      categories: sumKeys(categoriesOf.get(day) ?? []),
      vat: vatOf.get(day) ?? [],
      staff: [...names].map((name) => {
        const taken = staffOf.get(day)?.find((row) => row.key === name);
        return {
          name,
          cents: taken?.cents ?? 0,
          count: taken?.count ?? 0,
          tipsCents: tipsOf.get(day)?.find((row) => row.key === name)?.cents ?? 0,
        };
      }),
      service: served
        ? {
            bookings: num(served.bookings),
            noShows: num(served.no_shows),
            cancellations: num(served.cancellations),
            turnMinutes: num(served.turn),
            turns: num(served.turns),
          }
        : NO_SERVICE,
      kitchen: kitchenOf.get(day) ?? [],
    });
  }
  return facts;
}

/** Lines of one product (or category) under several order-time names or categories add up to one row. */
function sumKeys(rows: readonly AmountRow[]): AmountRow[] {
  const by = new Map<string, AmountRow>();
  for (const row of rows) {
    const current = by.get(row.key);
    by.set(
      row.key,
      current ? { ...row, cents: current.cents + row.cents, count: current.count + row.count } : row,
    );
  }
  return [...by.values()];
}
