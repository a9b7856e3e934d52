import {
  fiscalCertificateResponseSchema,
  fiscalCertificateUploadSchema,
  fiscalChainCheckResponseSchema,
  fiscalCorrectionResponseSchema,
  fiscalCorrectionSchema,
  fiscalRecordsQuerySchema,
  fiscalRecordsResponseSchema,
} from '@sobremesa/contracts';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { checkChains } from './chain-check.ts';
import { fiscalExport, fiscalRecords } from './fiscal-records.ts';
import { certificateStatus, storeCertificate } from './submission/fiscal-certificate.ts';
import { correctRejectedRecord } from './submission/fiscal-correction.ts';

const recordParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** VERI*FACTU records for the owner's accountant and our own checks (issue 23, decision 032). */
export function registerFiscalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  api.get(
    '/world/api/fiscal/records',
    {
      ...copilotAs({ matrix: 'fiscalRecords', operation: 'read' }),
      schema: { querystring: fiscalRecordsQuerySchema, response: { '2xx': fiscalRecordsResponseSchema } },
    },
    async (request) => {
      const query = request.query;
      actingAs(request, 'fiscalRecords');
      return { result: 0, records: await fiscalRecords(ctx, request.venue, query.from, query.to) };
    },
  );

  // The same period as the agency's XML, for an inspector (issue 23 item 6).
  api.get(
    '/world/api/fiscal/records.xml',
    {
      ...copilotAs({ matrix: 'fiscalRecords', operation: 'read' }),
      schema: { querystring: fiscalRecordsQuerySchema },
    },
    async (request, reply) => {
      const query = request.query;
      actingAs(request, 'fiscalRecords');
      const xml = await fiscalExport(ctx, request.venue, query.from, query.to);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="verifactu-${query.from}-${query.to}.xml"`)
        .send(xml);
    },
  );

  // Anyone on the staff may check that the chains hold (issue 23 item 6): it reveals no amounts.
  api.get(
    '/world/api/fiscal/chain-check',
    { schema: { response: { '2xx': fiscalChainCheckResponseSchema } }, config: { access: 'copilot' } },
    async (request) => {
      const chains = await checkChains(ctx, request.venue);
      return { result: 0, ok: chains.every((chain) => chain.ok), chains };
    },
  );

  // The venue's qualified certificate for the agency (issue 23 item 5, decision 056): the owner only. The
  // reply says whom it names and until when, never the file, its key or the passphrase.
  api.put(
    '/world/api/fiscal/certificate',
    {
      schema: { body: fiscalCertificateUploadSchema, response: { '2xx': fiscalCertificateResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const body = request.body;
      const certificate = await storeCertificate(
        ctx,
        request.venue.id,
        principalOf(request).userId,
        Buffer.from(body.pkcs12, 'base64'),
        body.passphrase,
      );
      return { result: 0, certificate };
    },
  );

  api.get(
    '/world/api/fiscal/certificate',
    { schema: { response: { '2xx': fiscalCertificateResponseSchema } }, config: { access: 'admin' } },
    async (request) => ({ result: 0, certificate: await certificateStatus(ctx, request.venue.id) }),
  );

  // A record the agency rejected is corrected by a new record, never edited (decision 056).
  api.post(
    '/world/api/fiscal/records/:id/correction',
    {
      schema: {
        params: recordParamsSchema,
        // An integrator may post no body: nothing to set right but the record itself.
        body: fiscalCorrectionSchema.optional(),
        response: { '2xx': fiscalCorrectionResponseSchema },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body ?? {};
      const record = await correctRejectedRecord(ctx, request.venue, principalOf(request).userId, id, body);
      return reply.status(201).send({ result: 0, record });
    },
  );
}
