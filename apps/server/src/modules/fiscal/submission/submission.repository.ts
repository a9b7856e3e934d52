import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { queryRows } from '../../../db/rows.ts';
import { fiscalBatches, fiscalRecords, fiscalSenders, fiscalSubmissions } from '../../../db/schema/index.ts';
import type { FiscalRecordRow } from '../fiscal.repository.ts';

/** The SQL of the submission queue (decision 056). Every query names the venue. */

export type FiscalBatchRow = typeof fiscalBatches.$inferSelect;
export type SubmissionRow = typeof fiscalSubmissions.$inferSelect;

/** The issuers with something to send: records no batch has claimed, or a batch still in flight. */
export async function issuersWithWork(db: Executor): Promise<{ venueId: number; issuerNif: string }[]> {
  const rows = await queryRows<{ venue_id: number; issuer_nif: string }>(
    db,
    sql`select distinct r.venue_id, r.issuer_nif
      from fiscal_records r
      join fiscal_certificates c on c.venue_id = r.venue_id
      where r.issuer_nif <> ''
        and not exists (select 1 from fiscal_submissions s where s.record_id = r.id)
      union
      select b.venue_id, b.issuer_nif from fiscal_batches b
      join fiscal_certificates c on c.venue_id = b.venue_id
      where b.state = 'in_flight'`,
  );
  return rows.map((row) => ({ venueId: Number(row.venue_id), issuerNif: row.issuer_nif }));
}

/** Takes the issuer's sender row lock for the transaction and returns when it may send next. */
export async function lockSender(db: Executor, venueId: number, issuerNif: string): Promise<Date | null> {
  const [row] = await queryRows<{ next_send_at: string | Date | null }>(
    db,
    sql`insert into fiscal_senders (venue_id, issuer_nif) values (${venueId}, ${issuerNif})
      on conflict (venue_id, issuer_nif) do update set next_send_at = fiscal_senders.next_send_at
      returning next_send_at`,
  );
  return row?.next_send_at ? new Date(row.next_send_at) : null;
}

export async function setNextSendAt(db: Executor, venueId: number, issuerNif: string, at: Date) {
  await db
    .update(fiscalSenders)
    .set({ nextSendAt: at })
    .where(and(eq(fiscalSenders.venueId, venueId), eq(fiscalSenders.issuerNif, issuerNif)));
}

/** The issuer's oldest batch still in flight (sent, no reply stored), if any. */
export async function openBatch(db: Executor, venueId: number, issuerNif: string) {
  const [row] = await db
    .select()
    .from(fiscalBatches)
    .where(
      and(
        eq(fiscalBatches.venueId, venueId),
        eq(fiscalBatches.issuerNif, issuerNif),
        eq(fiscalBatches.state, 'in_flight'),
      ),
    )
    .orderBy(asc(fiscalBatches.id))
    .limit(1);
  return row;
}

/**
 * Up to `limit` records of the issuer that no batch has claimed, all of the chain (installation) of the
 * oldest one, in chain order.
 */
export async function pendingRecords(
  db: Executor,
  venueId: number,
  issuerNif: string,
  limit: number,
): Promise<FiscalRecordRow[]> {
  const [first] = await queryRows<{ installation_number: string }>(
    db,
    sql`select r.installation_number from fiscal_records r
      where r.venue_id = ${venueId} and r.issuer_nif = ${issuerNif}
        and not exists (select 1 from fiscal_submissions s where s.record_id = r.id)
      order by r.id limit 1`,
  );
  if (!first) return [];
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select r.id from fiscal_records r
      where r.venue_id = ${venueId} and r.issuer_nif = ${issuerNif}
        and r.installation_number = ${first.installation_number}
        and not exists (select 1 from fiscal_submissions s where s.record_id = r.id)
      order by r.seq limit ${limit}`,
  );
  if (ids.length === 0) return [];
  return db
    .select()
    .from(fiscalRecords)
    .where(
      and(
        eq(fiscalRecords.venueId, venueId),
        inArray(
          fiscalRecords.id,
          ids.map((row) => Number(row.id)),
        ),
      ),
    )
    .orderBy(asc(fiscalRecords.seq));
}

/** The records a batch carries, in chain order. */
export async function recordsOfBatch(db: Executor, venueId: number, batchId: number) {
  return db
    .select({ record: fiscalRecords })
    .from(fiscalSubmissions)
    .innerJoin(fiscalRecords, eq(fiscalRecords.id, fiscalSubmissions.recordId))
    .where(and(eq(fiscalSubmissions.venueId, venueId), eq(fiscalSubmissions.batchId, batchId)))
    .orderBy(asc(fiscalRecords.seq))
    .then((rows) => rows.map((row) => row.record));
}

/** The submission state of each of these records (records without a row are pending). */
export async function submissionsOf(db: Executor, venueId: number, recordIds: readonly number[]) {
  if (recordIds.length === 0) return new Map<number, SubmissionRow>();
  const rows = await db
    .select()
    .from(fiscalSubmissions)
    .where(and(eq(fiscalSubmissions.venueId, venueId), inArray(fiscalSubmissions.recordId, [...recordIds])));
  return new Map(rows.map((row) => [row.recordId, row]));
}
