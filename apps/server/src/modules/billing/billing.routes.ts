import {
  assignPromotionRequestSchema,
  billClientFiscalInfosQuerySchema,
  billPaymentInfoRequestSchema,
  cashDrawerTicketRequestSchema,
  cancelInvoiceRequestSchema,
  createCorrectiveInvoiceRequestSchema,
  createNominativeInvoiceRequestSchema,
  createPaymentRequestSchema,
  createTipRequestSchema,
  deletePromotionRequestSchema,
  paidReservationRequestSchema,
  paymentInfoRequestSchema,
  printInfoRequestSchema,
  requestTicketRequestSchema,
  updatePaymentMethodRequestSchema,
  viewBillPdfRequestSchema,
  voidPaymentRequestSchema,
  voucherSetRequestSchema,
  assignPromotionResponseSchema,
  billClientFiscalInfosResponseSchema,
  billPaymentInfoResponseSchema,
  cashDrawerTicketResponseSchema,
  createNominativeInvoiceResponseSchema,
  createPaymentResponseSchema,
  createTipResponseSchema,
  deletePromotionResponseSchema,
  paidReservationResponseSchema,
  paymentInfoResponseSchema,
  printInfoResponseSchema,
  requestTicketResponseSchema,
  updatePaymentMethodResponseSchema,
  voidPaymentResponseSchema,
  voucherSetResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { runIdempotent, runKeyedStaffWrite, staffKeyScope } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestOrigin } from '../../http/security.ts';
import { parseInput } from '../../http/validation.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { translate, type MessageKey } from '../../i18n/messages.ts';
import {
  assignPromotion,
  billPaymentInfo,
  cancelInvoice,
  createCorrectiveInvoice,
  clientFiscalInfos,
  createNominativeInvoice,
  createPayment,
  createTip,
  paidReservation,
  paymentInfo,
  printInfo,
  removePromotion,
  requestTicket,
  setVoucher,
  updatePaymentMethod,
  viewBillPdf,
  voidPayment,
} from './billing.service.ts';
import { issueDrawerTicket } from './cash-drawer.ts';

/**
 * Runs a call whose failures the spec names (§8): a refusal keeps its status, code and details but
 * speaks the spec's message (`wrap` gets the refusal's own message for "Error en el pago: {message}");
 * a sign-in or role problem keeps its own message, it says what to do. Anything unexpected is the
 * `unexpected` message with status 500, nothing internal shown (SEC-12).
 */
async function speaking<T>(
  request: FastifyRequest,
  messages: { refusal: MessageKey; unexpected?: MessageKey; wrap?: boolean },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const locale = requestLocale(request);
    if (error instanceof AppError) {
      if (error.status === 401 || error.status === 403 || error.status >= 500) throw error;
      // A fiscal refusal (the clock behind the last VERI*FACTU record) says what to fix in its own words.
      if (error.messageKey.startsWith('fiscal_')) throw error;
      if (
        error.code === 'IDEMPOTENCY_KEY_REUSED' ||
        error.code === 'IDEMPOTENCY_REQUEST_IN_FLIGHT' ||
        error.messageKey === 'idempotency_key_required'
      )
        throw error;
      const params = messages.wrap
        ? { message: translate(error.messageKey, locale, error.options.params) }
        : error.options.params;
      throw new AppError(error.status, error.code, messages.refusal, { ...error.options, params });
    }
    if (!messages.unexpected) throw error;
    request.log.error({ err: error }, 'billing call failed');
    throw new AppError(500, 'INTERNAL', messages.unexpected, {
      params: { message: translate('internal', locale) },
    });
  }
}

