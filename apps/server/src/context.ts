import type { Database, DatabaseHandle } from './db/database.ts';
import type { StreamLimits } from './http/event-stream.ts';
import type { Mailer } from './lib/mailer.ts';
import type { RateLimiter } from './modules/rate-limit/rate-limit.service.ts';
import type { VenueDirectory } from './modules/venues/venues.service.ts';

/** The clock is passed in so tests and the domain never read the wall time on their own. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** How this server reaches the tax agency (decision 056). */
export interface FiscalServerSettings {
  /** Seals the venues' certificates and passphrases (32 bytes). */
  readonly secretKey: Buffer;
  /** The agency's VERI*FACTU SOAP endpoint for each environment of the venues' fiscal settings. */
  readonly agencyUrls: { readonly production: string; readonly test: string };
  /** Extra CA certificates (PEM) trusted for the agency's server, e.g. the local simulator's. */
  readonly agencyCa?: string;
  /** How long one message may take before its outcome counts as unknown (and it is sent again later). */
  readonly sendTimeoutMs: number;
}

/** Settings the HTTP layer needs, taken from the validated environment. */
export interface ServerSettings {
  readonly baseDomain: string;
  /** Overrides the advertised WebSocket URL; otherwise derived from the request's origin. */
  readonly websocketUrl?: string;
  readonly trustProxy: boolean;
  /** Folder of the built web app; absent or missing means API only. */
  readonly webDist?: string;
  /** Base URL of the test acquirer on loopback, when it runs (venues on `test_acquirer` pay there). */
  readonly testAcquirerUrl?: string;
  /** Overrides every streaming endpoint's limits (tests shorten them); each endpoint has its own defaults. */
  readonly streamLimits?: Partial<StreamLimits>;
  /** The agency submission (VERI*FACTU); without it certificates cannot be stored and nothing is sent. */
  readonly fiscal?: FiscalServerSettings;
  /** Requests in hand beyond which the instance answers 503 (MAX_INFLIGHT_REQUESTS); absent or 0: no limit. */
  readonly maxInFlightRequests?: number;
  /** Checks every reply against its route's declared contract (decision 067): on in tests and development. */
  readonly checkReplies?: boolean;
}

/** What services receive: the database and the shared collaborators, built once per app. */
export interface AppContext {
  readonly handle: DatabaseHandle;
  readonly db: Database;
  readonly clock: Clock;
  readonly settings: ServerSettings;
  readonly venues: VenueDirectory;
  readonly rateLimiter: RateLimiter;
  /** Sends guest emails (reservation confirmations) after commits; disabled without SMTP. */
  readonly mailer: Mailer;
}
