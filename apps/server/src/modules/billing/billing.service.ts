import type {
  BillView,
  ClientData,
  CreatePaymentRequest,
  PaymentInfo,
  PaymentView,
  SplitRequest,
} from '@sobremesa/contracts';
import {
  cents,
  changeCents,
  checkPayment,
  checkTransition,
  discountCents,
  formatAmount,
  formatInvoiceNumber,
  formatLocalDateTime,
  mayBill,
  remainingCents,
  RESERVATION_STATUS_CODES,
  reservationStateOf,
  splitByItems,
  splitEqually,
  type BillingActor,
  type BillingOperation,
  type BillTotals,
  type Discount,
  type PaymentMethod,
  type ReceiptWidth,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { actingRole } from '../copilot-roles/copilot-roles.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import {
  changeReservation,
  displayedTables,
  releaseReservationTables,
  staffReservation,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { discountsOf, totalsOf } from './account-totals.ts';
import { billPdf, ticketText, type BillDocumentInput } from './bill-documents.ts';
import {
  attachToBill,
  billableLines,
  billsOfReservation,
  deletePromotion,
  findBill,
  findPayment,
  findPromotion,
  insertAuditEntry,
  insertBill,
  insertPayment,
  insertPromotion,
  insertRedemption,
  insertTip,
  linesOfBills,
  lockVoucherByCode,
  markLinesPaid,
  paymentsOf,
  paymentsOfBill,
  promotionsOf,
  redemptionCount,
  redemptionsOf,
  replacementOf,
  searchClientFiscalInfos,
  setBillPaidAt,
  taxLinesOfBills,
  tipsOf,
  tipsOfBills,
  unmarkLinesPaidBy,
  updatePayment,
  upsertClientFiscalInfo,
  voidOpenBills,
  voidPaymentRow,
  type BillableLineRow,
  type BillRow,
  type PaymentRow,
  type TipRow,
} from './billing.repository.ts';
import { fitsSimplifiedInvoice, issueInvoice, type InvoiceLine } from './invoice-issuer.ts';

// ---------------------------------------------------------------------------------------------------
// Who acts (SEC-02)

/** The staff member acting, the view of the role they act in, and that role's id. */
export interface BillingCaller {
  readonly principal: StaffPrincipal;
  readonly actor: BillingActor;
  readonly roleId: number | null;
}

/**
 * Resolves who acts and checks the billing matrix of the domain before anything is read: `roleId` must
 * be one of the user's roles (403 otherwise); without it their preselected role applies. An admin may do
 * everything; anyone else acts in their role's view; no role, nothing (fail closed).
 */
export async function billingCaller(
  ctx: AppContext,
  venue: Venue,
  principal: StaffPrincipal,
  roleId: number | undefined,
  operation: BillingOperation,
): Promise<BillingCaller> {
  const { role, view } = await actingRole(ctx.db, venue.id, principal.userId, roleId);
  const actor: BillingActor | undefined = principal.isAdmin ? 'admin' : view;
  if (!actor || !mayBill(actor, operation)) throw forbidden('forbidden_role');
  return { principal, actor, roleId: role?.id ?? null };
}

// ---------------------------------------------------------------------------------------------------
// The account as billing sees it

const refused = (status: number, key: ConstructorParameters<typeof AppError>[2], extra = {}) =>
  new AppError(status, status === 400 ? 'VALIDATION_FAILED' : 'CONFLICT', key, extra);

interface Account {
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

async function loadAccount(db: Executor, venue: Venue, row: ReservationRow): Promise<Account> {
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

/** An account that can still be billed and paid: seated or for payment (spec status 1 seated, 7). */
function isOpen(row: ReservationRow): boolean {
  const state = reservationStateOf(row);
  return state === 'seated' || state === 'for_payment';
}

/** The lines a bill prints: a menú del día's included dishes at no price ride on the menu's own line. */
function printedLines(lines: readonly BillableLineRow[]): InvoiceLine[] {
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

function paymentView(row: PaymentRow): PaymentView {
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

function tipView(row: TipRow) {
  return {
    id: row.id,
    amountCents: row.amountCents,
    method: row.method as PaymentMethod,
    paymentId: row.paymentId,
    billId: row.billId,
  };
}

/** Bills with their lines, VAT breakdown and tips, as the API shows them. */
async function billViews(db: Executor, venue: Venue, rows: readonly BillRow[]): Promise<BillView[]> {
  const ids = rows.map((row) => row.id);
  const lines = await linesOfBills(db, venue.id, ids);
  const taxLines = await taxLinesOfBills(db, venue.id, ids);
  const tips = await tipsOfBills(db, venue.id, ids);
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
    tipCents: tips.filter((tip) => tip.billId === row.id).reduce((sum, tip) => sum + tip.amountCents, 0),
  }));
}

async function paymentInfoOf(db: Executor, venue: Venue, account: Account): Promise<PaymentInfo> {
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
function bumped(row: ReservationRow, now: Date): Date {
  return new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
}

/** Who changed an account, as its events say: a staff member, or a guest from their phone. */
type AccountEventAuthor = { readonly by: 'staff'; readonly userId: number } | { readonly by: 'guest' };

async function appendAccountEvent(
  tx: Transaction,
  venue: Venue,
  topic: string,
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
function announce(
  tx: Transaction,
  venue: Venue,
  topic: string,
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

async function audit(
  tx: Transaction,
  venue: Venue,
  caller: BillingCaller,
  action: string,
  entity: string,
  entityId: number,
  before: unknown,
  after: unknown,
) {
  await insertAuditEntry(tx, {
    venueId: venue.id,
    actorUserId: caller.principal.userId,
    actorRole: caller.actor,
    action,
    entity,
    entityId: String(entityId),
    before: before ?? null,
    after: after ?? null,
  });
}

// ---------------------------------------------------------------------------------------------------
// Reads

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

// ---------------------------------------------------------------------------------------------------
// From bill request to paid

/**
 * The table asked for its bill, through any door (request-ticket, or notification/new from a guest's
 * phone or a waiter's copilot): a seated account goes to payment (status 7) with the method asked for,
 * and the floor shows the table as asking for the bill; asking again on an account already for payment
 * only changes the method. Any other account is left as it is and `undefined` is answered, for the
 * caller to refuse or to let the request through as a plain notification. `row` must be locked.
 */
export async function askForBill(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  row: ReservationRow,
  paymentMethod: PaymentMethod,
  author: AccountEventAuthor & { readonly roleId?: number | null },
): Promise<Account | undefined> {
  const state = reservationStateOf(row);
  if (!checkTransition(state, 'requestBill').allowed && state !== 'for_payment') return undefined;
  const updated = await changeReservation(tx, venue, row.id, {
    status: RESERVATION_STATUS_CODES.forPayment,
    requestedPaymentMethod: paymentMethod,
    updatedAt: bumped(row, ctx.clock.now()),
  });
  const account = await loadAccount(tx, venue, updated);
  const { roleId, ...who } = author;
  await appendAccountEvent(tx, venue, 'reservation.bill_requested', account, who, {
    paymentMethod,
    ...(roleId === undefined ? {} : { roleId }),
  });
  return account;
}

/** request-ticket: {@link askForBill} from the copilot; an account that cannot be billed is a 409. */
export async function requestTicket(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; paymentMethod: PaymentMethod },
): Promise<PaymentInfo> {
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    const account = await askForBill(tx, ctx, venue, row, input.paymentMethod, {
      by: 'staff',
      userId: caller.principal.userId,
      roleId: caller.roleId,
    });
    if (!account) throw refused(409, 'payment_method_failed');
    return paymentInfoOf(tx, venue, account);
  });
}

/** What a payment took, for the reply. */
export interface TakenPayment {
  readonly payment: PaymentView;
  readonly changeCents: number;
  readonly tip: ReturnType<typeof tipView> | null;
  readonly paymentInfo: PaymentInfo;
}

/**
 * Takes one payment on a locked, open account (REL-02: the row lock serialises two tablets; the second
 * sees the first's payment and is refused if it would pay more than is owed). By items, the lines named
 * are paid: the amount is their share of what is owed among the unpaid lines, worked out here, never
 * taken from the client. Cash gives change; a tip given with it stays outside the bill (FIS-06).
 */
async function takePayment(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  row: ReservationRow,
  input: Omit<CreatePaymentRequest, 'reservationId' | 'roleId'>,
): Promise<TakenPayment> {
  if (!isOpen(row)) throw refused(409, 'account_not_open');
  const account = await loadAccount(tx, venue, row);
  let amount: number;
  const lineIds = input.productOrderIds ? [...new Set(input.productOrderIds)] : [];
  if (input.productOrderIds) {
    const unpaid = account.lines.filter((line) => line.paidAt === null);
    const chosen = new Set(lineIds);
    if (lineIds.some((id) => !unpaid.some((line) => line.id === id))) throw refused(409, 'lines_not_payable');
    const [share] = splitByItems(
      unpaid.map((line) => line.units * line.priceCents),
      unpaid.map((line) => (chosen.has(line.id) ? 0 : 1)),
      2,
      account.pendingCents,
    );
    amount = share ?? 0;
  } else {
    amount = input.amountCents ?? 0;
  }
  const tip = input.tipCents ?? 0;
  const tenderedForPayment =
    input.method === 'cash' && input.tenderedCents !== undefined ? input.tenderedCents - tip : undefined;
  const refusal = checkPayment(account.pendingCents, amount, input.method, tenderedForPayment);
  if (refusal === 'exceeds_remaining')
    throw refused(409, 'payment_exceeds_pending', {
      params: { pending: formatAmount(account.pendingCents) },
      extra: { pending: account.pendingCents },
    });
  if (refusal === 'nothing_owed' || refusal === 'not_positive')
    throw refused(409, 'nothing_owed', { extra: { pending: account.pendingCents } });
  if (refusal === 'tendered_short') throw refused(400, 'tendered_short');
  const change = input.method === 'cash' ? changeCents(amount, tenderedForPayment) : null;
  const payment = await insertPayment(tx, {
    venueId: venue.id,
    reservationId: row.id,
    amountCents: amount,
    method: input.method,
    tenderedCents: input.method === 'cash' ? (tenderedForPayment ?? amount) : null,
    changeCents: change,
    cardBrand: input.card?.brand ?? null,
    cardLast4: input.card?.last4 ?? null,
    cardAuthCode: input.card?.authCode ?? null,
    terminalReference: input.card?.terminalReference ?? null,
    createdByUserId: caller.principal.userId,
  });
  const now = ctx.clock.now();
  await markLinesPaid(tx, venue.id, row.id, lineIds, now, payment.id);
  const tipRow =
    tip > 0
      ? await insertTip(tx, {
          venueId: venue.id,
          reservationId: row.id,
          paymentId: payment.id,
          amountCents: tip,
          method: input.method,
          createdByUserId: caller.principal.userId,
        })
      : null;
  const after = await loadAccount(tx, venue, row);
  await announce(tx, venue, 'reservation.payment', after, caller, {
    paymentId: payment.id,
    amountCents: amount,
    method: input.method,
    tipCents: tip,
  });
  return {
    payment: paymentView(payment),
    changeCents: change ?? 0,
    tip: tipRow ? tipView(tipRow) : null,
    paymentInfo: await paymentInfoOf(tx, venue, after),
  };
}

/** payment/create (and mark-as-paid): one payment in the caller's (idempotent) transaction. */
export async function createPayment(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: CreatePaymentRequest,
): Promise<TakenPayment> {
  const row = await staffReservation(tx, venue, input.reservationId, { lock: true });
  return takePayment(tx, ctx, venue, caller, row, input);
}

/**
 * payment/update-method: with a payment, corrects how it was made while it is on no issued invoice (a
 * cash payment turned card loses its tendered and change; card details go when it stops being card);
 * without one, the method the open account is to be paid with.
 */
export async function updatePaymentMethod(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; paymentMethod: PaymentMethod; paymentId?: number },
): Promise<PaymentInfo> {
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    if (input.paymentId === undefined) {
      if (!isOpen(row)) throw refused(409, 'payment_method_failed');
      const updated = await changeReservation(tx, venue, row.id, {
        requestedPaymentMethod: input.paymentMethod,
        updatedAt: bumped(row, ctx.clock.now()),
      });
      const account = await loadAccount(tx, venue, updated);
      await announce(tx, venue, 'reservation.payment_method', account, caller, {
        paymentMethod: input.paymentMethod,
      });
      return paymentInfoOf(tx, venue, account);
    }
    const before = await loadAccount(tx, venue, row);
    const payment = before.payments.find((candidate) => candidate.id === input.paymentId);
    if (!payment) throw notFound();
    if (payment.billId !== null) throw refused(409, 'payment_locked');
    const method = input.paymentMethod;
    await updatePayment(tx, venue.id, payment.id, {
      method,
      tenderedCents: method === 'cash' ? payment.amountCents : null,
      changeCents: method === 'cash' ? 0 : null,
      ...(method === 'card'
        ? {}
        : { cardBrand: null, cardLast4: null, cardAuthCode: null, terminalReference: null }),
    });
    await audit(
      tx,
      venue,
      caller,
      'payment.method',
      'payment',
      payment.id,
      { method: payment.method },
      { method },
    );
    const account = await loadAccount(tx, venue, row);
    await announce(tx, venue, 'reservation.payment', account, caller, { paymentId: payment.id, method });
    return paymentInfoOf(tx, venue, account);
  });
}

