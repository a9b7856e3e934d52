import { serviceDayRange, type SalesDay } from '@sobremesa/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { queryRows } from '../../db/rows.ts';
import { carriesCovers, saleDocument, saleEntries } from '../accounting/accounting.service.ts';

/**
 * The owner reports' SQL (decisions 033, 045), by the Z report's rules so that a day here and that day's Z
 * agree to the cent: payments and tips on the service day of their shift (or, outside any shift, of the
 * time they were taken), invoices on the service day they were issued and cancellations on the one they
 * were made (decision 079). The service day turns at
 * 06:00 in the venue's zone. Scoped by venue.
 */

const money = (value: unknown) => Number(value ?? 0);

/** The service day of an instant expression in the venue's zone, as a date. */
function serviceDayAt(instant: SQL, timeZone: string): SQL {
  return sql`((${instant} at time zone ${timeZone}) - interval '6 hours')::date`;
}

/** The service day of an instant column in the venue's zone, as a date. */
export function serviceDayOf(column: string, timeZone: string): SQL {
  return serviceDayAt(sql.raw(column), timeZone);
}

/** The range's instants: from the first service day's 06:00 to the 06:00 after the last one. */
export function instantsOf(from: string, to: string, timeZone: string): { start: string; end: string } {
  return {
    start: serviceDayRange(from, timeZone).from.toISOString(),
    end: serviceDayRange(to, timeZone).to.toISOString(),
  };
}

/** A service day with nothing sold. */
export function emptySalesDay(date: string): SalesDay {
  return {
    date,
    salesCents: 0,
    baseCents: 0,
    vatCents: 0,
    discountCents: 0,
    tickets: 0,
    covers: 0,
    collectedCents: 0,
    cashCents: 0,
    cardCents: 0,
    otherCents: 0,
    tipsCents: 0,
  };
}

/**
 * Payments or tips not voided with their service day: a shift's by the shift's day, the others by when
 * they were taken. Exact index bounds on both branches.
 */
export function takenIn(
  table: 'payments' | 'tips',
  columns: string,
  venueId: number,
  timeZone: string,
  from: string,
  to: string,
): SQL {
  const { start, end } = instantsOf(from, to, timeZone);
  return sql`select s.logical_date as day, ${sql.raw(columns)}
          from ${sql.raw(table)} x join till_shifts s on s.venue_id = x.venue_id and s.id = x.shift_id
          where x.venue_id = ${venueId} and x.voided_at is null and s.logical_date between ${from}::date and ${to}::date
        union all
        select ${serviceDayOf('x.created_at', timeZone)} as day, ${sql.raw(columns)} from ${sql.raw(table)} x
          where x.venue_id = ${venueId} and x.voided_at is null and x.shift_id is null
            and x.created_at >= ${start} and x.created_at < ${end}`;
}

/**
 * The sale entries of the range (`saleEntries`), each on its service day: an invoice on the day it was
 * issued, a cancellation made on a later day on that later day, negative (decision 079).
 */
export function invoicesIn(venueId: number, timeZone: string, from: string, to: string): SQL {
  const { start, end } = instantsOf(from, to, timeZone);
  return saleEntries({
    venueId,
    start,
    end,
    sameSpan: (issuedAt, cancelledAt) =>
      sql`${serviceDayAt(issuedAt, timeZone)} = ${serviceDayAt(cancelledAt, timeZone)}`,
    dayOf: (instant) => serviceDayAt(instant, timeZone),
  });
}

export async function salesByDay(
  db: Executor,
  venueId: number,
  timeZone: string,
  from: string,
  to: string,
): Promise<SalesDay[]> {
  const paid = await queryRows<{ day: string; method: string; total: string }>(
    db,
    sql`select d.day::text as day, d.method, sum(d.amount_cents) as total
        from (${takenIn('payments', 'x.method, x.amount_cents', venueId, timeZone, from, to)}) d group by d.day, d.method`,
  );
  const tipped = await queryRows<{ day: string; total: string }>(
    db,
    sql`select d.day::text as day, sum(d.amount_cents) as total
        from (${takenIn('tips', 'x.amount_cents', venueId, timeZone, from, to)}) d group by d.day`,
  );
  const invoiced = await queryRows<{
    day: string;
    total: string;
    base: string;
    vat: string;
    discount: string;
    tickets: string;
    covers: string;
  }>(
    db,
    sql`select b.day::text as day, sum(b.total_cents * b.sign) as total, sum(b.base_cents * b.sign) as base,
          sum(b.vat_cents * b.sign) as vat, sum(b.discount_cents * b.sign) as discount,
          coalesce(sum(b.sign) filter (where ${saleDocument('b')}), 0) as tickets,
          coalesce(sum(r.pax * b.sign) filter (where ${carriesCovers('b')}), 0) as covers
        from (${invoicesIn(venueId, timeZone, from, to)}) b
          join reservations r on r.venue_id = b.venue_id and r.id = b.reservation_id
        group by 1`,
  );
  const days = new Map<string, SalesDay>();
  const dayOf = (date: string): SalesDay => days.get(date) ?? emptySalesDay(date);
  for (const row of paid) {
    const current = dayOf(row.day);
    const key = row.method === 'cash' ? 'cashCents' : row.method === 'card' ? 'cardCents' : 'otherCents';
    days.set(row.day, {
      ...current,
      [key]: current[key] + money(row.total),
      collectedCents: current.collectedCents + money(row.total),
    });
  }
  for (const row of tipped) days.set(row.day, { ...dayOf(row.day), tipsCents: money(row.total) });
  for (const row of invoiced)
    days.set(row.day, {
      ...dayOf(row.day),
      salesCents: money(row.total),
      baseCents: money(row.base),
      vatCents: money(row.vat),
      discountCents: money(row.discount),
      tickets: money(row.tickets),
      covers: money(row.covers),
    });
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
