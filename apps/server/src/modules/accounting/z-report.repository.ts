import type { ZSums } from '@sobremesa/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { queryRows } from '../../db/rows.ts';
import { carriesCovers, saleDocument, saleEntries } from './counted-invoices.ts';

/**
 * The Z report's sums (decisions 033, 045), read from the rows the bills are made of: payments and tips of a
 * shift (or taken in a time range), and the invoices issued in that time with their VAT lines (a ticket
 * replaced by a nominative invoice counts once, as the invoice; a correction negative), less those cancelled
 * in that time: a cancellation counts when it is recorded, so a closed Z never changes (decision 079).
 * Every query is scoped by venue.
 */

/**
 * What the report covers: the payments and tips of `shiftIds` (a shift, or the shifts of a service day);
 * with `unshifted`, also those taken outside any shift in [from, to) (a venue that never opened its
 * till). Invoices are those issued in [from, to), and so are the lines written off.
 */
export interface ZScope {
  readonly shiftIds: readonly number[];
  readonly unshifted: boolean;
  readonly from: Date;
  readonly to: Date;
}

const money = (value: unknown) => Number(value ?? 0);

function takenIn(scope: ZScope, table: 'p' | 't'): SQL {
  const alias = sql.raw(table);
  const ids = scope.shiftIds.length > 0 ? scope.shiftIds : [0];
  const ofShifts = sql`${alias}.shift_id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  if (!scope.unshifted) return ofShifts;
  return sql`(${ofShifts} or (${alias}.shift_id is null and ${alias}.created_at >= ${scope.from.toISOString()}
    and ${alias}.created_at < ${scope.to.toISOString()}))`;
}

export async function zSums(db: Executor, venueId: number, scope: ZScope): Promise<ZSums> {
  const paid = await queryRows<{ method: string; live: string; voided_count: string; voided: string }>(
    db,
    sql`select p.method,
          coalesce(sum(p.amount_cents) filter (where p.voided_at is null), 0) as live,
          count(*) filter (where p.voided_at is not null) as voided_count,
          coalesce(sum(p.amount_cents) filter (where p.voided_at is not null), 0) as voided
        from payments p where p.venue_id = ${venueId} and ${takenIn(scope, 'p')} group by p.method`,
  );
  const tipped = await queryRows<{ method: string; total: string }>(
    db,
    sql`select t.method, coalesce(sum(t.amount_cents), 0) as total from tips t
        where t.venue_id = ${venueId} and t.voided_at is null and ${takenIn(scope, 't')} group by t.method`,
  );
  const from = scope.from.toISOString();
  const to = scope.to.toISOString();
  // Invoices issued in the range, and cancellations recorded in it, each with its `sign`.
  const issued = sql`select b.* from bills b
      where b.venue_id = ${venueId} and b.type <> 0 and b.issued_at >= ${from} and b.issued_at < ${to}`;
  const counted = saleEntries({
    venueId,
    start: from,
    end: to,
    sameSpan: (issuedAt, cancelledAt) => sql`(${issuedAt} >= ${from} and ${cancelledAt} < ${to})`,
  });
  const vat = await queryRows<{ rate: number; base: string; vat: string; total: string }>(
    db,
    sql`select l.vat_rate_bp as rate, sum(l.base_cents * c.sign) as base, sum(l.vat_cents * c.sign) as vat,
          sum(l.total_cents * c.sign) as total
        from bill_tax_lines l join (${counted}) c on c.id = l.bill_id
        where l.venue_id = ${venueId} group by l.vat_rate_bp order by l.vat_rate_bp`,
  );
  const [bills] = await queryRows<{
    tickets: string;
    discount: string;
    covers: string;
    vouchers: string;
    corrections: string;
    corrected: string;
  }>(
    db,
    sql`select coalesce(sum(c.sign) filter (where ${saleDocument('c')}), 0) as tickets,
          coalesce(sum(c.discount_cents * c.sign), 0) as discount,
          coalesce(sum(r.pax * c.sign) filter (where ${carriesCovers('c')}), 0) as covers,
          coalesce(sum(c.sign) filter (where c.type = 3), 0) as corrections,
          coalesce(sum(c.total_cents * c.sign) filter (where c.type = 3), 0) as corrected,
          coalesce((select sum(v.amount_cents * c2.sign) from voucher_redemptions v
            join (${counted}) c2 on c2.reservation_id = v.reservation_id and ${carriesCovers('c2')}
            where v.venue_id = ${venueId}), 0) as vouchers
        from (${counted}) c join reservations r on r.venue_id = c.venue_id and r.id = c.reservation_id`,
  );
  // The cancellations recorded in the range, whenever their invoices were issued: the sales are what was
  // issued less these.
  const [cancelled] = await queryRows<{ count: string; cents: string }>(
    db,
    sql`select count(*) as count, coalesce(sum(b.total_cents), 0) as cents from fiscal_records x
          join bills b on b.venue_id = x.venue_id and b.id = x.bill_id
        where x.venue_id = ${venueId} and x.kind = 'anulacion' and x.corrects_record_id is null
          and x.generated_at >= ${from} and x.generated_at < ${to}`,
  );
  const series = await queryRows<{ series: string; first: string; last: string; count: string }>(
    db,
    sql`select i.series, min(i.number) as first, max(i.number) as last, count(*) as count
        from (${issued}) i where i.series is not null group by i.series order by i.series`,
  );
  // A loss is written off once (its line leaves the flow for good); priced as it was when written off.
  const [lost] = await queryRows<{ count: string; cents: string }>(
    db,
    sql`select count(*) as count,
          coalesce(sum((a.after->>'units')::bigint * (a.after->>'priceCents')::bigint), 0) as cents
        from audit_log a where a.venue_id = ${venueId} and a.action = 'product_order.loss'
          and a.created_at >= ${from} and a.created_at < ${to}`,
  );
  const byMethod = (rows: readonly { method: string }[], pick: (row: never) => unknown) => {
    const out = { cash: 0, card: 0, other: 0 };
    for (const row of rows)
      if (row.method in out) out[row.method as keyof typeof out] = money(pick(row as never));
    return out;
  };
  const vouchers = money(bills?.vouchers);
  return {
    paymentsByMethod: byMethod(paid, (row: { live: string }) => row.live),
    tipsByMethod: byMethod(tipped, (row: { total: string }) => row.total),
    voidedPayments: {
      count: paid.reduce((sum, row) => sum + money(row.voided_count), 0),
      cents: paid.reduce((sum, row) => sum + money(row.voided), 0),
    },
    writtenOff: { count: money(lost?.count), cents: money(lost?.cents) },
    vat: vat.map((row) => ({
      vatRateBp: Number(row.rate),
      baseCents: money(row.base),
      vatCents: money(row.vat),
      totalCents: money(row.total),
    })),
    // Bills carry promotions and vouchers together; the report shows them apart.
    discountCents: money(bills?.discount) - vouchers,
    vouchersCents: vouchers,
    series: series.map((row) => ({
      series: row.series,
      first: money(row.first),
      last: money(row.last),
      count: money(row.count),
    })),
    corrections: { count: money(bills?.corrections), cents: money(bills?.corrected) },
    cancelled: { count: money(cancelled?.count), cents: money(cancelled?.cents) },
    tickets: money(bills?.tickets),
    covers: money(bills?.covers),
  };
}