/** The bills, payments, tips, vouchers and promotions calls of spec §7 (issue 9, decision 012). */
export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  /**
   * A write that changes what a table pays: once per Idempotency-Key, and refused without one (decision
   * 022), so a retried or double-tapped payment, tip, voucher, promotion or void happens once.
   */
  const moneyWrite = (
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    status: number,
    work: (tx: Transaction) => Promise<object>,
  ) => runKeyedStaffWrite(ctx, request, reply, route, status, work);

  api.post(
    '/world/api/reservation/request-ticket',
    {
      ...copilotAs({ matrix: 'billing', operation: 'requestTicket' }),
      schema: { response: { '2xx': requestTicketResponseSchema } },
    },
    async (request) => {
      return speaking(
        request,
        { refusal: 'payment_method_failed', unexpected: 'payment_error' },
        async () => {
          const body = parseInput(requestTicketRequestSchema, request.body);
          const who = actingAs(request, 'billing');
          const info = await requestTicket(ctx, request.venue, who, {
            ref: body.reservationWid,
            paymentMethod: body.paymentMethod,
          });
          return { result: 0, paymentInfo: info };
        },
      );
    },
  );

  api.post(
    '/world/api/reservation/payment-info',
    {
      ...copilotAs({ matrix: 'billing', operation: 'viewBill' }),
      schema: { response: { '2xx': paymentInfoResponseSchema } },
    },
    async (request) => {
      const body = parseInput(paymentInfoRequestSchema, request.body);
      actingAs(request, 'billing');
      return { result: 0, paymentInfo: await paymentInfo(ctx, request.venue, body.reservationId) };
    },
  );

  api.post(
    '/world/api/reservation/bill-payment-info',
    {
      ...copilotAs({ matrix: 'billing', operation: 'viewBill' }),
      schema: { response: { '2xx': billPaymentInfoResponseSchema } },
    },
    async (request) => {
      const body = parseInput(billPaymentInfoRequestSchema, request.body);
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
      schema: { response: { '2xx': createPaymentResponseSchema } },
    },
    async (request, reply) => {
      return speaking(
        request,
        { refusal: 'payment_error', unexpected: 'payment_error', wrap: true },
        async () => {
          const body = parseInput(createPaymentRequestSchema, request.body);
          const who = actingAs(request, 'billing');
          return moneyWrite(request, reply, 'payment/create', 201, (tx) =>
            createPayment(tx, ctx, request.venue, who, body),
          );
        },
      );
    },
  );

  api.post(
    '/world/api/payment/update-method',
    {
      ...copilotAs({ matrix: 'billing', operation: 'takePayment' }),
      schema: { response: { '2xx': updatePaymentMethodResponseSchema } },
    },
    async (request) => {
      return speaking(
        request,
        { refusal: 'payment_method_failed', unexpected: 'payment_error' },
        async () => {
          const body = parseInput(updatePaymentMethodRequestSchema, request.body);
          const who = actingAs(request, 'billing');
          const info = await updatePaymentMethod(ctx, request.venue, who, {
            ref: body.reservationId,
            paymentMethod: body.paymentMethod,
            ...(body.paymentId === undefined ? {} : { paymentId: body.paymentId }),
          });
          return { result: 0, paymentInfo: info };
        },
      );
    },
  );

  // Not a spec call (decision 012): each refusal says what stands in the way in its own words.
  api.post(
    '/world/api/payment/void',
    {
      ...copilotAs({ matrix: 'billing', operation: 'voidPayment' }),
      schema: { response: { '2xx': voidPaymentResponseSchema } },
    },
    async (request, reply) => {
      const body = parseInput(voidPaymentRequestSchema, request.body);
      const who = actingAs(request, 'billing');
      return moneyWrite(request, reply, 'payment/void', 200, async (tx) => ({
        paymentInfo: await voidPayment(tx, ctx, request.venue, who, {
          ref: body.reservationId,
          paymentId: body.paymentId,
          reason: body.reason,
        }),
      }));
    },
  );

  api.post(
    '/world/api/reservation/paid-reservation',
    {
      ...copilotAs({ matrix: 'billing', operation: 'takePayment' }),
      schema: { response: { '2xx': paidReservationResponseSchema } },
    },
    async (request, reply) => {
      return speaking(request, { refusal: 'paid_failed', unexpected: 'paid_failed' }, async () => {
        const body = parseInput(paidReservationRequestSchema, request.body);
        const who = actingAs(request, 'billing');
        return moneyWrite(request, reply, 'reservation/paid-reservation', 200, (tx) =>
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
      schema: { response: { '2xx': createTipResponseSchema } },
    },
    async (request, reply) => {
      return speaking(request, { refusal: 'tip_failed', unexpected: 'tip_server_error' }, async () => {
        const body = parseInput(createTipRequestSchema, request.body);
        const who = actingAs(request, 'billing');
        return moneyWrite(request, reply, 'tip/create', 201, async (tx) => ({
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
      schema: { response: { '2xx': voucherSetResponseSchema } },
    },
    async (request, reply) => {
      const body = parseInput(voucherSetRequestSchema, request.body);
      const who = actingAs(request, 'billing');
      return moneyWrite(request, reply, 'voucher-set', 200, (tx) =>
        setVoucher(tx, ctx, request.venue, who, { ref: body.reservationId, code: body.code }),
      );
    },
  );

  api.post(
    '/world/api/reservation-promotions/assign-to-reservation',
    {
      ...copilotAs({ matrix: 'billing', operation: 'discount' }),
      schema: { response: { '2xx': assignPromotionResponseSchema } },
    },
    async (request, reply) => {
      const body = parseInput(assignPromotionRequestSchema, request.body);
      const who = actingAs(request, 'billing');
      return moneyWrite(request, reply, 'reservation-promotions/assign-to-reservation', 200, (tx) =>
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
      schema: { response: { '2xx': deletePromotionResponseSchema } },
    },
    async (request, reply) => {
      const body = parseInput(deletePromotionRequestSchema, request.body);
      const who = actingAs(request, 'billing');
      return moneyWrite(request, reply, 'reservation-promotions/delete', 200, async (tx) => ({
        paymentInfo: await removePromotion(tx, ctx, request.venue, who, body.promotionId),
      }));
    },
  );

  api.post(
    '/world/api/bill/create-nominative-invoice',
    {
      ...copilotAs({ matrix: 'billing', operation: 'invoice' }),
      schema: { response: { '2xx': createNominativeInvoiceResponseSchema } },
    },
    async (request, reply) => {
      const body = parseInput(createNominativeInvoiceRequestSchema, request.body);
      const who = actingAs(request, 'billing');
      return runIdempotent(
        ctx,
        request,
        reply,
        staffKeyScope(request, 'bill/create-nominative-invoice'),
        async (tx) => ({
          status: 201,
          body: {
            result: 0,
            bill: await createNominativeInvoice(tx, ctx, request.venue, who, {
              billId: body.billId,
              clientData: body.clientData,
            }),
          },
        }),
      );
    },
  );

  // Corrections of issued invoices (decision 057): never an edit, always a new fiscal document.
  app.post(
    '/world/api/bill/create-corrective-invoice',
    copilotAs({ matrix: 'billing', operation: 'correctInvoice' }),
    async (request, reply) => {
      const body = parseInput(createCorrectiveInvoiceRequestSchema, request.body);
      const who = actingAs(request, 'billing');
      return moneyWrite(request, reply, 'bill/create-corrective-invoice', 201, async (tx) => ({
        bill: await createCorrectiveInvoice(tx, ctx, request.venue, who, body),
      }));
    },
  );

  app.post(
    '/world/api/bill/cancel-invoice',
    copilotAs({ matrix: 'billing', operation: 'correctInvoice' }),
    async (request, reply) => {
      const body = parseInput(cancelInvoiceRequestSchema, request.body);
      const who = actingAs(request, 'billing');
      return moneyWrite(request, reply, 'bill/cancel-invoice', 200, async (tx) => ({
        bill: await cancelInvoice(tx, ctx, request.venue, who, body),
      }));
    },
  );

  api.post(
    '/world/api/cash-drawer/ticket',
    {
      ...copilotAs({ matrix: 'billing', operation: 'openDrawer' }),
      schema: { response: { '2xx': cashDrawerTicketResponseSchema } },
    },
    async (request) => {
      parseInput(cashDrawerTicketRequestSchema, request.body);
      const who = actingAs(request, 'billing');
      return { result: 0, ...(await issueDrawerTicket(ctx, request.venue, who)) };
    },
  );

  api.get(
    '/world/api/bill-client-fiscal-infos',
    {
      ...copilotAs({ matrix: 'billing', operation: 'invoice', roleId: 'ignored' }),
      schema: { response: { '2xx': billClientFiscalInfosResponseSchema } },
    },
    async (request) => {
      const query = parseInput(billClientFiscalInfosQuerySchema, request.query);
      actingAs(request, 'billing');
      return { result: 0, ...(await clientFiscalInfos(ctx, request.venue, query)) };
    },
  );

  app.post(
    '/world/api/bill/view-bill-pdf',
    copilotAs({ matrix: 'billing', operation: 'viewBill' }),
    async (request, reply) => {
      const body = parseInput(viewBillPdfRequestSchema, request.body);
      actingAs(request, 'billing');
      const document = await viewBillPdf(ctx, request.venue, body.billId, requestOrigin(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${document.name}"`)
        .header('cache-control', 'no-store')
        .send(document.pdf);
    },
  );

  api.post(
    '/world/api/bill/print-info',
    {
      ...copilotAs({ matrix: 'billing', operation: 'viewBill' }),
      schema: { response: { '2xx': printInfoResponseSchema } },
    },
    async (request) => {
      const body = parseInput(printInfoRequestSchema, request.body);
      actingAs(request, 'billing');
      return {
        result: 0,
        ...(await printInfo(ctx, request.venue, body.billId, body.width, requestOrigin(request))),
      };
    },
  );
}
