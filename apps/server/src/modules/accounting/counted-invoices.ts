import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the issued bill `alias` counts in the day's sales (the Z report, the owner's reports): not
 * cancelled in VERI*FACTU, and not replaced by a nominative invoice that stands (one not cancelled
 * itself). A corrective invoice counts, negative (decision 057).
 */
export function countedInvoice(alias: string): SQL {
  const bill = sql.raw(alias);
  return sql`not exists (select 1 from fiscal_records f where f.venue_id = ${bill}.venue_id
        and f.bill_id = ${bill}.id and f.kind = 'anulacion')
      and not exists (select 1 from bills n where n.venue_id = ${bill}.venue_id and n.replaces_bill_id = ${bill}.id
        and n.type <> 0 and not exists (select 1 from fiscal_records nf where nf.venue_id = n.venue_id
          and nf.bill_id = n.id and nf.kind = 'anulacion'))`;
}