/**
 * payment/void: a payment made in error is taken back while the account is open and the payment is on no
 * issued invoice (FIS-05: what an invoice settled stays settled). The payment and its tip are kept, marked
 * voided, and left out of every sum; lines it paid by items are unpaid again; the audit log keeps who,
 * when and why. Voiding it twice is a 409.
 */
export async function voidPayment(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; paymentId: number; reason: string },
): Promise<PaymentInfo> {
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    const payment = await findPayment(tx, venue.id, input.paymentId);
    if (!payment || payment.reservationId !== row.id) throw notFound();
    if (payment.voidedAt !== null) throw refused(409, 'payment_already_voided');
    if (payment.billId !== null) throw refused(409, 'payment_locked');
    if (!isOpen(row)) throw refused(409, 'account_not_open');
    const now = ctx.clock.now();
    await voidPaymentRow(tx, venue.id, payment.id, now);
    const unpaidLineIds = await unmarkLinesPaidBy(tx, venue.id, payment.id);
    await audit(
      tx,
      venue,
      caller,
      'payment.void',
      'payment',
      payment.id,
      { amountCents: payment.amountCents, method: payment.method },
      { voidedAt: now.toISOString(), reason: input.reason, unpaidLineIds },
    );
    const account = await loadAccount(tx, venue, row);
    await announce(tx, venue, 'reservation.payment_voided', account, caller, {
      paymentId: payment.id,
      amountCents: payment.amountCents,
    });
    return paymentInfoOf(tx, venue, account);
  });
}

