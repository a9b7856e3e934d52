import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { accountOfGuest } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { receiptBillOfAccount } from './bill-rows.repository.ts';
import { viewBillPdf } from './invoices.ts';

/** What the account's bill came to once it is paid, for the phone's thank-you state; null before. */
export async function paidBillOfAccount(
  ctx: AppContext,
  venue: Venue,
  reservationId: number,
): Promise<{ totalCents: number } | null> {
  const bill = await receiptBillOfAccount(ctx.db, venue.id, reservationId);
  return bill ? { totalCents: bill.totalCents } : null;
}

/**
 * The paid guest's receipt (issue 18 item 6, decision 038): the PDF of the bill of the account the guest's
 * capability belongs to, and never another account's. Before the bill is paid there is nothing to give
 * (409), so a guest cannot pull a pro-forma the waiter has not yet handed over. A capability that opens no
 * account of this venue is 404, as a document that is not there, without telling a guessed link from a
 * stale one.
 */
export async function guestReceipt(
  ctx: AppContext,
  venue: Venue,
  uid: string,
  origin: string,
): Promise<{ name: string; pdf: Buffer }> {
  const account = await accountOfGuest(ctx, venue, uid).catch((failure: unknown) => {
    throw failure instanceof AppError && failure.status === 401 ? notFound() : failure;
  });
  const bill = await receiptBillOfAccount(ctx.db, venue.id, account.id);
  if (!bill) throw new AppError(409, 'CONFLICT', 'receipt_not_paid');
  return viewBillPdf(ctx, venue, bill.id, origin);
}
