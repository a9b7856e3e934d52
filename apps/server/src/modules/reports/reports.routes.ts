import {
  ownerReportCsvRequestSchema,
  ownerReportRequestSchema,
  salesReportRequestSchema,
  ownerReportResponseSchema,
  salesReportResponseSchema,
} from '@sobremesa/contracts';
import { ownerReportCsv, salesCsv } from '@sobremesa/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { ownerFigures, ownerReport, salesReport } from './reports.service.ts';

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The owner's reports (issue 24 item 6, decisions 033 and 045): read-only, the till's roles, by range. */
export function registerReportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  api.post(
    '/world/api/reports/sales',
    {
      ...copilotAs({ matrix: 'billing', operation: 'runTill' }),
      // `format: 'csv'` answers the same figures as text/csv, which no JSON contract describes.
      schema: { body: salesReportRequestSchema, response: { '2xx': salesReportResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      const report = await salesReport(ctx, request.venue, who, { from: body.from, to: body.to });
      if (body.format === 'csv')
        return sendCsv(reply, `ventas-${body.from}-${body.to}`, salesCsv(report.days));
      return { result: 0, ...report };
    },
  );

  api.post(
    '/world/api/reports/owner',
    {
      ...copilotAs({ matrix: 'billing', operation: 'runTill' }),
      schema: { body: ownerReportRequestSchema, response: { '2xx': ownerReportResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      return { result: 0, ...(await ownerReport(ctx, request.venue, who, { from: body.from, to: body.to })) };
    },
  );

  api.post(
    '/world/api/reports/owner/csv',
    {
      ...copilotAs({ matrix: 'billing', operation: 'runTill' }),
      schema: { body: ownerReportCsvRequestSchema },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'billing');
      const figures = await ownerFigures(ctx, request.venue, who, { from: body.from, to: body.to });
      return sendCsv(
        reply,
        `informe-${body.report}-${body.from}-${body.to}`,
        ownerReportCsv(body.report, figures),
      );
    },
  );
}
