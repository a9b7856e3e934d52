import { sql, type SQL } from 'drizzle-orm';

/**
 * Which issued bills make a day's sale, for the Z report and the owner's reports alike (decision 045).
 * `alias` names a row of `bills`; none of these predicates reuses the aliases `e`, `f`, `n` or `nf`.
 */

/**
 * Whether the issued bill `alias` stands, as its VERI*FACTU records say: not cancelled, and not a ticket a
 * standing (not cancelled) nominative invoice replaced. A corrective invoice stands too, negative (057).
 */
export function countedInvoice(alias: string): SQL {
  const bill = sql.raw(alias);
  return sql`not exists (select 1 from fiscal_records f where f.venue_id = ${bill}.venue_id
        and f.bill_id = ${bill}.id and f.kind = 'anulacion')
      and not exists (select 1 from bills n where n.venue_id = ${bill}.venue_id and n.replaces_bill_id = ${bill}.id
        and n.type <> 0 and not exists (select 1 from fiscal_records nf where nf.venue_id = n.venue_id
          and nf.bill_id = n.id and nf.kind = 'anulacion'))`;
}

/** Whether the standing bill `alias` is a ticket or an invoice of sale, not a correction of one. */
export function saleDocument(alias: string): SQL {
  return sql`${sql.raw(alias)}.type in (1, 2)`;
}

/**
 * Whether the standing sale `alias` is its account's first (by issue time): the one its covers count with.
 * Covers are the account's, not its documents': a correction, a split ticket or a ticket issued again after
 * a cancellation never adds them twice, and a range is still the sum of its days.
 */
export function firstSaleOfAccount(alias: string): SQL {
  const bill = sql.raw(alias);
  return sql`${saleDocument(alias)} and not exists (select 1 from bills e where e.venue_id = ${bill}.venue_id
        and e.reservation_id = ${bill}.reservation_id and ${saleDocument('e')}
        and (e.issued_at, e.id) < (${bill}.issued_at, ${bill}.id) and ${countedInvoice('e')})`;
}
