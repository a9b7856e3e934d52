import { buildApp } from './app.ts';
import { fiscalServerSettings, loadEnv, shouldSeedDemo } from './config/env.ts';
import { systemClock } from './context.ts';
import { DataDirBusyError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/open-database.ts';
import { loggerOptions } from './http/log-redaction.ts';
import { injectTransport } from './modules/demo/demo-client.ts';
import { DEMO_PASSWORD, seedDemoVenue } from './modules/demo/demo-seed.ts';
import { startFiscalSubmitter } from './modules/fiscal/submission/fiscal-submitter.ts';
import { seedDemoServiceDay } from './modules/demo/demo-service-day.ts';
import { createMailer } from './lib/mailer.ts';
import { anyVenueOnTestAcquirer, testAcquirerMerchant } from './modules/payments/payments.repository.ts';
import { startTestAcquirer } from './modules/payments/test-acquirer/test-acquirer.ts';

/** How long a stopping server waits for in-flight requests before it cuts the connections left. */
const SHUTDOWN_GRACE_MS = 5_000;

/** Reads the environment, opens the database, seeds the demo when asked, listens, and shuts down cleanly. */
async function main(): Promise<void> {
  const env = loadEnv();
  let database;
  try {
    database = await openDatabase(env);
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (shouldSeedDemo(env)) {
    const seeded = await seedDemoVenue(database.db);
    if (seeded.accounts.length > 0) {
      console.log(`Demo venue "${seeded.businessName}" seeded. Staff accounts (password ${DEMO_PASSWORD}):`);
      for (const account of seeded.accounts) console.log(`  ${account.email.padEnd(22)} ${account.role}`);
    }
  }

  const mailer = createMailer(env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM } : undefined);
  if (!mailer.enabled) console.log('Confirmation emails are disabled: set SMTP_URL to send them.');

  // The stand-in for the venue's acquirer runs only when a venue is set up to pay on it, and on loopback.
  const testAcquirer = (await anyVenueOnTestAcquirer(database.db))
    ? await startTestAcquirer({
        port: env.TEST_ACQUIRER_PORT,
        merchants: (merchantCode, terminal) => testAcquirerMerchant(database.db, merchantCode, terminal),
      })
    : undefined;
  if (testAcquirer) console.log(`Test acquirer (test cards only, no money moves) on ${testAcquirer.url}`);

  const fiscal = fiscalServerSettings(env);
  const { app, ctx } = await buildApp({
    database,
    clock: systemClock,
    mailer,
    settings: {
      baseDomain: env.BASE_DOMAIN,
      websocketUrl: env.WEBSOCKET_URL,
      trustProxy: env.TRUST_PROXY,
      webDist: env.WEB_DIST,
      testAcquirerUrl: testAcquirer?.url,
      fiscal,
      maxInFlightRequests: env.MAX_INFLIGHT_REQUESTS,
      checkReplies: env.CHECK_REPLIES ? env.CHECK_REPLIES === '1' : env.NODE_ENV !== 'production',
    },
    logger: loggerOptions(env.LOG_LEVEL),
  });

  // The VERI*FACTU queue (decision 056): sends the records of venues with a certificate to the agency.
  const submitter = startFiscalSubmitter({
    db: database.db,
    clock: systemClock,
    settings: fiscal,
    intervalMs: env.FISCAL_SUBMIT_INTERVAL_MS,
    log: (message, fields) => app.log.warn(fields, message),
  });
  if (shouldSeedDemo(env) && env.DEMO_LIVE === '1') {
    // Through the app's own routes, as staff tablets and guest phones (decision 053). A refusal there leaves
    // the day partly played; the venue still serves.
    try {
      const day = await seedDemoServiceDay(ctx, injectTransport(app, 'localhost'), {
        host: 'localhost',
        password: DEMO_PASSWORD,
      });
      if (day.seeded)
        console.log(
          `Demo service day ${day.date} under way (${day.service}): ${day.reservations} reservations, tables ordering and eating.`,
        );
    } catch (error) {
      app.log.warn({ err: error }, 'the demo service day could not be played in full');
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get a few seconds to finish; a connection still open after that (a peer that never
    // answers a WebSocket's closing handshake, which ws would wait 30 s for) is cut, so the process exits
    // for whoever stopped it instead of hanging.
    const cut = setTimeout(() => {
      app.log.warn('connections still open after the shutdown grace: closing them');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      // A message under way may take the agency's whole timeout: it is not waited for past the grace, and
      // its batch, committed as in flight before it was sent, goes again on the next start (decision 056).
      await Promise.race([
        submitter.stop(),
        new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS)),
      ]);
      await app.close();
      clearTimeout(cut);
      await testAcquirer?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const port = new URL(address).port;
  console.log(
    `Sobremesa is serving on http://localhost:${port} (${database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
