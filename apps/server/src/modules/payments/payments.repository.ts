import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { firstRow } from '../../db/rows.ts';
import { onlinePayments, paymentSettings } from '../../db/schema/index.ts';

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
export type OnlinePaymentRow = typeof onlinePayments.$inferSelect;

export async function readPaymentSettings(
  db: Executor,
  venueId: number,
): Promise<PaymentSettingsRow | undefined> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.venueId, venueId));
  return row;
}

/** The secret of a merchant on the test acquirer (the acquirer's own lookup, as Redsys keeps its merchants'). */
export async function testAcquirerMerchant(db: Executor, merchantCode: string, terminal: string) {
  const [row] = await db
    .select({ secretKey: paymentSettings.secretKey })
    .from(paymentSettings)
    .where(
      and(
        eq(paymentSettings.environment, 'test_acquirer'),
        eq(paymentSettings.merchantCode, merchantCode),
        eq(paymentSettings.terminal, terminal),
      ),
    )
    .limit(1);
  return row;
}

/** Whether any venue takes payments on the test acquirer (the server then starts it on loopback). */
export async function anyVenueOnTestAcquirer(db: Executor): Promise<boolean> {
  const rows = await db
    .select({ venueId: paymentSettings.venueId })
    .from(paymentSettings)
    .where(eq(paymentSettings.environment, 'test_acquirer'))
    .limit(1);
  return rows.length > 0;
}

export async function insertOnlinePayment(
  db: Executor,
  values: typeof onlinePayments.$inferInsert,
): Promise<OnlinePaymentRow> {
  return firstRow(await db.insert(onlinePayments).values(values).returning(), 'insert');
}

/** A payment by its acquirer reference, locked: two notifications of one payment settle it once. */
export async function lockOnlinePaymentByRef(db: Executor, venueId: number, orderRef: string) {
  const [row] = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.venueId, venueId), eq(onlinePayments.orderRef, orderRef)))
    .for('update');
  return row;
}

export async function lockOnlinePaymentOfOrder(db: Executor, venueId: number, takeawayOrderId: number) {
  const [row] = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.venueId, venueId), eq(onlinePayments.takeawayOrderId, takeawayOrderId)))
    .for('update');
  return row;
}

export async function onlinePaymentOfOrder(db: Executor, venueId: number, takeawayOrderId: number) {
  const [row] = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.venueId, venueId), eq(onlinePayments.takeawayOrderId, takeawayOrderId)));
  return row;
}

export async function updateOnlinePayment(
  db: Executor,
  venueId: number,
  id: number,
  values: Partial<Pick<OnlinePaymentRow, 'status' | 'authCode' | 'paymentId' | 'settledAt' | 'refundedAt'>>,
): Promise<OnlinePaymentRow> {
  const rows = await db
    .update(onlinePayments)
    .set(values)
    .where(and(eq(onlinePayments.venueId, venueId), eq(onlinePayments.id, id)))
    .returning();
  return firstRow(rows, 'update');
}

/** Pending payments of a venue whose hold ran out, locked and skipping those a notification is settling. */
export async function lockExpiredPayments(db: Executor, venueId: number, now: Date) {
  return db
    .select()
    .from(onlinePayments)
    .where(
      and(
        eq(onlinePayments.venueId, venueId),
        eq(onlinePayments.status, 'pending'),
        lt(onlinePayments.expiresAt, now),
      ),
    )
    .for('update', { skipLocked: true });
}
