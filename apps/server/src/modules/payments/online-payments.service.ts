import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { recordOnlinePayment, voidRefundedPayment } from '../billing/billing.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { paidOrders, type PayableOrder } from './paid-orders.ts';
import {
  ForgedNotificationError,
  RefundFailedError,
  type PaymentProvider,
  type RedirectForm,
} from './payment-provider.ts';
import {
  insertOnlinePayment,
  lockExpiredPayments,
  lockOnlinePaymentByRef,
  lockOnlinePaymentOfOrder,
  onlinePaymentOfOrder,
  readPaymentSettings,
  updateOnlinePayment,
  type PaymentSettingsRow,
} from './payments.repository.ts';
import {
  REDSYS_ENDPOINTS,
  REDSYS_PAYMENT_PATH,
  REDSYS_REST_PATH,
  createRedsysProvider,
} from './redsys-provider.ts';

/**
 * Online payment of takeaway orders (issue 27 item 2, decision 039): an order paid by card waits
 * `pending_payment` holding its pickup time while the guest is on the provider's page; the provider's
 * signed notification makes it `received` with a card payment on its account, or `payment_failed` with
 * its time given back. A hold nobody answered runs out the same way. Refusing a paid order refunds it.
 */

export const NOTIFICATION_PATH = '/world/api/payments/redsys/notification';

/** The venue's provider, or null when it takes no payments online (or its test acquirer is not running). */
export function providerFor(
  ctx: AppContext,
  settings: PaymentSettingsRow | undefined,
): PaymentProvider | null {
  if (!settings) return null;
  const merchant = {
    merchantCode: settings.merchantCode,
    terminal: settings.terminal,
    secretKey: settings.secretKey,
  };
  if (settings.environment === 'test_acquirer') {
    const base = ctx.settings.testAcquirerUrl;
    if (!base) return null;
    return createRedsysProvider(merchant, {
      paymentUrl: `${base}${REDSYS_PAYMENT_PATH}`,
      restUrl: `${base}${REDSYS_REST_PATH}`,
    });
  }
  if (settings.environment === 'redsys_test' || settings.environment === 'redsys_live')
    return createRedsysProvider(merchant, REDSYS_ENDPOINTS[settings.environment]);
  return null;
}

/** The origin of the venue's payment page, which its takeaway page may post a form to (CSP form-action). */
export async function paymentFormOrigin(ctx: AppContext, venueId: number): Promise<string | null> {
  return providerFor(ctx, await readPaymentSettings(ctx.db, venueId))?.formOrigin ?? null;
}

