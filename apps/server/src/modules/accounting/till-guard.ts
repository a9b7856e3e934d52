import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findOpenShift, findShift, venueUsesTill } from './accounting.repository.ts';

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
 * closed shift's sums are the Z report's and stay as counted (reopen the shift to correct it).
 */
export async function assertShiftOpen(tx: Transaction, venueId: number, shiftId: number | null) {
  if (shiftId === null) return;
  const shift = await findShift(tx, venueId, shiftId, true);
  if (!shift || shift.status !== 'open') throw tillRefusal('till_shift_closed');
}

/**
 * The open shift a payment nobody at the till took (a card payment online) joins, or null: such a
 * payment never waits for the till, the acquirer settles it and no drawer counts it.
 */
export async function openShiftIfAny(tx: Transaction, venueId: number): Promise<number | null> {
  return (await findOpenShift(tx, venueId, 'share'))?.id ?? null;
}
