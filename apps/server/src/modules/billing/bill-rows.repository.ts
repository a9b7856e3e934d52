// bills, their lines and taxes, invoice numbers and the clients' fiscal details (decisions 012, 057).
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { firstRow, queryRows } from '../../db/rows.ts';
import {
  billClientFiscalInfos,
  billLines,
  bills,
  billTaxLines,
  invoiceSeries,
  payments,
  tips,
} from '../../db/schema/index.ts';
import type {
  TipRow,
  BillRow,
  BillLineRow,
  BillTaxLineRow,
  ClientFiscalInfoRow,
} from './billing.repository.ts';

export function billsOfReservation(db: Executor, venueId: number, reservationId: number) {
  return db
    .select()
    .from(bills)
    .where(and(eq(bills.venueId, venueId), eq(bills.reservationId, reservationId), isNull(bills.voidedAt)))
    .orderBy(asc(bills.id));
}

export async function findBill(db: Executor, venueId: number, id: number): Promise<BillRow | undefined> {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.venueId, venueId), eq(bills.id, id)));
  return row;
}

/**
 * The bill a paid account's guest downloads (decision 038): the account's newest paid, issued invoice that
 * no later invoice replaces — a nominative invoice made from the ticket supersedes the ticket.
 */
export async function receiptBillOfAccount(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<BillRow | undefined> {
  const rows = await db
    .select()
    .from(bills)
    .where(and(eq(bills.venueId, venueId), eq(bills.reservationId, reservationId), isNull(bills.voidedAt)));
  const replaced = new Set(rows.flatMap((row) => (row.replacesBillId === null ? [] : [row.replacesBillId])));
  const paid = new Set(rows.flatMap((row) => (row.paidAt === null ? [] : [row.id])));
  return rows
    .filter((row) => row.rectifiesBillId === null && row.issuedAt !== null && !replaced.has(row.id))
    .filter((row) => paid.has(row.id) || (row.replacesBillId !== null && paid.has(row.replacesBillId)))
    .sort((a, b) => b.id - a.id)[0];
}

/** The invoices that replace `billId` (nominative invoices made from a ticket; one at a time stands). */
export async function replacementsOf(db: Executor, venueId: number, billId: number): Promise<number[]> {
  const rows = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.venueId, venueId), eq(bills.replacesBillId, billId)));
  return rows.map((row) => row.id);
}

/** The corrective invoices issued for `billId`, oldest first. */
export function correctionsOf(db: Executor, venueId: number, billId: number): Promise<BillRow[]> {
  return db
    .select()
    .from(bills)
    .where(and(eq(bills.venueId, venueId), eq(bills.rectifiesBillId, billId)))
    .orderBy(asc(bills.id));
}

/** Issued invoices (types 1-3) issued in [from, to), newest first. */
export function invoicesIssuedBetween(
  db: Executor,
  venueId: number,
  from: Date,
  to: Date,
): Promise<BillRow[]> {
  return db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.venueId, venueId),
        inArray(bills.type, [1, 2, 3]),
        gte(bills.issuedAt, from),
        lt(bills.issuedAt, to),
      ),
    )
    .orderBy(desc(bills.issuedAt), desc(bills.id));
}

/** Issued invoices of a printed number, in the series given (any case) or in any, newest first. */
export function invoicesNumbered(
  db: Executor,
  venueId: number,
  printed: { readonly series: string; readonly number: number },
  limit: number,
): Promise<BillRow[]> {
  return db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.venueId, venueId),
        inArray(bills.type, [1, 2, 3]),
        eq(bills.number, printed.number),
        printed.series ? sql`upper(${bills.series}) = upper(${printed.series})` : undefined,
      ),
    )
    .orderBy(desc(bills.issuedAt), desc(bills.id))
    .limit(limit);
}

/** Issued bills by id. */
export function billsByIds(db: Executor, venueId: number, ids: readonly number[]): Promise<BillRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bills)
    .where(and(eq(bills.venueId, venueId), inArray(bills.id, [...ids])));
}

