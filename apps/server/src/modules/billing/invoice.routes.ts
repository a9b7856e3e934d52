import {
  billClientFiscalInfosQuerySchema,
  cancelInvoiceRequestSchema,
  createCorrectiveInvoiceRequestSchema,
  createNominativeInvoiceRequestSchema,
  issuedInvoicesQuerySchema,
  issuedInvoicesResponseSchema,
  printInfoRequestSchema,
  viewBillPdfRequestSchema,
  billClientFiscalInfosResponseSchema,
  correctiveInvoiceResponseSchema,
  createNominativeInvoiceResponseSchema,
  printInfoResponseSchema,
  reissueInvoiceRequestSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { runIdempotent, runKeyedStaffWrite, staffKeyScope } from '../../http/idempotency.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import {
  cancelInvoice,
  clientFiscalInfos,
  createCorrectiveInvoice,
  createNominativeInvoice,
  issuedInvoices,
  printInfo,
  reissueTicket,
  viewBillPdf,
} from './billing.service.ts';

/** The bill's documents (spec §7 "Bills"): invoices, their corrections, the PDF and the printer's text. */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);

  api.post(
    '/world/api/bill/create-nominative-invoice',
    {
      ...copilotAs({ matrix: 'billing', operation: 'invoice' }),
      schema: {
        body: createNominativeInvoiceRequestSchema,
        response: { '2xx': createNominativeInvoiceResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
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

  // Corrections of issued invoices (decision 057): never an edit, always a new fiscal document, once per
  // Idempotency-Key.
  api.post(
    '/world/api/bill/create-corrective-invoice',
    {
      ...copilotAs({ matrix: 'billing', operation: 'correctInvoice' }),
      schema: {
        body: createCorrectiveInvoiceRequestSchema,
        response: { '2xx': correctiveInvoiceResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      return runKeyedStaffWrite(ctx, request, reply, 'bill/create-corrective-invoice', 201, async (tx) => ({
        bill: await createCorrectiveInvoice(tx, ctx, request.venue, who, body),
      }));
    },
  );

  api.post(
    '/world/api/bill/cancel-invoice',
    {
      ...copilotAs({ matrix: 'billing', operation: 'correctInvoice' }),
      schema: { body: cancelInvoiceRequestSchema, response: { '2xx': correctiveInvoiceResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      return runKeyedStaffWrite(ctx, request, reply, 'bill/cancel-invoice', 200, async (tx) => ({
        bill: await cancelInvoice(tx, ctx, request.venue, who, body),
      }));
    },
  );

  // A cancelled ticket's account invoiced again: a new ticket, once per Idempotency-Key.
  api.post(
    '/world/api/bill/reissue-invoice',
    {
      ...copilotAs({ matrix: 'billing', operation: 'correctInvoice' }),
      schema: { body: reissueInvoiceRequestSchema, response: { '2xx': correctiveInvoiceResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      return runKeyedStaffWrite(ctx, request, reply, 'bill/reissue-invoice', 201, async (tx) => ({
        bill: await reissueTicket(tx, ctx, request.venue, who, body),
      }));
    },
  );

  // The invoices a TPV finds to correct or cancel: a service day's, or by their printed number.
  api.get(
    '/world/api/bill/invoices',
    {
      ...copilotAs({ matrix: 'billing', operation: 'viewBill' }),
      schema: { querystring: issuedInvoicesQuerySchema, response: { '2xx': issuedInvoicesResponseSchema } },
    },
    async (request) => {
      const query = request.query;
      actingAs(request, 'billing');
      return { result: 0, invoices: await issuedInvoices(ctx, request.venue, query) };
    },
  );

  api.get(
    '/world/api/bill-client-fiscal-infos',
    {
      ...copilotAs({ matrix: 'billing', operation: 'invoice', roleId: 'ignored' }),
      schema: {
        querystring: billClientFiscalInfosQuerySchema,
        response: { '2xx': billClientFiscalInfosResponseSchema },
      },
    },
    async (request) => {
      actingAs(request, 'billing');
      return { result: 0, ...(await clientFiscalInfos(ctx, request.venue, request.query)) };
    },
  );

  api.post(
    '/world/api/bill/view-bill-pdf',
    {
      ...copilotAs({ matrix: 'billing', operation: 'viewBill' }),
      schema: { body: viewBillPdfRequestSchema },
    },
    async (request, reply) => {
      actingAs(request, 'billing');
      const document = await viewBillPdf(ctx, request.venue, request.body.billId, requestOrigin(request));
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
      schema: { body: printInfoRequestSchema, response: { '2xx': printInfoResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      actingAs(request, 'billing');
      return {
        result: 0,
        ...(await printInfo(ctx, request.venue, body.billId, body.width, requestOrigin(request))),
      };
    },
  );
}
