import { fiscalRecordsQuerySchema } from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { parseInput } from '../../http/validation.ts';
import { checkChains } from './chain-check.ts';
import { fiscalExport, fiscalReader, fiscalRecords } from './fiscal-records.ts';

/** VERI*FACTU records for the owner's accountant and our own checks (issue 23, decision 032). */
export function registerFiscalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/world/api/fiscal/records', { config: { access: 'copilot' } }, async (request) => {
    const query = parseInput(fiscalRecordsQuerySchema, request.query);
    await fiscalReader(ctx, request.venue, principalOf(request), query.roleId);
    return { result: 0, records: await fiscalRecords(ctx, request.venue, query.from, query.to) };
  });

  // The same period as the agency's XML, for an inspector (issue 23 item 6).
  app.get('/world/api/fiscal/records.xml', { config: { access: 'copilot' } }, async (request, reply) => {
    const query = parseInput(fiscalRecordsQuerySchema, request.query);
    await fiscalReader(ctx, request.venue, principalOf(request), query.roleId);
    const xml = await fiscalExport(ctx, request.venue, query.from, query.to);
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="verifactu-${query.from}-${query.to}.xml"`)
      .send(xml);
  });

  // Anyone on the staff may check that the chains hold (issue 23 item 6): it reveals no amounts.
  app.get('/world/api/fiscal/chain-check', { config: { access: 'copilot' } }, async (request) => {
    const chains = await checkChains(ctx, request.venue);
    return { result: 0, ok: chains.every((chain) => chain.ok), chains };
  });
}
