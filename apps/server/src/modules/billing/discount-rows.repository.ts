// reservation_promotions and voucher_redemptions: the discounts an account carries.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { firstRow } from '../../db/rows.ts';
import { reservationPromotions, voucherRedemptions, vouchers } from '../../db/schema/index.ts';
import type { PromotionRow } from './billing.repository.ts';

/** The promotions of these accounts, oldest first. */
export function promotionsOf(db: Executor, venueId: number, reservationIds: readonly number[]) {
  return db
    .select()
    .from(reservationPromotions)
    .where(
      and(
        eq(reservationPromotions.venueId, venueId),
        inArray(reservationPromotions.reservationId, [...reservationIds]),
      ),
    )
    .orderBy(asc(reservationPromotions.id));
}

export async function insertPromotion(
  db: Executor,
  values: typeof reservationPromotions.$inferInsert,
): Promise<PromotionRow> {
  return firstRow(await db.insert(reservationPromotions).values(values).returning(), 'insert');
}

export async function findPromotion(db: Executor, venueId: number, id: number) {
  const [row] = await db
    .select()
    .from(reservationPromotions)
    .where(and(eq(reservationPromotions.venueId, venueId), eq(reservationPromotions.id, id)));
  return row;
}

export async function deletePromotion(db: Executor, venueId: number, id: number): Promise<void> {
  await db
    .delete(reservationPromotions)
    .where(and(eq(reservationPromotions.venueId, venueId), eq(reservationPromotions.id, id)));
}

/** A voucher of the venue by code (codes compare case-insensitively), locked for its redemption count. */
export async function lockVoucherByCode(db: Executor, venueId: number, code: string) {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.venueId, venueId), sql`upper(${vouchers.code}) = upper(${code})`))
    .for('update');
  return row;
}

export async function redemptionCount(db: Executor, venueId: number, voucherId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.venueId, venueId), eq(voucherRedemptions.voucherId, voucherId)));
  return Number(row?.value ?? 0);
}

export async function insertRedemption(db: Executor, values: typeof voucherRedemptions.$inferInsert) {
  return firstRow(await db.insert(voucherRedemptions).values(values).returning(), 'insert');
}

/** The vouchers redeemed on these accounts, oldest first. */
export function redemptionsOf(db: Executor, venueId: number, reservationIds: readonly number[]) {
  return db
    .select({
      id: voucherRedemptions.id,
      reservationId: voucherRedemptions.reservationId,
      voucherId: voucherRedemptions.voucherId,
      code: vouchers.code,
      amountCents: voucherRedemptions.amountCents,
    })
    .from(voucherRedemptions)
    .innerJoin(
      vouchers,
      and(eq(vouchers.venueId, voucherRedemptions.venueId), eq(vouchers.id, voucherRedemptions.voucherId)),
    )
    .where(
      and(
        eq(voucherRedemptions.venueId, venueId),
        inArray(voucherRedemptions.reservationId, [...reservationIds]),
      ),
    )
    .orderBy(asc(voucherRedemptions.id));
}