/** The invoices that correct or replace any of `billIds`, oldest first. */
export function invoicesActingOn(
  db: Executor,
  venueId: number,
  billIds: readonly number[],
): Promise<BillRow[]> {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.venueId, venueId),
        inArray(bills.type, [2, 3]),
        or(inArray(bills.rectifiesBillId, [...billIds]), inArray(bills.replacesBillId, [...billIds])),
      ),
    )
    .orderBy(asc(bills.id));
}

/** The tickets and complete invoices of some accounts, oldest first. */
export function invoicesOfAccounts(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<BillRow[]> {
  if (reservationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.venueId, venueId),
        inArray(bills.reservationId, [...reservationIds]),
        inArray(bills.type, [1, 2]),
      ),
    )
    .orderBy(asc(bills.id));
}

/** A known client of the venue by id. */
export async function clientFiscalInfoById(
  db: Executor,
  venueId: number,
  id: number,
): Promise<ClientFiscalInfoRow | undefined> {
  const [row] = await db
    .select()
    .from(billClientFiscalInfos)
    .where(and(eq(billClientFiscalInfos.venueId, venueId), eq(billClientFiscalInfos.id, id)));
  return row;
}

export function linesOfBills(db: Executor, venueId: number, billIds: readonly number[]) {
  if (billIds.length === 0) return Promise.resolve([] as BillLineRow[]);
  return db
    .select()
    .from(billLines)
    .where(and(eq(billLines.venueId, venueId), inArray(billLines.billId, [...billIds])))
    .orderBy(asc(billLines.billId), asc(billLines.sortOrder), asc(billLines.id));
}

export function taxLinesOfBills(db: Executor, venueId: number, billIds: readonly number[]) {
  if (billIds.length === 0) return Promise.resolve([] as BillTaxLineRow[]);
  return db
    .select()
    .from(billTaxLines)
    .where(and(eq(billTaxLines.venueId, venueId), inArray(billTaxLines.billId, [...billIds])))
    .orderBy(asc(billTaxLines.billId), asc(billTaxLines.vatRateBp));
}

export function tipsOfBills(db: Executor, venueId: number, billIds: readonly number[]) {
  if (billIds.length === 0) return Promise.resolve([] as TipRow[]);
  return db
    .select()
    .from(tips)
    .where(and(eq(tips.venueId, venueId), inArray(tips.billId, [...billIds]), isNull(tips.voidedAt)));
}

export function paymentsOfBill(db: Executor, venueId: number, billId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.venueId, venueId), eq(payments.billId, billId), isNull(payments.voidedAt)))
    .orderBy(asc(payments.id));
}

/** Writes a bill with its lines and VAT breakdown (the issuer or the type-0 bill maker only). */
export async function insertBill(
  db: Executor,
  bill: typeof bills.$inferInsert,
  lines: readonly Omit<typeof billLines.$inferInsert, 'billId' | 'venueId'>[],
  taxLines: readonly Omit<typeof billTaxLines.$inferInsert, 'billId' | 'venueId'>[],
): Promise<BillRow> {
  const row = firstRow(await db.insert(bills).values(bill).returning(), 'insert');
  if (lines.length > 0)
    await db
      .insert(billLines)
      .values(lines.map((line) => ({ ...line, venueId: row.venueId, billId: row.id })));
  if (taxLines.length > 0)
    await db
      .insert(billTaxLines)
      .values(taxLines.map((line) => ({ ...line, venueId: row.venueId, billId: row.id })));
  return row;
}

/** Sets the payment time of a bill (allowed on an issued invoice: it is no fiscal data). */
export async function setBillPaidAt(db: Executor, venueId: number, billId: number, at: Date): Promise<void> {
  await db
    .update(bills)
    .set({ paidAt: at })
    .where(and(eq(bills.venueId, venueId), eq(bills.id, billId)));
}

