import type { PaymentInfo, SplitRequest } from '@sobremesa/contracts';
import { splitByItems, splitEqually } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { staffReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { billsOfReservation, insertBill, linesOfBills, voidOpenBills } from './bill-rows.repository.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import {
  refused,
  type Account,
  loadAccount,
  isOpen,
  printedLines,
  billViews,
  paymentInfoOf,
} from './billing-account.ts';

/**
 * Reading what an account owes: payment-info, and the guest's bill with its splits (bill-payment-info).
 */

/** payment-info: what an account owes now. */
export async function paymentInfo(ctx: AppContext, venue: Venue, ref: number | string): Promise<PaymentInfo> {
  const row = await staffReservation(ctx.db, venue, ref);
  return paymentInfoOf(ctx.db, venue, await loadAccount(ctx.db, venue, row));
}

/** The parts of a split of what is still owed (decision 012). */
function splitParts(account: Account, split: SplitRequest) {
  const pending = account.pendingCents;
  if (split.mode === 'equal') {
    return splitEqually(pending, split.parts).map((amountCents, part) => ({
      part,
      amountCents,
      productOrderIds: [] as number[],
    }));
  }
  const unpaid = account.lines.filter((line) => line.paidAt === null);
  const partOf = new Map<number, number>();
  for (const assignment of split.assignments) {
    const line = unpaid.find((candidate) => candidate.id === assignment.productOrderId);
    if (!line || assignment.part >= split.parts || partOf.has(line.id))
      throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
        fields: [
          {
            path: 'split.assignments',
            message: `Line ${assignment.productOrderId} cannot go to part ${assignment.part}`,
          },
        ],
      });
    partOf.set(line.id, assignment.part);
  }
  // Lines given no part form a hidden last part, so the named parts are their share of what is owed.
  const rest = split.parts;
  const amounts = splitByItems(
    unpaid.map((line) => line.units * line.priceCents),
    unpaid.map((line) => partOf.get(line.id) ?? rest),
    split.parts + 1,
    pending,
  );
  return Array.from({ length: split.parts }, (_, part) => ({
    part,
    amountCents: amounts[part] ?? 0,
    productOrderIds: unpaid.filter((line) => partOf.get(line.id) === part).map((line) => line.id),
  }));
}

/**
 * bill-payment-info: the bill the guest checks (type 0), made now or kept when the account has not
 * changed since, with what is owed and the parts of a split when asked.
 */
export async function billPaymentInfo(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; split?: SplitRequest },
) {
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    const account = await loadAccount(tx, venue, row);
    if (!isOpen(row)) {
      // A closed account shows the invoice it was paid with; there is nothing left to split.
      const issued = (await billsOfReservation(tx, venue.id, row.id))
        .filter((bill) => bill.type !== 0)
        .at(-1);
      if (!issued) throw refused(409, 'account_not_open');
      const [view] = await billViews(tx, venue, [issued]);
      if (!view) throw new Error('bill view missing');
      return { bill: view, paymentInfo: await paymentInfoOf(tx, venue, account), split: null };
    }
    const lines = printedLines(account.lines);
    const open = (await billsOfReservation(tx, venue.id, row.id)).filter((bill) => bill.type === 0);
    const current = open.at(-1);
    const existingLines = current ? await linesOfBills(tx, venue.id, [current.id]) : [];
    const unchanged =
      current !== undefined &&
      current.totalCents === account.totals.totalCents &&
      current.discountCents === account.totals.discountCents &&
      existingLines.length === lines.length &&
      existingLines.every((line, index) => line.productOrderId === lines[index]?.productOrderId);
    let bill = current;
    if (!unchanged || !bill) {
      const now = ctx.clock.now();
      await voidOpenBills(tx, venue.id, row.id, now);
      bill = await insertBill(
        tx,
        {
          venueId: venue.id,
          reservationId: row.id,
          type: 0,
          baseCents: account.totals.baseCents,
          vatCents: account.totals.vatCents,
          totalCents: account.totals.totalCents,
          discountCents: account.totals.discountCents,
          createdByUserId: caller.principal.userId,
        },
        lines.map((line, index) => ({ ...line, sortOrder: index })),
        account.totals.taxLines.map((line) => ({ ...line })),
      );
    }
    const [view] = await billViews(tx, venue, [bill]);
    if (!view) throw new Error('bill view missing');
    return {
      bill: view,
      paymentInfo: await paymentInfoOf(tx, venue, account),
      split: input.split ? { mode: input.split.mode, parts: splitParts(account, input.split) } : null,
    };
  });
}
