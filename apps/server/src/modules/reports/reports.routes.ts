import { salesReportRequestSchema } from '@sobremesa/contracts';
import { salesCsv } from '@sobremesa/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { parseInput } from '../../http/validation.ts';
import { billingCaller } from '../billing/billing-caller.ts';
import { salesReport } from './reports.service.ts';

/** The owner's reports (issue 24 item 6, decision 033): read-only, the till's roles, by range. */
export function registerReportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/world/api/reports/sales', { config: { access: 'copilot' } }, async (request, reply) => {
    const body = parseInput(salesReportRequestSchema, request.body);
    const who = await billingCaller(ctx, request.venue, principalOf(request), body.roleId, 'runTill');
    const report = await salesReport(ctx, request.venue, who, { from: body.from, to: body.to });
    if (body.format === 'csv')
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ventas-${body.from}-${body.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(salesCsv(report.days));
    return { result: 0, ...report };
  });
}
