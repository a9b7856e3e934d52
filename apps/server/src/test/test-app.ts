import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import type { AppContext, Clock } from '../context.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { StreamLimits } from '../http/event-stream.ts';
import type { Mailer } from '../lib/mailer.ts';
import { createStaffAccount, type NewStaffAccount } from '../modules/users/staff-accounts.service.ts';
import { createVenue, type NewVenue } from '../modules/venues/venue-provisioning.service.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_BASE_DOMAIN = 'sobremesa.test';
export const TEST_PASSWORD = 'correct horse battery';

/** A clock tests move by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-20T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly clock: TestClock;
  readonly database: DatabaseHandle & { url?: string };
  close(): Promise<void>;
}

/** Builds the real app on a fresh database with a hand-moved clock. */
export async function buildTestApp(
  options: {
    webDist?: string;
    clock?: TestClock;
    extraRoutes?: (app: FastifyInstance, ctx: AppContext) => void;
    /** Guest emails (a real SMTP mailer against a loopback server in mail tests). */
    mailer?: Mailer;
    logger?: FastifyServerOptions['logger'];
    /** Shorter limits for the streaming endpoints (their tests wait for a cut instead of half an hour). */
    streamLimits?: Partial<StreamLimits>;
    /** The test acquirer venues on `test_acquirer` pay at (payments tests start one on loopback). */
    testAcquirerUrl?: string;
    /** The agency's endpoints and the extra CA to trust (fiscal tests point them at the simulator). */
    agencyUrls?: { production: string; test: string };
    agencyCa?: string;
    /** Load shedding's limit of requests in hand (off by default, as without MAX_INFLIGHT_REQUESTS). */
    maxInFlightRequests?: number;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = options.clock ?? new TestClock();
  // An app that refuses to start (a test of that) must not leave its database and connections behind.
  const built = await buildApp({
    database,
    clock,
    settings: {
      baseDomain: TEST_BASE_DOMAIN,
      trustProxy: false,
      webDist: options.webDist,
      streamLimits: options.streamLimits,
      testAcquirerUrl: options.testAcquirerUrl,
      fiscal: {
        secretKey: randomBytes(32),
        agencyUrls: options.agencyUrls ?? {
          production: 'https://127.0.0.1:9/',
          test: 'https://127.0.0.1:9/',
        },
        agencyCa: options.agencyCa,
        sendTimeoutMs: 10_000,
      },
      maxInFlightRequests: options.maxInFlightRequests,
      checkReplies: true,
    },
    mailer: options.mailer,
    logger: options.logger,
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const { app, ctx } = built;
  try {
    options.extraRoutes?.(app, ctx);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close();
    throw error;
  }
  return {
    app,
    ctx,
    clock,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The Host a venue answers on. */
export function hostOf(subdomain: string): string {
  return `${subdomain}.${TEST_BASE_DOMAIN}`;
}

/** Creates a venue for a test. */
export function givenVenue(t: TestApp, venue: Partial<NewVenue> & { subdomain: string }) {
  return createVenue(t.ctx.db, { businessName: `Casa ${venue.subdomain}`, ...venue });
}

/** Creates a staff account with the test password. */
export function givenStaff(
  t: TestApp,
  account: Omit<NewStaffAccount, 'password' | 'name'> & { name?: string },
) {
  return createStaffAccount(t.ctx.db, { name: 'Test Staff', password: TEST_PASSWORD, ...account });
}

/** Signs in through the real login call and returns the bearer token. */
export async function signIn(t: TestApp, subdomain: string, email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/world/api/user/login',
    headers: { host: hostOf(subdomain) },
    payload: { userEmail: email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { user: { token: string } }).user.token;
}

/** `inject` on a venue's host, with an optional bearer token. */
export function call(
  t: TestApp,
  subdomain: string,
  options: InjectOptions & { token?: string },
): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    headers: { host: hostOf(subdomain), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}
