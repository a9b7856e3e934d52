// payments and tips: what an account was paid, by whom, and the tips left with it.
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { firstRow } from '../../db/rows.ts';
import { payments, tips } from '../../db/schema/index.ts';
import type { PaymentRow, TipRow } from './billing.repository.ts';

/** A payment of the venue, voided or not. */
export async function findPayment(
  db: Executor,
  venueId: number,
  id: number,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.venueId, venueId), eq(payments.id, id)));
  return row;
}

/** Voids a payment and the tip given with it (kept, left out of every sum). */
export async function voidPaymentRow(db: Executor, venueId: number, id: number, at: Date): Promise<void> {
  await db
    .update(payments)
    .set({ voidedAt: at })
    .where(and(eq(payments.venueId, venueId), eq(payments.id, id)));
  await db
    .update(tips)
    .set({ voidedAt: at })
    .where(and(eq(tips.venueId, venueId), eq(tips.paymentId, id), isNull(tips.voidedAt)));
}

/** The cash a payment put in the drawer and would give back if voided: its cash less change, and its cash tip. */
export async function cashInDrawerOf(db: Executor, venueId: number, payment: PaymentRow): Promise<number> {
  const [tipped] = await db
    .select({
      cash: sql<string>`coalesce(sum(${tips.amountCents}) filter (where ${tips.method} = 'cash'), 0)`,
    })
    .from(tips)
    .where(and(eq(tips.venueId, venueId), eq(tips.paymentId, payment.id), isNull(tips.voidedAt)));
  return cashOfPayment(payment) + Number(tipped?.cash ?? 0);
}

/** The cash a payment alone left in the drawer: what was tendered less the change (none unless cash). */
export function cashOfPayment(payment: PaymentRow): number {
  return payment.method === 'cash' ? (payment.tenderedCents ?? 0) - (payment.changeCents ?? 0) : 0;
}

export function paymentsOf(db: Executor, venueId: number, reservationId: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.venueId, venueId),
        eq(payments.reservationId, reservationId),
        isNull(payments.voidedAt),
      ),
    )
    .orderBy(asc(payments.id));
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  return firstRow(await db.insert(payments).values(values).returning(), 'insert');
}

export async function updatePayment(
  db: Executor,
  venueId: number,
  id: number,
  changes: Partial<typeof payments.$inferInsert>,
): Promise<void> {
  await db
    .update(payments)
    .set(changes)
    .where(and(eq(payments.venueId, venueId), eq(payments.id, id)));
}

export function tipsOf(db: Executor, venueId: number, reservationId: number) {
  return db
    .select()
    .from(tips)
    .where(and(eq(tips.venueId, venueId), eq(tips.reservationId, reservationId), isNull(tips.voidedAt)))
    .orderBy(asc(tips.id));
}

export async function insertTip(db: Executor, values: typeof tips.$inferInsert): Promise<TipRow> {
  return firstRow(await db.insert(tips).values(values).returning(), 'insert');
}

/**
 * Hands the account's loose payments and tips, and those of its cancelled invoices, to the bill just issued
 * (voided ones stay loose).
 */
export async function attachToBill(
  db: Executor,
  venueId: number,
  reservationId: number,
  billId: number,
  cancelledBillIds: readonly number[] = [],
): Promise<void> {
  // What settled a cancelled invoice settles the one issued again in its place (decision 057).
  const unsettled = (table: typeof payments | typeof tips) =>
    cancelledBillIds.length === 0
      ? isNull(table.billId)
      : or(isNull(table.billId), inArray(table.billId, [...cancelledBillIds]));
  const loose = (table: typeof payments | typeof tips) =>
    and(
      eq(table.venueId, venueId),
      eq(table.reservationId, reservationId),
      unsettled(table),
      isNull(table.voidedAt),
    );
  await db.update(payments).set({ billId }).where(loose(payments));
  await db.update(tips).set({ billId }).where(loose(tips));
}

/** What the accounts' payments that stand (not voided) add up to, by account. */
export async function paidOfAccounts(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<Map<number, number>> {
  if (reservationIds.length === 0) return new Map();
  const rows = await db
    .select({
      reservationId: payments.reservationId,
      paid: sql<string>`coalesce(sum(${payments.amountCents}), 0)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.venueId, venueId),
        inArray(payments.reservationId, [...reservationIds]),
        isNull(payments.voidedAt),
      ),
    )
    .groupBy(payments.reservationId);
  return new Map(rows.map((row) => [row.reservationId, Number(row.paid)]));
}