/**
 * paid-reservation: the account is paid and closed. In one transaction: what is still pending is taken
 * with `paymentMethod` when given (the fast-paid overlays), otherwise nothing may be pending; the invoice
 * is issued (simplified up to 3,000 EUR, complete with `clientData`), payments and tips join it, every
 * line is marked paid, the account is finished (-2) and its tables freed.
 */
export async function paidReservation(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: {
    ref: number | string;
    paymentMethod?: PaymentMethod;
    tenderedCents?: number;
    clientData?: ClientData;
  },
): Promise<{ bill: BillView; changeCents: number }> {
  const row = await staffReservation(tx, venue, input.ref, { lock: true });
  if (!isOpen(row)) throw refused(409, 'account_not_open');
  let account = await loadAccount(tx, venue, row);
  if (account.totals.totalCents === 0) throw refused(409, 'nothing_to_bill');
  if (!fitsSimplifiedInvoice(account.totals.totalCents) && !input.clientData)
    throw refused(409, 'simplified_invoice_limit');
  let change = 0;
  if (account.pendingCents > 0) {
    if (!input.paymentMethod)
      throw refused(409, 'account_pending', {
        params: { pending: formatAmount(account.pendingCents) },
        extra: { pending: account.pendingCents },
      });
    const taken = await takePayment(tx, ctx, venue, caller, row, {
      method: input.paymentMethod,
      amountCents: account.pendingCents,
      ...(input.paymentMethod === 'cash' && input.tenderedCents !== undefined
        ? { tenderedCents: input.tenderedCents }
        : {}),
    });
    change = taken.changeCents;
    account = await loadAccount(tx, venue, row);
  }
  const now = ctx.clock.now();
  const client = input.clientData ? await clientOf(tx, venue, input.clientData) : undefined;
  const bill = await issueInvoice(tx, venue, {
    reservationId: row.id,
    kind: client ? 'complete' : 'simplified',
    lines: printedLines(account.lines),
    totals: account.totals,
    client,
    issuedByUserId: caller.principal.userId,
    actorRole: caller.actor,
    issuedAt: now,
  });
  await voidOpenBills(tx, venue.id, row.id, now);
  await attachToBill(tx, venue.id, row.id, bill.id);
  await setBillPaidAt(tx, venue.id, bill.id, now);
  await markLinesPaid(
    tx,
    venue.id,
    row.id,
    account.lines.map((line) => line.id),
    now,
    null,
  );
  await releaseReservationTables(tx, venue, row.id, now);
  const finished = await changeReservation(tx, venue, row.id, {
    status: -2,
    finishedAt: now,
    updatedAt: bumped(row, now),
  });
  const closed = await loadAccount(tx, venue, finished);
  await announce(tx, venue, 'reservation.paid', closed, caller, {
    billId: bill.id,
    invoiceNumber: bill.series && bill.number ? formatInvoiceNumber(bill.series, bill.number) : null,
  });
  const issued = await findBill(tx, venue.id, bill.id);
  const [view] = await billViews(tx, venue, issued ? [issued] : []);
  if (!view) throw new Error('issued bill missing');
  return { bill: view, changeCents: change };
}

