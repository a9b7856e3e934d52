import type { AccountEventTopic, BillView, PaymentInfo, PaymentView } from '@sobremesa/contracts';
import {
  formatInvoiceNumber,
  formatLocalDateTime,
  remainingCents,
  reservationStateOf,
  type BillTotals,
  type PaymentMethod,
} from '@sobremesa/domain';
import type { Executor, Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { fiscalStatesOfBills, type BillFiscalState } from '../fiscal/fiscal.service.ts';
import type { ReservationRow } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { discountsOf, totalsOf } from './account-totals.ts';
import {
  billableLines,
  type BillableLineRow,
  type BillRow,
  type PaymentRow,
  type TipRow,
} from './billing.repository.ts';
import { billsOfReservation, linesOfBills, taxLinesOfBills, tipsOfBills } from './bill-rows.repository.ts';
import { paymentsOf, tipsOf } from './payment-rows.repository.ts';
import { promotionsOf, redemptionsOf } from './discount-rows.repository.ts';
import type { InvoiceLine } from './invoice-issuer.ts';
import type { BillingCaller } from '../../http/route-roles.ts';

/**
 * The account as billing sees it (decision 012): loaded with its lines, payments, tips and discounts; its
 * views for the replies; the events and audit entries every change of it writes.
 */

export const refused = (status: number, key: ConstructorParameters<typeof AppError>[2], extra = {}) =>
  new AppError(status, status === 400 ? 'VALIDATION_FAILED' : 'CONFLICT', key, extra);

export interface Account {
  readonly row: ReservationRow;
  readonly lines: BillableLineRow[];
  readonly promotions: Awaited<ReturnType<typeof promotionsOf>>;
  readonly redemptions: Awaited<ReturnType<typeof redemptionsOf>>;
  readonly payments: PaymentRow[];
  readonly tips: TipRow[];
  readonly totals: BillTotals;
  readonly paidCents: number;
  readonly pendingCents: number;
}

export async function loadAccount(db: Executor, venue: Venue, row: ReservationRow): Promise<Account> {
  const lines = await billableLines(db, venue.id, row.id);
  const promotions = await promotionsOf(db, venue.id, [row.id]);
  const redemptions = await redemptionsOf(db, venue.id, [row.id]);
  const payments = await paymentsOf(db, venue.id, row.id);
  const tips = await tipsOf(db, venue.id, row.id);
  const totals = totalsOf(lines, discountsOf({ promotions, redemptions }));
  const paid = payments.map((payment) => payment.amountCents);
  return {
    row,
    lines,
    promotions,
    redemptions,
    payments,
    tips,
    totals,
    paidCents: paid.reduce((sum, amount) => sum + amount, 0),
    pendingCents: remainingCents(totals.totalCents, paid),
  };
}

/**
 * An account that can still be billed and paid: seated or for payment (spec status 1 seated, 7). A
 * takeaway or delivery order's account (decision 036) is nobody's table to sit at: it is open from the
 * order on, so it is paid online or at the counter (decision 043).
 */
export function isOpen(row: ReservationRow): boolean {
  const state = reservationStateOf(row);
  return state === 'seated' || state === 'for_payment' || (row.kind !== 'dine_in' && state === 'confirmed');
}

/** The lines a bill prints: a menú del día's included dishes at no price ride on the menu's own line. */
export function printedLines(lines: readonly BillableLineRow[]): InvoiceLine[] {
  return lines
    .filter((line) => line.parentId === null || line.priceCents > 0)
    .map((line) => ({
      productOrderId: line.id,
      description: line.productName,
      units: line.units,
      unitPriceCents: line.priceCents,
      vatRateBp: line.vatRateBp,
      totalCents: line.units * line.priceCents,
    }));
}

export function paymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    reservationId: row.reservationId,
    billId: row.billId,
    amountCents: row.amountCents,
    method: row.method as PaymentMethod,
    tenderedCents: row.tenderedCents,
    changeCents: row.changeCents,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    createdDateTime: row.createdAt.toISOString(),
  };
}

export function tipView(row: TipRow) {
  return {
    id: row.id,
    amountCents: row.amountCents,
    method: row.method as PaymentMethod,
    paymentId: row.paymentId,
    billId: row.billId,
  };
}

/** A bill's VERI*FACTU state as the API shows it, its cancellation in the venue's local time. */
function fiscalView(
  state: BillFiscalState | undefined,
  at: (instant: Date | null) => string | null,
): BillView['fiscal'] {
  if (!state) return null;
  return {
    type: state.type,
    submission: state.submission,
    cancelled: state.cancelled,
    cancelledDateTime: at(state.cancelledAt),
    cancellationReason: state.cancellationReason,
  };
}

