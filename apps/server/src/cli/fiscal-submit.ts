import { fiscalServerSettings, loadEnv } from '../config/env.ts';
import { systemClock } from '../context.ts';
import { openDatabase } from '../db/open-database.ts';
import { startFiscalSubmitter } from '../modules/fiscal/submission/fiscal-submitter.ts';

/**
 * The VERI*FACTU queue on its own (decision 056), for a deployment that sends from a separate process and
 * for the crash tests: `npm run fiscal:submit` with the server's environment. Stops on SIGTERM or SIGINT
 * after the message under way.
 */
const env = loadEnv();
const database = await openDatabase(env);
const submitter = startFiscalSubmitter({
  db: database.db,
  clock: systemClock,
  settings: fiscalServerSettings(env),
  intervalMs: env.FISCAL_SUBMIT_INTERVAL_MS,
  log: (message, fields) => console.error(message, JSON.stringify(fields)),
});
console.log('fiscal submitter running');
const stop = async () => {
  await submitter.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
