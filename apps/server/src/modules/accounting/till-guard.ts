import { expectedCashCents, type Locale } from '@sobremesa/domain';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { moneyText } from '../../i18n/money-text.ts';
import type { Venue } from '../venues/venues.service.ts';
import { findOpenShift, findShift, shiftSums, venueUsesTill } from './accounting.repository.ts';

/**
 * The till's hold on billing (issue 24, decision 033): a payment or tip lands in the open shift, and a
 * closed till takes none until the next shift opens. Called inside the payment's transaction.
 */

const tillRefusal = (key: 'till_closed' | 'till_shift_closed') => new AppError(409, 'CONFLICT', key);

/**
 * The shift a payment lands in, holding it `FOR SHARE` until the payment commits: a close takes the row
 * `FOR UPDATE`, so it waits for payments already in flight (and sums them) and payments after it wait
 * for the close and find the shift closed. A venue that never opened its till takes payments without a
 * shift (null), as before the till cycle existed.
 */
export async function shiftForPayment(tx: Transaction, venueId: number): Promise<number | null> {
  const open =
    (await findOpenShift(tx, venueId, 'share')) ??
    // A between-shifts close that committed while this statement waited opened the next shift, which
    // that statement could not see; a fresh one does.
    (await findOpenShift(tx, venueId, 'share'));
  if (open) return open.id;
  if (await venueUsesTill(tx, venueId)) throw tillRefusal('till_closed');
  return null;
}

/**
 * A payment already taken may be voided or have its method corrected only while its shift is open: a
 * closed shift's sums are the Z report's and stay as counted (reopen the shift to correct it). `update`
 * is for a change that takes cash out of the drawer: it runs one at a time with withdrawals (077, 079).
 */
async function assertShiftOpen(
  tx: Transaction,
  venueId: number,
  shiftId: number | null,
  lock: 'share' | 'update' = 'share',
) {
  if (shiftId === null) return null;
  const shift = await findShift(tx, venueId, shiftId, lock);
  if (!shift || shift.status !== 'open') throw tillRefusal('till_shift_closed');
  return shift;
}

/**
 * The open shift a payment nobody at the till took (a card payment online) joins, or null: such a
 * payment never waits for the till, the acquirer settles it and no drawer counts it.
 */
export async function openShiftIfAny(tx: Transaction, venueId: number): Promise<number | null> {
  return (await findOpenShift(tx, venueId, 'share'))?.id ?? null;
}

/**
 * A payment voided, or corrected away from cash, gives `cashBackCents` back out of the drawer of its shift
 * (which must be open). Like a withdrawal (decision 077) it cannot give back cash the drawer does not hold:
 * after a withdrawal to the safe, voiding the cash payment would leave the expected cash below zero. It is
 * refused, saying how much the drawer holds (not on a blind count), so the manager first puts the cash back
 * (a cash in) and then voids. The shift is taken `FOR UPDATE`, so such voids and withdrawals run one at a
 * time, each summing what the one before committed.
 */
export async function assertShiftCanPayBack(
  tx: Transaction,
  venue: Venue,
  shiftId: number | null,
  cashBackCents: number,
  locale: Locale,
): Promise<void> {
  const shift = await assertShiftOpen(tx, venue.id, shiftId, cashBackCents > 0 ? 'update' : 'share');
  if (!shift || cashBackCents <= 0) return;
  const held = expectedCashCents({
    floatCents: shift.floatCents,
    ...(await shiftSums(tx, venue.id, shift.id)),
  });
  if (cashBackCents <= held) return;
  const refund = moneyText(cashBackCents, venue.currency, locale);
  throw venue.settings.blindCashCount === true
    ? new AppError(409, 'CONFLICT', 'payment_void_cash_short_blind', { params: { refund } })
    : new AppError(409, 'CONFLICT', 'payment_void_cash_short', {
        params: { refund, amount: moneyText(Math.max(0, held), venue.currency, locale) },
      });
}
