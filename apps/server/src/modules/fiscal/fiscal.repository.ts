import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { firstRow, queryRows } from '../../db/rows.ts';
import { fiscalChains, fiscalRecords, fiscalSettings } from '../../db/schema/index.ts';

/**
 * The fiscal module's SQL (decision 032): settings, chain heads and the append-only records. Every query
 * is scoped by venue.
 */

export type FiscalRecordRow = typeof fiscalRecords.$inferSelect;
export type NewFiscalRecord = typeof fiscalRecords.$inferInsert;
export type FiscalSettingsRow = typeof fiscalSettings.$inferSelect;

/** A venue's fiscal settings, or undefined when it never changed the defaults. */
export async function findFiscalSettings(
  db: Executor,
  venueId: number,
): Promise<FiscalSettingsRow | undefined> {
  const [row] = await db.select().from(fiscalSettings).where(eq(fiscalSettings.venueId, venueId));
  return row;
}

export interface ChainHead {
  readonly lastSeq: number;
  readonly lastHuella: string;
  readonly lastGeneratedAt: Date | null;
}

/**
 * Takes the chain's row lock (creating the head on the first record) and returns its last link: a second
 * issuer of the same chain waits here until the first commits or rolls back (FIS-02).
 */
export async function lockChain(
  db: Executor,
  venueId: number,
  issuerNif: string,
  installationNumber: string,
): Promise<ChainHead> {
  const [row] = await queryRows<{
    last_seq: number;
    last_huella: string;
    last_generated_at: string | Date | null;
  }>(
    db,
    sql`insert into fiscal_chains (venue_id, issuer_nif, installation_number)
      values (${venueId}, ${issuerNif}, ${installationNumber})
      on conflict (venue_id, issuer_nif, installation_number)
        do update set last_seq = fiscal_chains.last_seq
      returning last_seq, last_huella, last_generated_at`,
  );
  if (!row) throw new Error('fiscal chain head missing');
  return {
    lastSeq: Number(row.last_seq),
    lastHuella: row.last_huella,
    lastGeneratedAt: row.last_generated_at === null ? null : new Date(row.last_generated_at),
  };
}

/** Appends a record and moves its chain head to it, in the caller's transaction. */
export async function appendRecord(db: Executor, record: NewFiscalRecord): Promise<FiscalRecordRow> {
  const [row] = await db.insert(fiscalRecords).values(record).returning();
  if (!row) throw new Error('fiscal record not written');
  await db
    .update(fiscalChains)
    .set({ lastSeq: record.seq, lastHuella: record.huella, lastGeneratedAt: record.generatedAt })
    .where(
      and(
        eq(fiscalChains.venueId, record.venueId),
        eq(fiscalChains.issuerNif, record.issuerNif),
        eq(fiscalChains.installationNumber, record.installationNumber),
      ),
    );
  return row;
}

/** The record a bill got (`alta`) or its cancellation (the first one, not a correction after a rejection). */
export async function recordOfBill(
  db: Executor,
  venueId: number,
  billId: number,
  kind: 'alta' | 'anulacion',
): Promise<FiscalRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalRecords)
    .where(
      and(
        eq(fiscalRecords.venueId, venueId),
        eq(fiscalRecords.billId, billId),
        eq(fiscalRecords.kind, kind),
        isNull(fiscalRecords.correctsRecordId),
      ),
    );
  return row;
}

/** The records of some bills (both kinds), for their fiscal state on the TPV. */
export async function recordsOfBills(
  db: Executor,
  venueId: number,
  billIds: readonly number[],
): Promise<FiscalRecordRow[]> {
  if (billIds.length === 0) return [];
  return db
    .select()
    .from(fiscalRecords)
    .where(and(eq(fiscalRecords.venueId, venueId), inArray(fiscalRecords.billId, [...billIds])));
}

/** A venue's records generated in [from, to), in chain order (chain, then position). */
export async function recordsBetween(db: Executor, venueId: number, from: Date, to: Date) {
  return db
    .select()
    .from(fiscalRecords)
    .where(
      and(
        eq(fiscalRecords.venueId, venueId),
        gte(fiscalRecords.generatedAt, from),
        lt(fiscalRecords.generatedAt, to),
      ),
    )
    .orderBy(asc(fiscalRecords.issuerNif), asc(fiscalRecords.installationNumber), asc(fiscalRecords.seq));
}

/** One whole chain of a venue, in order. */
export async function chainRecords(
  db: Executor,
  venueId: number,
  issuerNif: string,
  installationNumber: string,
) {
  return db
    .select()
    .from(fiscalRecords)
    .where(
      and(
        eq(fiscalRecords.venueId, venueId),
        eq(fiscalRecords.issuerNif, issuerNif),
        eq(fiscalRecords.installationNumber, installationNumber),
      ),
    )
    .orderBy(asc(fiscalRecords.seq));
}

/** The record at one position of a chain. */
export async function recordAt(
  db: Executor,
  venueId: number,
  issuerNif: string,
  installationNumber: string,
  seq: number,
): Promise<FiscalRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalRecords)
    .where(
      and(
        eq(fiscalRecords.venueId, venueId),
        eq(fiscalRecords.issuerNif, issuerNif),
        eq(fiscalRecords.installationNumber, installationNumber),
        eq(fiscalRecords.seq, seq),
      ),
    );
  return row;
}

/** The chains (issuer NIF + installation) a venue has recorded in. */
export async function chainsOfVenue(db: Executor, venueId: number) {
  return db
    .select()
    .from(fiscalChains)
    .where(eq(fiscalChains.venueId, venueId))
    .orderBy(asc(fiscalChains.issuerNif), asc(fiscalChains.installationNumber));
}

/** One record of a venue by id. */
export async function recordById(
  db: Executor,
  venueId: number,
  id: number,
): Promise<FiscalRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalRecords)
    .where(and(eq(fiscalRecords.venueId, venueId), eq(fiscalRecords.id, id)));
  return row;
}

/** Creates or replaces a venue's fiscal settings; returns the row as stored. */
export async function upsertFiscalSettings(
  db: Executor,
  venueId: number,
  values: Pick<FiscalSettingsRow, 'enabled' | 'installationNumber' | 'environment'>,
): Promise<FiscalSettingsRow> {
  const rows = await db
    .insert(fiscalSettings)
    .values({ venueId, ...values })
    .onConflictDoUpdate({ target: fiscalSettings.venueId, set: values })
    .returning();
  return firstRow(rows, 'fiscal settings upsert');
}
