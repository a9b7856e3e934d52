import type { PaymentInfo } from '@sobremesa/contracts';
import { discountCents, type Discount } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { staffReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { discountsOf, totalsOf } from './account-totals.ts';
import {
  deletePromotion,
  findPromotion,
  insertPromotion,
  insertRedemption,
  lockVoucherByCode,
  redemptionCount,
} from './discount-rows.repository.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import { refused, type Account, loadAccount, isOpen, paymentInfoOf, announce } from './billing-account.ts';

/**
 * Discounts on an account: vouchers and promotions.
 */

/** Refuses a discount that would bring what is owed below what was already paid. */
function assertDiscountFits(account: Account, discounts: readonly Discount[]) {
  const totals = totalsOf(account.lines, discounts);
  if (totals.totalCents < account.paidCents) throw refused(409, 'discount_below_paid');
}

/** voucher-set: a voucher of the venue redeemed on an open account (once per account; up to its uses). */
export async function setVoucher(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; code: string },
) {
  const row = await staffReservation(tx, venue, input.ref, { lock: true });
  if (!isOpen(row)) throw refused(409, 'account_not_open');
  const account = await loadAccount(tx, venue, row);
  const voucher = await lockVoucherByCode(tx, venue.id, input.code);
  const now = ctx.clock.now();
  const valid =
    voucher !== undefined &&
    voucher.disabledAt === null &&
    (voucher.validFrom === null || voucher.validFrom <= now) &&
    (voucher.validUntil === null || voucher.validUntil > now) &&
    !account.redemptions.some((redemption) => redemption.voucherId === voucher.id) &&
    (voucher.maxRedemptions === null ||
      (await redemptionCount(tx, venue.id, voucher.id)) < voucher.maxRedemptions);
  if (!valid || !voucher) throw refused(409, 'voucher_not_valid');
  const discount: Discount =
    voucher.kind === 'percent'
      ? { kind: 'percent', percentBp: voucher.percentBp ?? 0 }
      : { kind: 'amount', amountCents: voucher.amountCents ?? 0 };
  // What it takes off is fixed now, on what is still owed, so later lines do not change it.
  const amount = Math.min(discountCents(account.totals.grossCents, [discount]), account.pendingCents);
  if (amount <= 0) throw refused(409, 'voucher_not_valid');
  const redemption = await insertRedemption(tx, {
    venueId: venue.id,
    voucherId: voucher.id,
    reservationId: row.id,
    amountCents: amount,
    createdByUserId: caller.principal.userId,
  });
  await appendAudit(tx, venue.id, caller, 'voucher.redeem', 'voucher', voucher.id, null, {
    reservationId: row.id,
    amountCents: amount,
  });
  const after = await loadAccount(tx, venue, row);
  await announce(tx, venue, 'reservation.discount', after, caller, { voucherId: voucher.id });
  return {
    voucherSet: { id: redemption.id, code: voucher.code, amountCents: amount },
    paymentInfo: await paymentInfoOf(tx, venue, after),
  };
}

/** reservation-promotions/assign-to-reservation: a percentage off an open account, once per percentage. Audited. */
export async function assignPromotion(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; percent: number; description?: string },
) {
  const row = await staffReservation(tx, venue, input.ref, { lock: true });
  if (!isOpen(row)) throw refused(409, 'account_not_open');
  const account = await loadAccount(tx, venue, row);
  const percentBp = Math.round(input.percent * 100);
  // The same percentage twice on one account is a double tap, never a decision (issue 17: three taps on
  // 40 % took a 120.00 EUR bill to 0.00); a bigger discount is one promotion of the bigger percentage.
  if (account.promotions.some((promotion) => promotion.percentBp === percentBp))
    throw refused(409, 'promotion_already_applied');
  assertDiscountFits(account, [...discountsOf(account), { kind: 'percent', percentBp }]);
  const promotion = await insertPromotion(tx, {
    venueId: venue.id,
    reservationId: row.id,
    kind: 'percent',
    percentBp,
    description: input.description ?? '',
    createdByUserId: caller.principal.userId,
  });
  await appendAudit(tx, venue.id, caller, 'promotion.assign', 'reservation_promotion', promotion.id, null, {
    reservationId: row.id,
    percentBp,
  });
  const after = await loadAccount(tx, venue, row);
  await announce(tx, venue, 'reservation.discount', after, caller, { promotionId: promotion.id });
  return {
    promotion: {
      id: promotion.id,
      kind: 'percent' as const,
      amountCents: null,
      percentBp,
      description: promotion.description,
    },
    paymentInfo: await paymentInfoOf(tx, venue, after),
  };
}

/** reservation-promotions/delete: takes a promotion off an open account. Audited. */
export async function removePromotion(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  promotionId: number,
): Promise<PaymentInfo> {
  const found = await findPromotion(tx, venue.id, promotionId);
  if (!found) throw notFound();
  const row = await staffReservation(tx, venue, found.reservationId, { lock: true });
  if (!isOpen(row)) throw refused(409, 'account_not_open');
  await deletePromotion(tx, venue.id, promotionId);
  await appendAudit(
    tx,
    venue.id,
    caller,
    'promotion.delete',
    'reservation_promotion',
    promotionId,
    {
      reservationId: row.id,
      percentBp: found.percentBp,
      amountCents: found.amountCents,
    },
    null,
  );
  const after = await loadAccount(tx, venue, row);
  await announce(tx, venue, 'reservation.discount', after, caller, { promotionId });
  return paymentInfoOf(tx, venue, after);
}
