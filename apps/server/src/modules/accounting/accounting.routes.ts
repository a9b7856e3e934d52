import {
  cashDrawerTransactionRequestSchema,
  createAccountingSnapshotRequestSchema,
  reopenShiftRequestSchema,
  tillStatusRequestSchema,
  zReportRequestSchema,
  type ZReportRequest,
  cashDrawerTransactionResponseSchema,
  createAccountingSnapshotResponseSchema,
  reopenShiftResponseSchema,
  tillStatusResponseSchema,
  zReportPrintResponseSchema,
  zReportResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { runKeyedStaffWrite } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { translate } from '../../i18n/messages.ts';
import { forgetAccountingConfig } from '../config/config.service.ts';
import { createSnapshot, recordMovement, reopenShift, tillStatus } from './till.service.ts';
import { zReport, zReportPdf, zReportText } from './z-report.service.ts';

/**
 * The till calls (spec §7 "Accounting"; issue 24, decision 033). Only the point of sale, the head of
 * the room and the admin run the till (SEC-02, SEC-11); every write needs an Idempotency-Key (REL-03).
 */
export function registerAccountingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const till = copilotAs({ matrix: 'billing', operation: 'runTill' });

  api.post(
    '/world/api/accounting/create-accounting-snapshot',
    {
      ...till,
      schema: {
        body: createAccountingSnapshotRequestSchema,
        response: { '2xx': createAccountingSnapshotResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      const counted = await runKeyedStaffWrite(
        ctx,
        request,
        reply,
        'accounting/create-accounting-snapshot',
        201,
        (tx) => createSnapshot(tx, ctx, request.venue, who, body),
      );
      // The count is the drawer's content from now on: the next accounting-config call shows it. The count
      // has committed; forgetting in the same turn as the reply is handed over, no other call runs between.
      forgetAccountingConfig(ctx, request.venue.id);
      return counted;
    },
  );

  api.post(
    '/world/api/accounting/cash-drawer-transaction',
    {
      ...till,
      schema: {
        body: cashDrawerTransactionRequestSchema,
        response: { '2xx': cashDrawerTransactionResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      const locale = requestLocale(request);
      try {
        return await runKeyedStaffWrite(
          ctx,
          request,
          reply,
          'accounting/cash-drawer-transaction',
          201,
          async (tx) => ({
            message: translate('cash_transaction_recorded', locale),
            transaction: await recordMovement(tx, request.venue, who, body, locale),
          }),
        );
      } catch (error) {
        // A refusal speaks the spec's failure message; what stood in the way goes beside it in `detail`, and
        // at the amount when the amount is what the drawer cannot give.
        if (!(error instanceof AppError) || error.status !== 409) throw error;
        const detail = translate(error.messageKey, locale, error.options.params);
        const short = error.messageKey === 'till_cash_short' || error.messageKey === 'till_cash_short_blind';
        throw new AppError(409, error.code, 'cash_transaction_failed', {
          extra: { detail },
          ...(short ? { fields: [{ path: 'amount', message: detail }] } : {}),
        });
      }
    },
  );

  api.post(
    '/world/api/accounting/till',
    { ...till, schema: { body: tillStatusRequestSchema, response: { '2xx': tillStatusResponseSchema } } },
    async (request) => {
      actingAs(request, 'billing');
      return { result: 0, ...(await tillStatus(ctx, request.venue)) };
    },
  );

  api.post(
    '/world/api/accounting/reopen-shift',
    { ...till, schema: { body: reopenShiftRequestSchema, response: { '2xx': reopenShiftResponseSchema } } },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      return runKeyedStaffWrite(ctx, request, reply, 'accounting/reopen-shift', 200, async (tx) => ({
        shift: await reopenShift(tx, request.venue, who, body),
      }));
    },
  );

  const zOf = async (request: FastifyRequest, body: ZReportRequest) => {
    actingAs(request, 'billing');
    return zReport(ctx, request.venue, {
      ...(body.shiftId === undefined ? {} : { shiftId: body.shiftId }),
      ...(body.date === undefined ? {} : { date: body.date }),
    });
  };

  api.post(
    '/world/api/accounting/z-report',
    { ...till, schema: { body: zReportRequestSchema, response: { '2xx': zReportResponseSchema } } },
    async (request) => ({ result: 0, zReport: await zOf(request, request.body) }),
  );

  api.post(
    '/world/api/accounting/z-report/print-info',
    { ...till, schema: { body: zReportRequestSchema, response: { '2xx': zReportPrintResponseSchema } } },
    async (request) => {
      const width = request.body.width;
      return { result: 0, width, escPosText: zReportText(await zOf(request, request.body), width) };
    },
  );

  api.post(
    '/world/api/accounting/z-report/pdf',
    { ...till, schema: { body: zReportRequestSchema } },
    async (request, reply) => {
      const z = await zOf(request, request.body);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="informe-z-${z.logicalDate}.pdf"`)
        .header('cache-control', 'no-store')
        .send(await zReportPdf(z));
    },
  );
}
