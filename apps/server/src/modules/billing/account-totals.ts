import { billTotals, type BillTotals, type Discount } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { promotionsOf, redemptionsOf } from './discount-rows.repository.ts';
import { type BillableLineRow } from './billing.repository.ts';

/**
 * What an account owes, worked out one way for every screen: the TPV's payment info, the bill and the
 * floor's tiles all take their total from here, so a promotion or a voucher never shows on one and not
 * on the other.
 */

type Promotion = Awaited<ReturnType<typeof promotionsOf>>[number];
type Redemption = Awaited<ReturnType<typeof redemptionsOf>>[number];
type PricedLine = Pick<BillableLineRow, 'units' | 'priceCents' | 'vatRateBp'>;

/** An account's promotions, then its redeemed vouchers, as the discounts the bill applies in that order. */
export function discountsOf(account: {
  readonly promotions: readonly Promotion[];
  readonly redemptions: readonly Redemption[];
}): Discount[] {
  return [
    ...account.promotions.map((promotion): Discount =>
      promotion.kind === 'percent'
        ? { kind: 'percent', percentBp: promotion.percentBp ?? 0 }
        : { kind: 'amount', amountCents: promotion.amountCents ?? 0 },
    ),
    ...account.redemptions.map((redemption): Discount => ({
      kind: 'amount',
      amountCents: redemption.amountCents,
    })),
  ];
}

/** The bill's totals of these lines (those that count: the caller leaves out cancelled ones). */
export function totalsOf(lines: readonly PricedLine[], discounts: readonly Discount[]): BillTotals {
  return billTotals(
    lines.map((line) => ({ units: line.units, unitPriceCents: line.priceCents, vatRateBp: line.vatRateBp })),
    discounts,
  );
}

/**
 * The totals of many accounts in three queries (the floor's day): `lines` are the billable lines of
 * those accounts, each naming its reservation. An account without lines owes nothing.
 */
export async function totalsOfAccounts(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
  lines: readonly (PricedLine & { readonly reservationId: number })[],
): Promise<Map<number, BillTotals>> {
  const promotions = await promotionsOf(db, venueId, reservationIds);
  const redemptions = await redemptionsOf(db, venueId, reservationIds);
  const of = (reservationId: number) => ({
    lines: lines.filter((line) => line.reservationId === reservationId),
    promotions: promotions.filter((promotion) => promotion.reservationId === reservationId),
    redemptions: redemptions.filter((redemption) => redemption.reservationId === reservationId),
  });
  return new Map(
    reservationIds.map((id) => {
      const account = of(id);
      return [id, totalsOf(account.lines, discountsOf(account))];
    }),
  );
}