/** Supersedes the account's open type-0 bills (the guest's bill is redone when the account changes). */
export async function voidOpenBills(db: Executor, venueId: number, reservationId: number, at: Date) {
  await db
    .update(bills)
    .set({ voidedAt: at })
    .where(
      and(
        eq(bills.venueId, venueId),
        eq(bills.reservationId, reservationId),
        eq(bills.type, 0),
        isNull(bills.voidedAt),
      ),
    );
}

/**
 * The next number of an invoice series (REL-07): the series row is created or incremented in the
 * issuing transaction and stays locked until it commits, so concurrent issuers take turns, and a
 * rolled-back issue gives its number back. No gaps, no duplicates.
 */
export async function nextInvoiceNumber(
  db: Executor,
  venueId: number,
  series: string,
  kind: 'simplified' | 'complete' | 'corrective',
): Promise<number> {
  const [row] = await queryRows<{ last_number: string | number }>(
    db,
    sql`insert into invoice_series (venue_id, series, kind, last_number) values (${venueId}, ${series}, ${kind}, 1)
      on conflict (venue_id, series) do update set last_number = invoice_series.last_number + 1
      returning last_number`,
  );
  const number = Number(row?.last_number);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error('invoice series returned no number');
  return number;
}

/** The venue's first series of a kind (the one its invoices of that kind go in), if it has one. */
export async function firstSeriesOfKind(
  db: Executor,
  venueId: number,
  kind: 'simplified' | 'complete' | 'corrective',
) {
  const [row] = await db
    .select({ series: invoiceSeries.series })
    .from(invoiceSeries)
    .where(and(eq(invoiceSeries.venueId, venueId), eq(invoiceSeries.kind, kind)))
    .orderBy(asc(invoiceSeries.createdAt), asc(invoiceSeries.series))
    .limit(1);
  return row?.series;
}

/** Saves a client's fiscal data: updates the venue's record with the same tax id, or adds one. */
export async function upsertClientFiscalInfo(
  db: Executor,
  venueId: number,
  data: Omit<typeof billClientFiscalInfos.$inferInsert, 'venueId' | 'id'>,
): Promise<ClientFiscalInfoRow> {
  const [existing] = await db
    .select()
    .from(billClientFiscalInfos)
    .where(
      and(
        eq(billClientFiscalInfos.venueId, venueId),
        sql`upper(${billClientFiscalInfos.taxId}) = upper(${data.taxId})`,
      ),
    )
    .limit(1)
    .for('update');
  if (existing) {
    const rows = await db
      .update(billClientFiscalInfos)
      .set(data)
      .where(eq(billClientFiscalInfos.id, existing.id))
      .returning();
    return firstRow(rows, 'update');
  }
  const rows = await db
    .insert(billClientFiscalInfos)
    .values({ ...data, venueId })
    .returning();
  return firstRow(rows, 'insert');
}

/** Clients whose name or tax id contains `q` (case-insensitive), by name, one page. */
export async function searchClientFiscalInfos(
  db: Executor,
  venueId: number,
  q: string,
  page: number,
  pageSize: number,
): Promise<{ total: number; items: ClientFiscalInfoRow[] }> {
  const pattern = `%${q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
  const where = and(
    eq(billClientFiscalInfos.venueId, venueId),
    q
      ? or(ilike(billClientFiscalInfos.name, pattern), ilike(billClientFiscalInfos.taxId, pattern))
      : undefined,
  );
  const [counted] = await db.select({ value: count() }).from(billClientFiscalInfos).where(where);
  const items = await db
    .select()
    .from(billClientFiscalInfos)
    .where(where)
    .orderBy(asc(billClientFiscalInfos.name), asc(billClientFiscalInfos.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: Number(counted?.value ?? 0), items };
}

/** The accounts among these whose simplified invoice or invoice is issued (bill types 1 and 2). */
export async function issuedAccounts(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<Set<number>> {
  if (reservationIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ reservationId: bills.reservationId })
    .from(bills)
    .where(
      and(
        eq(bills.venueId, venueId),
        inArray(bills.reservationId, [...reservationIds]),
        inArray(bills.type, [1, 2]),
      ),
    );
  return new Set(rows.map((row) => row.reservationId));
}