async function clientOf(tx: Transaction, venue: Venue, data: ClientData) {
  const row = await upsertClientFiscalInfo(tx, venue.id, {
    name: data.name,
    taxId: data.taxId.toUpperCase(),
    address: data.address,
    postalCode: data.postalCode,
    city: data.city,
    country: data.country,
    email: data.email ?? null,
  });
  const printed = {
    name: row.name,
    taxId: row.taxId,
    address: [row.address, [row.postalCode, row.city].filter(Boolean).join(' '), row.country]
      .filter(Boolean)
      .join(', '),
  };
  return { row, data: printed };
}

// ---------------------------------------------------------------------------------------------------
// Around the bill

/** tip/create: a tip on an account (open or just paid), outside the VAT base and the invoice (FIS-06). */
export async function createTip(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; amountCents: number; method: PaymentMethod; paymentId?: number },
) {
  const row = await staffReservation(tx, venue, input.ref, { lock: true });
  const state = reservationStateOf(row);
  if (!isOpen(row) && state !== 'finished') throw refused(409, 'account_not_open');
  const account = await loadAccount(tx, venue, row);
  const payment =
    input.paymentId === undefined
      ? undefined
      : account.payments.find((candidate) => candidate.id === input.paymentId);
  if (input.paymentId !== undefined && !payment) throw notFound();
  // A tip left after paying goes with the issued invoice (shown beside it, never in it).
  const issued = (await billsOfReservation(tx, venue.id, row.id)).filter((bill) => bill.type !== 0).at(-1);
  const tip = await insertTip(tx, {
    venueId: venue.id,
    reservationId: row.id,
    paymentId: payment?.id ?? null,
    billId: payment?.billId ?? issued?.id ?? null,
    amountCents: input.amountCents,
    method: input.method,
    createdByUserId: caller.principal.userId,
  });
  await audit(tx, venue, caller, 'tip.create', 'tip', tip.id, null, {
    amountCents: tip.amountCents,
    method: tip.method,
    reservationId: row.id,
  });
  await announce(tx, venue, 'reservation.tip', await loadAccount(tx, venue, row), caller, {
    tipId: tip.id,
    tipCents: tip.amountCents,
  });
  return tipView(tip);
}

