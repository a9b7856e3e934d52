import { sql, type SQL } from 'drizzle-orm';

/**
 * Which issued bills make a day's sale, for the Z report and the owner's reports alike (decisions 045, 079).
 * `alias` names a row of `bills`; none of these predicates reuses the aliases `e`, `f`, `n`, `nf` or `x`.
 */

/**
 * Whether the bill `alias` is not a ticket a standing (not cancelled) nominative invoice replaced: such a
 * ticket's sale is the invoice's.
 */
function notReplaced(alias: string): SQL {
  const bill = sql.raw(alias);
  return sql`not exists (select 1 from bills n where n.venue_id = ${bill}.venue_id and n.replaces_bill_id = ${bill}.id
        and n.type <> 0 and not exists (select 1 from fiscal_records nf where nf.venue_id = n.venue_id
          and nf.bill_id = n.id and nf.kind = 'anulacion'))`;
}

/**
 * What a span of time sold, as its fiscal records say it (decision 079): the bills issued in it (selected
 * by `issued`, a query over `bills`) that still stood when it ended, each `sign` 1 at its issue time `at`,
 * and the cancellations recorded in it of bills issued before it began, each `sign` −1 at the time it was
 * recorded. A cancellation is dated when it is issued, like its RegistroAnulacion: it never rewrites the
 * span its invoice was sold in (a closed Z, a stored day). `dayOf`, when given, names each row's day.
 *
 * `sameSpan(issuedAt, cancelledAt)` says whether an invoice and its cancellation fall in one span: the
 * Z's time range, or one service day of the owner's reports. Those two cancel out and neither is listed.
 */
export function saleEntries(options: {
  readonly venueId: number;
  /** The instants of the whole range, as ISO strings: [start, end). */
  readonly start: string;
  readonly end: string;
  readonly sameSpan: (issuedAt: SQL, cancelledAt: SQL) => SQL;
  readonly dayOf?: (instant: SQL) => SQL;
}): SQL {
  const { venueId, start, end, sameSpan, dayOf } = options;
  const day = (instant: SQL) => (dayOf ? sql`, ${dayOf(instant)} as day` : sql``);
  return sql`select b.*, 1 as sign, b.issued_at as at${day(sql`b.issued_at`)} from bills b
        where b.venue_id = ${venueId} and b.type <> 0 and b.issued_at >= ${start} and b.issued_at < ${end}
          and ${notReplaced('b')}
          and not exists (select 1 from fiscal_records x where x.venue_id = b.venue_id and x.bill_id = b.id
            and x.kind = 'anulacion' and x.corrects_record_id is null and ${sameSpan(sql`b.issued_at`, sql`x.generated_at`)})
      union all
      select b.*, -1 as sign, x.generated_at as at${day(sql`x.generated_at`)} from fiscal_records x
          join bills b on b.venue_id = x.venue_id and b.id = x.bill_id
        where x.venue_id = ${venueId} and x.kind = 'anulacion' and x.corrects_record_id is null
          and x.generated_at >= ${start} and x.generated_at < ${end} and b.type <> 0
          and ${notReplaced('b')} and not ${sameSpan(sql`b.issued_at`, sql`x.generated_at`)}`;
}

/** Whether the standing bill `alias` is a ticket or an invoice of sale, not a correction of one. */
export function saleDocument(alias: string): SQL {
  return sql`${sql.raw(alias)}.type in (1, 2)`;
}

/** Whether the bill `alias` stood at the instant `at`: not replaced, and not cancelled before then. */
function standingAt(alias: string, at: SQL): SQL {
  const bill = sql.raw(alias);
  return sql`${notReplaced(alias)} and not exists (select 1 from fiscal_records f where f.venue_id = ${bill}.venue_id
        and f.bill_id = ${bill}.id and f.kind = 'anulacion' and f.generated_at < ${at})`;
}

/**
 * Whether the sale entry `alias` (a row of {@link saleEntries}) carries its account's covers: a sale counts
 * them when no earlier sale of the account stood at its issue; its cancellation takes them back unless
 * another sale of the account stands then. Covers are the account's, not its documents': a correction, a
 * split ticket or a ticket issued again after a cancellation never adds them twice, a range is still the sum
 * of its days, and a later cancellation never changes an earlier day's.
 */
export function carriesCovers(alias: string): SQL {
  const entry = sql.raw(alias);
  return sql`${saleDocument(alias)} and not exists (select 1 from bills e where e.venue_id = ${entry}.venue_id
        and e.reservation_id = ${entry}.reservation_id and ${saleDocument('e')}
        and (e.issued_at, e.id) < (${entry}.issued_at, ${entry}.id) and ${standingAt('e', sql`${entry}.issued_at`)})
      and (${entry}.sign = 1 or not exists (select 1 from bills e where e.venue_id = ${entry}.venue_id
        and e.reservation_id = ${entry}.reservation_id and ${saleDocument('e')} and e.id <> ${entry}.id
        and e.issued_at < ${entry}.at and ${standingAt('e', sql`${entry}.at`)}))`;
}
