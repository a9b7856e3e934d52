import { cents, type Cents } from '../money.ts';

/** How a guest pays (spec paymentMethod; `other` is the spec's "Otro"). */
export const PAYMENT_METHODS = ['cash', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What is still owed on an account: the total less what was paid, never below zero. */
export function remainingCents(totalCents: number, paidCents: readonly number[]): Cents {
  const paid = paidCents.reduce<number>((sum, amount) => sum + cents(amount), 0);
  return cents(Math.max(0, cents(totalCents) - paid));
}

/** Why a payment is refused. */
export type PaymentRefusal = 'not_positive' | 'exceeds_remaining' | 'nothing_owed' | 'tendered_short';

/**
 * Whether a payment of `amountCents` may be taken on an account owing `remaining` (REL-02: the sum of
 * payments never exceeds what is owed). Cash may be handed over in excess (`tenderedCents`): the change
 * is given back, never kept as a payment.
 */
export function checkPayment(
  remaining: number,
  amountCents: number,
  method: PaymentMethod,
  tenderedCents?: number,
): PaymentRefusal | null {
  if (cents(amountCents) <= 0) return 'not_positive';
  if (cents(remaining) <= 0) return 'nothing_owed';
  if (amountCents > remaining) return 'exceeds_remaining';
  if (method === 'cash' && tenderedCents !== undefined && cents(tenderedCents) < amountCents)
    return 'tendered_short';
  return null;
}

/**
 * The change for a cash payment: what was handed over less what is paid. Without a tendered amount the
 * guest gave the exact amount.
 * @throws RangeError when the cash handed over is less than the amount.
 */
export function changeCents(amountCents: number, tenderedCents?: number): Cents {
  const tendered = tenderedCents === undefined ? cents(amountCents) : cents(tenderedCents);
  if (tendered < amountCents) throw new RangeError('The cash handed over is less than the amount');
  return cents(tendered - amountCents);
}