/** Refuses a discount that would bring what is owed below what was already paid. */
function assertDiscountFits(account: Account, discounts: readonly Discount[]) {
  const totals = totalsOf(account.lines, discounts);
  if (totals.totalCents < account.paidCents) throw refused(409, 'discount_below_paid');
}

/** voucher-set: a voucher of the venue redeemed on an open account (once per account; up to its uses). */
export async function setVoucher(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; code: string },
) {
  return ctx.db.transaction(async (tx) => {
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
    await audit(tx, venue, caller, 'voucher.redeem', 'voucher', voucher.id, null, {
      reservationId: row.id,
      amountCents: amount,
    });
    const after = await loadAccount(tx, venue, row);
    await announce(tx, venue, 'reservation.discount', after, caller, { voucherId: voucher.id });
    return {
      voucherSet: { id: redemption.id, code: voucher.code, amountCents: amount },
      paymentInfo: await paymentInfoOf(tx, venue, after),
    };
  });
}

/** reservation-promotions/assign-to-reservation: a percentage off an open account. Audited. */
export async function assignPromotion(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; percent: number; description?: string },
) {
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    if (!isOpen(row)) throw refused(409, 'account_not_open');
    const account = await loadAccount(tx, venue, row);
    const percentBp = Math.round(input.percent * 100);
    assertDiscountFits(account, [...discountsOf(account), { kind: 'percent', percentBp }]);
    const promotion = await insertPromotion(tx, {
      venueId: venue.id,
      reservationId: row.id,
      kind: 'percent',
      percentBp,
      description: input.description ?? '',
      createdByUserId: caller.principal.userId,
    });
    await audit(tx, venue, caller, 'promotion.assign', 'reservation_promotion', promotion.id, null, {
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
  });
}