export async function onlinePaymentOffered(ctx: AppContext, venueId: number): Promise<boolean> {
  return providerFor(ctx, await readPaymentSettings(ctx.db, venueId)) !== null;
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A fresh Redsys order number: four digits, then eight random letters or digits (unguessable). */
function newOrderRef(): string {
  const digits = String(crypto.randomInt(10_000)).padStart(4, '0');
  const tail = Array.from(crypto.randomBytes(8), (byte) => ALNUM[byte % ALNUM.length]).join('');
  return `${digits}${tail}`;
}

/**
 * Inside the order's transaction: records the payment the guest is about to make and returns the form
 * that takes their browser to the provider's page. 400 when the venue takes no payments online.
 */
export async function startOnlinePayment(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: { order: PayableOrder; amountCents: number; origin: string },
): Promise<RedirectForm> {
  const settings = await readPaymentSettings(tx, venue.id);
  const provider = providerFor(ctx, settings);
  if (!provider || !settings) throw unavailable();
  const payment = await insertOnlinePayment(tx, {
    venueId: venue.id,
    takeawayOrderId: input.order.id,
    orderRef: newOrderRef(),
    amountCents: input.amountCents,
    expiresAt: new Date(ctx.clock.now().getTime() + settings.holdMinutes * 60_000),
  });
  return provider.startPayment({
    orderRef: payment.orderRef,
    amountCents: payment.amountCents,
    notificationUrl: `${input.origin}${NOTIFICATION_PATH}`,
    okUrl: `${input.origin}/takeaway-delivery?payment=ok`,
    koUrl: `${input.origin}/takeaway-delivery?payment=ko`,
    description: `${venue.businessName} · ${input.order.number}`,
  });
}

export const unavailable = () =>
  new AppError(400, 'VALIDATION_FAILED', 'online_payment_unavailable', {
    fields: [{ path: 'payment', message: 'Not offered' }],
  });

/** What a notification did, for the log and the tests. */
export type NotificationOutcome = 'paid' | 'failed' | 'duplicate' | 'refunded_late' | 'refund_failed';

/**
 * The provider's signed outcome of a payment. Refused (400, nothing written, logged) when the signature,
 * merchant, reference or amount is wrong; a repeat changes nothing; an authorisation that comes after
 * the hold ran out (or after a denial) is refunded at once, the order stays failed.
 */
export async function settleNotification(
  ctx: AppContext,
  venue: Venue,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<NotificationOutcome> {
  const provider = providerFor(ctx, await readPaymentSettings(ctx.db, venue.id));
  const refuse = (reason: string, orderRef?: string) => {
    log.warn({ venueId: venue.id, orderRef, reason }, 'payment notification refused');
    return new AppError(400, 'VALIDATION_FAILED', 'payment_notification_refused');
  };
  if (!provider) throw refuse('no provider');
  let notice;
  try {
    notice = provider.verifyNotification(body);
  } catch (error) {
    if (error instanceof ForgedNotificationError) throw refuse(error.message);
    throw error;
  }
  const outcome = await ctx.db.transaction(async (tx): Promise<NotificationOutcome> => {
    const payment = await lockOnlinePaymentByRef(tx, venue.id, notice.orderRef);
    if (!payment) throw refuse('unknown order', notice.orderRef);
    if (notice.amountCents !== payment.amountCents) throw refuse('amount differs', notice.orderRef);
    const now = ctx.clock.now();
    if (payment.status === 'pending') {
      if (!notice.authorised) {
        await updateOnlinePayment(tx, venue.id, payment.id, { status: 'denied', settledAt: now });
        await paidOrders().failUnpaid(tx, venue, payment.takeawayOrderId, now);
        return 'failed';
      }
      const order = await paidOrders().lockUnpaid(tx, venue, payment.takeawayOrderId);
      if (!order) throw refuse('order not waiting for its payment', notice.orderRef);
      const paymentId = await recordOnlinePayment(tx, venue, order.reservationId, {
        amountCents: payment.amountCents,
        authCode: notice.authCode,
        terminalReference: payment.orderRef,
      });
      await updateOnlinePayment(tx, venue.id, payment.id, {
        status: 'authorised',
        authCode: notice.authCode,
        paymentId,
        settledAt: now,
      });
      await paidOrders().markPaid(tx, venue, order, payment.amountCents);
      return 'paid';
    }
    if (notice.authorised && (payment.status === 'expired' || payment.status === 'denied')) {
      // The guest paid after the hold was given away: the money goes back, the order stays failed.
      try {
        await provider.refund(payment.orderRef, payment.amountCents);
      } catch (error) {
        if (error instanceof RefundFailedError) return 'refund_failed';
        throw error;
      }
      await updateOnlinePayment(tx, venue.id, payment.id, { status: 'refunded', refundedAt: now });
      return 'refunded_late';
    }
    return 'duplicate';
  });
  if (outcome === 'duplicate')
    log.warn({ venueId: venue.id, orderRef: notice.orderRef }, 'repeated payment notification ignored');
  if (outcome === 'refunded_late')
    log.warn({ venueId: venue.id, orderRef: notice.orderRef }, 'late payment refunded');
  if (outcome === 'refund_failed')
    log.error(
      { venueId: venue.id, orderRef: notice.orderRef },
      'late payment could not be refunded: refund it from the acquirer’s back office',
    );
  return outcome;
}

/** Payments whose hold ran out without an answer: their orders fail and their times are free again. */
export async function expireStalePayments(ctx: AppContext, venue: Venue): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const payment of await lockExpiredPayments(tx, venue.id, ctx.clock.now())) {
      await updateOnlinePayment(tx, venue.id, payment.id, { status: 'expired', settledAt: ctx.clock.now() });
      await paidOrders().failUnpaid(tx, venue, payment.takeawayOrderId, ctx.clock.now());
    }
  });
}

/**
 * Inside a refusal's transaction: an order paid online gets its money back through the provider, and
 * its payment is voided on the account. A refund the provider refuses makes the refusal fail (409), so
 * the order never reads refused with the guest's money kept.
 */
export async function refundOrderPayment(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: { order: PayableOrder; actorUserId: number; reason: string },
): Promise<void> {
  const payment = await lockOnlinePaymentOfOrder(tx, venue.id, input.order.id);
  if (!payment || payment.status !== 'authorised' || payment.paymentId === null) return;
  const provider = providerFor(ctx, await readPaymentSettings(tx, venue.id));
  try {
    if (!provider) throw new RefundFailedError('no provider');
    await provider.refund(payment.orderRef, payment.amountCents);
  } catch (error) {
    if (error instanceof RefundFailedError) throw new AppError(409, 'CONFLICT', 'payment_refund_failed');
    throw error;
  }
  await voidRefundedPayment(tx, ctx, venue, {
    paymentId: payment.paymentId,
    reservationId: input.order.reservationId,
    actorUserId: input.actorUserId,
    reason: input.reason,
  });
  await updateOnlinePayment(tx, venue.id, payment.id, { status: 'refunded', refundedAt: ctx.clock.now() });
}

/** How the guest's page shows an order's payment. */
export async function paymentStateOf(
  db: Executor,
  order: PayableOrder,
): Promise<{ method: 'at_pickup' | 'online'; state: 'pending' | 'paid' | 'failed' | 'refunded' | null }> {
  if (order.paymentMethod !== 'online') return { method: 'at_pickup', state: null };
  const status = (await onlinePaymentOfOrder(db, order.venueId, order.id))?.status;
  return {
    method: 'online',
    state:
      status === 'authorised'
        ? 'paid'
        : status === 'refunded'
          ? 'refunded'
          : status === 'pending'
            ? 'pending'
            : 'failed',
  };
}