/** Bills with their lines, VAT breakdown and tips, as the API shows them. */
export async function billViews(db: Executor, venue: Venue, rows: readonly BillRow[]): Promise<BillView[]> {
  const ids = rows.map((row) => row.id);
  const lines = await linesOfBills(db, venue.id, ids);
  const taxLines = await taxLinesOfBills(db, venue.id, ids);
  const tips = await tipsOfBills(db, venue.id, ids);
  const fiscal = await fiscalStatesOfBills(db, venue.id, ids);
  const at = (instant: Date | null) => (instant ? formatLocalDateTime(instant, venue.timeZone) : null);
  return rows.map((row) => ({
    id: row.id,
    reservationId: row.reservationId,
    type: row.type,
    series: row.series,
    number: row.number,
    invoiceNumber: row.series && row.number ? formatInvoiceNumber(row.series, row.number) : null,
    issuedDateTime: at(row.issuedAt),
    paidDateTime: at(row.paidAt),
    baseCents: row.baseCents,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    discountCents: row.discountCents,
    lines: lines
      .filter((line) => line.billId === row.id)
      .map((line) => ({
        id: line.id,
        productOrderId: line.productOrderId,
        description: line.description,
        units: line.units,
        unitPriceCents: line.unitPriceCents,
        vatRateBp: line.vatRateBp,
        totalCents: line.totalCents,
      })),
    taxLines: taxLines
      .filter((line) => line.billId === row.id)
      .map((line) => ({
        vatRateBp: line.vatRateBp,
        baseCents: line.baseCents,
        vatCents: line.vatCents,
        totalCents: line.totalCents,
      })),
    clientFiscalInfo: (row.clientFiscalInfo as Record<string, unknown> | null) ?? null,
    replacesBillId: row.replacesBillId,
    rectifiesBillId: row.rectifiesBillId,
    correctionReason: row.correctionReason,
    tipCents: tips.filter((tip) => tip.billId === row.id).reduce((sum, tip) => sum + tip.amountCents, 0),
    fiscal: fiscalView(fiscal.get(row.id), at),
  }));
}

export async function paymentInfoOf(db: Executor, venue: Venue, account: Account): Promise<PaymentInfo> {
  const { row, totals } = account;
  const bills = await billViews(db, venue, await billsOfReservation(db, venue.id, row.id));
  return {
    reservationId: row.id,
    wid: row.wid,
    status: row.status,
    requestedPaymentMethod: row.requestedPaymentMethod,
    lines: account.lines.map((line) => ({
      productOrderId: line.id,
      name: line.productName,
      units: line.units,
      unitPriceCents: line.priceCents,
      totalCents: line.units * line.priceCents,
      vatRateBp: line.vatRateBp,
      paid: line.paidAt !== null,
    })),
    grossCents: totals.grossCents,
    discountCents: totals.discountCents,
    total: totals.totalCents,
    baseCents: totals.baseCents,
    vatCents: totals.vatCents,
    taxLines: [...totals.taxLines],
    paid: account.paidCents,
    pending: account.pendingCents,
    tipCents: account.tips.reduce((sum, tip) => sum + tip.amountCents, 0),
    payments: account.payments.map(paymentView),
    tips: account.tips.map(tipView),
    promotions: account.promotions.map((promotion) => ({
      id: promotion.id,
      kind: promotion.kind as 'amount' | 'percent',
      amountCents: promotion.amountCents,
      percentBp: promotion.percentBp,
      description: promotion.description,
    })),
    vouchers: account.redemptions.map((redemption) => ({
      id: redemption.id,
      code: redemption.code,
      amountCents: redemption.amountCents,
    })),
    bills,
  };
}

/** The version bump every change of a reservation row carries (floor screens compare it). */
export function bumped(row: ReservationRow, now: Date): Date {
  return new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
}

/** Who changed an account, as its events say: a staff member, or a guest from their phone. */
export type AccountEventAuthor = { readonly by: 'staff'; readonly userId: number } | { readonly by: 'guest' };

export async function appendAccountEvent(
  tx: Transaction,
  venue: Venue,
  topic: AccountEventTopic,
  account: Account,
  author: AccountEventAuthor,
  extra: Record<string, unknown> = {},
) {
  await appendEvent(tx, venue.id, topic, {
    reservationId: account.row.id,
    wid: account.row.wid,
    status: account.row.status,
    totalCents: account.totals.totalCents,
    paidCents: account.paidCents,
    pendingCents: account.pendingCents,
    ...author,
    ...extra,
  });
}

/** Tells staff screens about the account (topics under `reservation.` refresh the floor and the TPV). */
export function announce(
  tx: Transaction,
  venue: Venue,
  topic: AccountEventTopic,
  account: Account,
  caller: BillingCaller,
  extra: Record<string, unknown> = {},
) {
  return appendAccountEvent(
    tx,
    venue,
    topic,
    account,
    { by: 'staff', userId: caller.principal.userId },
    extra,
  );
}
