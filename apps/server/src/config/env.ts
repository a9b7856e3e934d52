import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { FiscalServerSettings } from '../context.ts';
import { loadFiscalSecret } from '../modules/fiscal/submission/fiscal-secret.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** The process environment, parsed once; nothing else reads `process.env` (ARCHITECTURE §2). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL server; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connections the requests share (decision 055); PGlite has one. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** PostgreSQL connections of the realtime feed's outbox reads, apart from the requests'. */
  DATABASE_REALTIME_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * Requests one instance works on at once; beyond this it answers 503 with Retry-After at once rather
   * than queueing (decision 055). Health, the realtime socket, live streams and the web app's files are
   * exempt. 0 turns the limit off.
   */
  MAX_INFLIGHT_REQUESTS: z.coerce.number().int().min(0).default(64),
  /**
   * Check every reply against its route's declared contract before it is sent (decision 067); a drift is a
   * 500. Default on, except with NODE_ENV=production.
   */
  CHECK_REPLIES: z.enum(['0', '1']).optional(),
  /** Seed the demo venue into an empty database. Default on with PGlite, off with DATABASE_URL. */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /**
   * With the demo seeded, bring its current service day to life on start (decision 053): today's bookings,
   * tables seated and ordering, tickets in every kitchen state. Once per service day; `0` leaves it empty.
   */
  DEMO_LIVE: z.enum(['0', '1']).default('1'),
  /** Venues live at <subdomain>.<BASE_DOMAIN>; `*.localhost` works out of the box in browsers. */
  BASE_DOMAIN: z.string().default('localhost'),
  /** Overrides the WebSocket URL systemconfig advertises (behind a proxy that changes host or scheme). */
  WEBSOCKET_URL: z.string().optional(),
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /**
   * SMTP server for guest emails (reservation confirmations), e.g. `smtp://user:password@mail.example.com:587`
   * or `smtps://...:465`; `?tls=insecure` accepts a self-signed certificate. Without it no email is sent.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /**
   * Port of the test acquirer (decision 039), which the server starts on 127.0.0.1 when a venue's payment
   * settings name `test_acquirer` (the demo venue's do); 0 picks a free port. It stands in for Redsys:
   * its card page takes only test cards and no money moves.
   */
  TEST_ACQUIRER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * VERI*FACTU submission (decision 056). The key sealing the venues' certificates: 32 bytes in base64;
   * without it the server makes `fiscal-secret.key` in DATA_DIR on first start (keep it with the backups).
   */
  FISCAL_SECRET_KEY: z.string().optional(),
  /** The agency's SOAP endpoints, for venues on production and on test (the local simulator in the demo). */
  AEAT_PRODUCTION_URL: z
    .url({ protocol: /^https$/ })
    .default('https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP'),
  AEAT_TEST_URL: z
    .url({ protocol: /^https$/ })
    .default('https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP'),
  /** A PEM file of extra CAs trusted for the agency's server (the simulator's); the system roots always are. */
  AEAT_EXTRA_CA_FILE: z.string().optional(),
  /** How long a message may wait for the agency's reply before its outcome counts as unknown. */
  AEAT_SEND_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** How often the queue looks for records to send. */
  FISCAL_SUBMIT_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** From header of guest emails. */
  MAIL_FROM: z.string().default('Sobremesa <reservas@localhost>'),
});

export type Env = z.infer<typeof envSchema>;

/** Parses and validates the environment, exiting with a readable list of problems. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return parsed.data;
}

/** Whether the demo venue is seeded: by default with the embedded database, only on request with PostgreSQL. */
export function shouldSeedDemo(env: Env): boolean {
  if (env.SEED_DEMO) return env.SEED_DEMO === '1';
  return !env.DATABASE_URL;
}

export { repoRoot };

/** The submission settings from the environment (decision 056). */
export function fiscalServerSettings(env: Env): FiscalServerSettings {
  return {
    secretKey: loadFiscalSecret({ fromEnv: env.FISCAL_SECRET_KEY, dataDir: env.DATA_DIR }),
    agencyUrls: { production: env.AEAT_PRODUCTION_URL, test: env.AEAT_TEST_URL },
    agencyCa: env.AEAT_EXTRA_CA_FILE ? readFileSync(env.AEAT_EXTRA_CA_FILE, 'utf8') : undefined,
    sendTimeoutMs: env.AEAT_SEND_TIMEOUT_MS,
  };
}
