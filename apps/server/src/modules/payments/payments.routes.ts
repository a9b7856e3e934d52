import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { NOTIFICATION_PATH, settleNotification } from './online-payments.service.ts';

/** Form bodies are read as flat string maps, with no key that could reach a prototype (SEC-10). */
function parseForm(text: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(text)) fields[name] = value;
  return fields;
}

/**
 * The acquirer's server-to-server notification (decision 039). Redsys posts it as an HTML form; the
 * form parser lives only in this scope, every other route keeps refusing form bodies (415). The venue
 * is the Host's, as for every call; the signature under that venue's secret is what makes it true.
 */
export async function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, parseForm(body.toString())),
    );
    scope.post(NOTIFICATION_PATH, { config: { access: 'public' } }, async (request, reply) => {
      await settleNotification(ctx, request.venue, request.body, request.log);
      return reply.type('text/plain').send('OK');
    });
  });
}
