import {
  assignPromotionRequestSchema,
  billPaymentInfoRequestSchema,
  cashDrawerTicketRequestSchema,
  createPaymentRequestSchema,
  createTipRequestSchema,
  deletePromotionRequestSchema,
  paidReservationRequestSchema,
  paymentInfoRequestSchema,
  requestTicketRequestSchema,
  updatePaymentMethodRequestSchema,
  voidPaymentRequestSchema,
  voucherSetRequestSchema,
  assignPromotionResponseSchema,
  billPaymentInfoResponseSchema,
  cashDrawerTicketResponseSchema,
  createPaymentResponseSchema,
  createTipResponseSchema,
  deletePromotionResponseSchema,
  paidReservationResponseSchema,
  paymentInfoResponseSchema,
  requestTicketResponseSchema,
  updatePaymentMethodResponseSchema,
  voidPaymentResponseSchema,
  voucherSetResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { runKeyedStaffWrite } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { translate } from '../../i18n/messages.ts';
import {
  assignPromotion,
  billPaymentInfo,
  createPayment,
  createTip,
  paidReservation,
  paymentInfo,
  removePromotion,
  requestTicket,
  setVoucher,
  updatePaymentMethod,
  voidPayment,
} from './billing.service.ts';
import { issueDrawerTicket } from './cash-drawer.ts';
import { registerInvoiceRoutes } from './invoice.routes.ts';
import { speaking, spokenInput, type SpokenRefusals } from './spoken-refusals.ts';

const REQUEST_TICKET: SpokenRefusals = { refusal: 'payment_method_failed', unexpected: 'payment_error' };
const CREATE_PAYMENT: SpokenRefusals = { refusal: 'payment_error', unexpected: 'payment_error', wrap: true };
const UPDATE_METHOD: SpokenRefusals = { refusal: 'payment_method_failed', unexpected: 'payment_error' };
const PAID: SpokenRefusals = { refusal: 'paid_failed', unexpected: 'paid_failed' };
const TIP: SpokenRefusals = { refusal: 'tip_failed', unexpected: 'tip_server_error' };

/** The bills, payments, tips, vouchers and promotions calls of spec §7 (issue 9, decision 012). */
export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);

  api.post(
    '/world/api/reservation/request-ticket',
    {
      ...copilotAs({ matrix: 'billing', operation: 'requestTicket' }),
      ...spokenInput(REQUEST_TICKET),
      schema: { body: requestTicketRequestSchema, response: { '2xx': requestTicketResponseSchema } },
    },
    async (request) => {
      return speaking(request, REQUEST_TICKET, async () => {
        const body = request.body;
        const who = actingAs(request, 'billing');
        const info = await requestTicket(ctx, request.venue, who, {
          ref: body.reservationWid,
          paymentMethod: body.paymentMethod,
        });
        return { result: 0, paymentInfo: info };
      });
    },
  );

  api.post(
    '/world/api/reservation/payment-info',
    {
      ...copilotAs({ matrix: 'billing', operation: 'viewBill' }),
      schema: { body: paymentInfoRequestSchema, response: { '2xx': paymentInfoResponseSchema } },
    },
    async (request) => {
      actingAs(request, 'billing');
      return { result: 0, paymentInfo: await paymentInfo(ctx, request.venue, request.body.reservationId) };
    },
  );

  api.post(
    '/world/api/reservation/bill-payment-info',
    {
      ...copilotAs({ matrix: 'billing', operation: 'viewBill' }),
      schema: { body: billPaymentInfoRequestSchema, response: { '2xx': billPaymentInfoResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      const found = await billPaymentInfo(ctx, request.venue, who, {
        ref: body.reservationId,
        split: body.split,
      });
      return { result: 0, ...found };
    },
  );

  api.post(
    '/world/api/payment/create',
    {
      ...copilotAs({ matrix: 'billing', operation: 'takePayment' }),
      ...spokenInput(CREATE_PAYMENT),
      schema: { body: createPaymentRequestSchema, response: { '2xx': createPaymentResponseSchema } },
    },
    async (request, reply) => {
      return speaking(request, CREATE_PAYMENT, async () => {
        const body = request.body;
        const who = actingAs(request, 'billing');
        return runKeyedStaffWrite(ctx, request, reply, 'payment/create', 201, (tx) =>
          createPayment(tx, ctx, request.venue, who, body),
        );
      });
    },
  );

  api.post(
    '/world/api/payment/update-method',
    {
      ...copilotAs({ matrix: 'billing', operation: 'takePayment' }),
      ...spokenInput(UPDATE_METHOD),
      schema: {
        body: updatePaymentMethodRequestSchema,
        response: { '2xx': updatePaymentMethodResponseSchema },
      },
    },
    async (request) => {
      return speaking(request, UPDATE_METHOD, async () => {
        const body = request.body;
        const who = actingAs(request, 'billing');
        const info = await updatePaymentMethod(
          ctx,
          request.venue,
          who,
          {
            ref: body.reservationId,
            paymentMethod: body.paymentMethod,
            ...(body.paymentId === undefined ? {} : { paymentId: body.paymentId }),
          },
          requestLocale(request),
        );
        return { result: 0, paymentInfo: info };
      });
    },
  );

  // Not a spec call (decision 012): each refusal says what stands in the way in its own words.
  api.post(
    '/world/api/payment/void',
    {
      ...copilotAs({ matrix: 'billing', operation: 'voidPayment' }),
      schema: { body: voidPaymentRequestSchema, response: { '2xx': voidPaymentResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      return runKeyedStaffWrite(ctx, request, reply, 'payment/void', 200, async (tx) => ({
        paymentInfo: await voidPayment(
          tx,
          ctx,
          request.venue,
          who,
          { ref: body.reservationId, paymentId: body.paymentId, reason: body.reason },
          requestLocale(request),
        ),
      }));
    },
  );

  api.post(
    '/world/api/reservation/paid-reservation',
    {
      ...copilotAs({ matrix: 'billing', operation: 'takePayment' }),
      ...spokenInput(PAID),
      schema: { body: paidReservationRequestSchema, response: { '2xx': paidReservationResponseSchema } },
    },
    async (request, reply) => {
      return speaking(request, PAID, async () => {
        const body = request.body;
        const who = actingAs(request, 'billing');
        return runKeyedStaffWrite(ctx, request, reply, 'reservation/paid-reservation', 200, (tx) =>
          paidReservation(tx, ctx, request.venue, who, {
            ref: body.reservationId,
            paymentMethod: body.paymentMethod,
            tenderedCents: body.tenderedCents,
            clientData: body.clientData,
          }),
        );
      });
    },
  );

  api.post(
    '/world/api/tip/create',
    {
      ...copilotAs({ matrix: 'billing', operation: 'takePayment' }),
      ...spokenInput(TIP),
      schema: { body: createTipRequestSchema, response: { '2xx': createTipResponseSchema } },
    },
    async (request, reply) => {
      return speaking(request, TIP, async () => {
        const body = request.body;
        const who = actingAs(request, 'billing');
        return runKeyedStaffWrite(ctx, request, reply, 'tip/create', 201, async (tx) => ({
          message: translate('tip_created', requestLocale(request)),
          tip: await createTip(tx, ctx, request.venue, who, {
            ref: body.reservationId,
            amountCents: body.tipInfo.amountCents,
            method: body.tipInfo.method,
            ...(body.tipInfo.paymentId === undefined ? {} : { paymentId: body.tipInfo.paymentId }),
          }),
        }));
      });
    },
  );

  api.post(
    '/world/api/voucher-set',
    {
      ...copilotAs({ matrix: 'billing', operation: 'discount' }),
      schema: { body: voucherSetRequestSchema, response: { '2xx': voucherSetResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      return runKeyedStaffWrite(ctx, request, reply, 'voucher-set', 200, (tx) =>
        setVoucher(tx, ctx, request.venue, who, { ref: body.reservationId, code: body.code }),
      );
    },
  );

  api.post(
    '/world/api/reservation-promotions/assign-to-reservation',
    {
      ...copilotAs({ matrix: 'billing', operation: 'discount' }),
      schema: { body: assignPromotionRequestSchema, response: { '2xx': assignPromotionResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      return runKeyedStaffWrite(
        ctx,
        request,
        reply,
        'reservation-promotions/assign-to-reservation',
        200,
        (tx) =>
          assignPromotion(tx, ctx, request.venue, who, {
            ref: body.wid,
            percent: body.value,
            ...(body.description === undefined ? {} : { description: body.description }),
          }),
      );
    },
  );

  api.post(
    '/world/api/reservation-promotions/delete',
    {
      ...copilotAs({ matrix: 'billing', operation: 'discount' }),
      schema: { body: deletePromotionRequestSchema, response: { '2xx': deletePromotionResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      return runKeyedStaffWrite(ctx, request, reply, 'reservation-promotions/delete', 200, async (tx) => ({
        paymentInfo: await removePromotion(tx, ctx, request.venue, who, body.promotionId),
      }));
    },
  );

  api.post(
    '/world/api/cash-drawer/ticket',
    {
      ...copilotAs({ matrix: 'billing', operation: 'openDrawer' }),
      schema: { body: cashDrawerTicketRequestSchema, response: { '2xx': cashDrawerTicketResponseSchema } },
    },
    async (request) => {
      const who = actingAs(request, 'billing');
      return { result: 0, ...(await issueDrawerTicket(ctx, request.venue, who)) };
    },
  );

  registerInvoiceRoutes(app, ctx);
}