/** reservation-promotions/delete: takes a promotion off an open account. Audited. */
export async function removePromotion(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  promotionId: number,
): Promise<PaymentInfo> {
  return ctx.db.transaction(async (tx) => {
    const found = await findPromotion(tx, venue.id, promotionId);
    if (!found) throw notFound();
    const row = await staffReservation(tx, venue, found.reservationId, { lock: true });
    if (!isOpen(row)) throw refused(409, 'account_not_open');
    await deletePromotion(tx, venue.id, promotionId);
    await audit(
      tx,
      venue,
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
  });
}

// ---------------------------------------------------------------------------------------------------
// Invoices and documents

/**
 * create-nominative-invoice: a complete invoice with the client's data replacing an issued ticket (F3),
 * in the complete series; a ticket is replaced once. The ticket itself stays as issued (FIS-05).
 */
export async function createNominativeInvoice(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { billId: number; clientData: ClientData },
): Promise<BillView> {
  const ticket = await findBill(tx, venue.id, input.billId);
  if (!ticket) throw notFound();
  // Lock the account: two tablets replacing the same ticket at once are serialised.
  await staffReservation(tx, venue, ticket.reservationId, { lock: true });
  if (ticket.type !== 1) throw refused(409, 'not_a_ticket');
  if (await replacementOf(tx, venue.id, ticket.id)) throw refused(409, 'invoice_already_replaced');
  const [lines, taxLines] = [
    await linesOfBills(tx, venue.id, [ticket.id]),
    await taxLinesOfBills(tx, venue.id, [ticket.id]),
  ];
  const client = await clientOf(tx, venue, input.clientData);
  const invoice = await issueInvoice(tx, venue, {
    reservationId: ticket.reservationId,
    kind: 'complete',
    lines: lines.map((line) => ({
      productOrderId: line.productOrderId,
      description: line.description,
      units: line.units,
      unitPriceCents: line.unitPriceCents,
      vatRateBp: line.vatRateBp,
      totalCents: line.totalCents,
    })),
    totals: {
      baseCents: cents(ticket.baseCents),
      vatCents: cents(ticket.vatCents),
      totalCents: cents(ticket.totalCents),
      discountCents: cents(ticket.discountCents),
      taxLines: taxLines.map((line) => ({
        vatRateBp: line.vatRateBp,
        baseCents: cents(line.baseCents),
        vatCents: cents(line.vatCents),
        totalCents: cents(line.totalCents),
      })),
    },
    client,
    replacesBillId: ticket.id,
    issuedByUserId: caller.principal.userId,
    actorRole: caller.actor,
    issuedAt: ctx.clock.now(),
  });
  if (ticket.paidAt) await setBillPaidAt(tx, venue.id, invoice.id, ticket.paidAt);
  await appendEvent(tx, venue.id, 'reservation.invoice', {
    reservationId: ticket.reservationId,
    billId: invoice.id,
    replacesBillId: ticket.id,
    by: 'staff',
    userId: caller.principal.userId,
  });
  const issued = await findBill(tx, venue.id, invoice.id);
  const [view] = await billViews(tx, venue, issued ? [issued] : []);
  if (!view) throw new Error('issued invoice missing');
  return view;
}

/** Clients of the venue for a nominative invoice, 20 a page (page from 1). */
export const CLIENT_PAGE_SIZE = 20;
export async function clientFiscalInfos(ctx: AppContext, venue: Venue, input: { page: number; q: string }) {
  const found = await searchClientFiscalInfos(ctx.db, venue.id, input.q, input.page, CLIENT_PAGE_SIZE);
  return {
    page: input.page,
    pageSize: CLIENT_PAGE_SIZE,
    total: found.total,
    items: found.items.map((row) => ({
      id: row.id,
      name: row.name,
      taxId: row.taxId,
      address: row.address,
      postalCode: row.postalCode,
      city: row.city,
      country: row.country,
      email: row.email,
    })),
  };
}

async function documentInput(ctx: AppContext, venue: Venue, billId: number): Promise<BillDocumentInput> {
  const bill = await findBill(ctx.db, venue.id, billId);
  if (!bill) throw notFound();
  const lines = await linesOfBills(ctx.db, venue.id, [bill.id]);
  const taxLines = await taxLinesOfBills(ctx.db, venue.id, [bill.id]);
  // An invoice shows the payments it settled; a nominative one those of the ticket it replaces.
  const settledBy = bill.replacesBillId ?? bill.id;
  const payments = bill.type === 0 ? [] : await paymentsOfBill(ctx.db, venue.id, settledBy);
  const tips = await tipsOfBills(ctx.db, venue.id, [settledBy]);
  const tables = await displayedTables(ctx.db, venue, [bill.reservationId]);
  const replaces = bill.replacesBillId
    ? ((await findBill(ctx.db, venue.id, bill.replacesBillId)) ?? null)
    : null;
  return {
    venue,
    bill,
    lines,
    taxLines,
    payments,
    tipCents: bill.type === 0 ? 0 : tips.reduce((sum, tip) => sum + tip.amountCents, 0),
    table: tables.length > 0 ? tables.map((table) => table.name).join('+') : null,
    replaces,
  };
}

/** print-info: the ticket text of a bill for the receipt printer. */
export async function printInfo(ctx: AppContext, venue: Venue, billId: number, width: ReceiptWidth) {
  const input = await documentInput(ctx, venue, billId);
  return {
    billId,
    width,
    escPosText: ticketText(input, width),
    printEnabled: venue.settings.printEnabled,
  };
}

/** view-bill-pdf: the bill as a PDF and its file name. */
export async function viewBillPdf(ctx: AppContext, venue: Venue, billId: number) {
  const input = await documentInput(ctx, venue, billId);
  const name =
    input.bill.series && input.bill.number
      ? `factura-${formatInvoiceNumber(input.bill.series, input.bill.number)}.pdf`
      : `cuenta-${input.bill.id}.pdf`;
  return { name, pdf: await billPdf(input) };
}
