import { menuCsvImportQuerySchema, menuCsvImportResponseSchema } from '@sobremesa/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { principalOf } from '../../http/auth.ts';
import { sendAppError } from '../../http/error-handler.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { MAX_CSV_BYTES } from './menu-csv-read.ts';
import { exportMenuCsv, importMenuCsv } from './menu-csv.service.ts';

/**
 * The menu as a spreadsheet (issue 22, decision 061), admin only: export every product as CSV, and import
 * one back (the file itself as the body, `?dryRun=true` to see what it would change without writing).
 */
export async function registerMenuCsvRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/world/api/admin/menus/export.csv', { config: { access: 'admin' } }, async (request, reply) => {
    const csv = await exportMenuCsv(ctx, request.venue);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="carta.csv"')
      .send(csv);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_CSV_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return sendAppError(request, reply, new AppError(413, 'PAYLOAD_TOO_LARGE', 'payload_too_large'));
      throw error;
    });
    contractRoutes(scope).post(
      '/world/api/admin/menus/import',
      {
        config: { access: 'admin' },
        bodyLimit: MAX_CSV_BYTES,
        schema: { querystring: menuCsvImportQuerySchema, response: { '2xx': menuCsvImportResponseSchema } },
      },
      async (request) => {
        const { dryRun } = request.query;
        if (!Buffer.isBuffer(request.body) || request.body.length === 0)
          throw new AppError(400, 'VALIDATION_FAILED', 'csv_unreadable');
        return {
          result: 0,
          ...(await importMenuCsv(ctx, request.venue, principalOf(request), request.body, {
            dryRun: dryRun === 'true',
            locale: requestLocale(request),
          })),
        };
      },
    );
  });
}
