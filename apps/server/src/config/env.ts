import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
