import { performance } from 'node:perf_hooks';
import type { DatabaseHandle } from '../../db/database.ts';

/** How long a resolved session is trusted without asking the database again (decision 054). */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** What a bearer token resolved to, as {@link authenticate} needs it again. */
export interface CachedSession {
  readonly sessionId: number;
  readonly userId: number;
  readonly venueId: number;
  readonly isAdmin: boolean;
  readonly copilotEnabled: boolean;
  lastUsedAt: Date;
  expiresAt: Date;
  readonly absoluteExpiresAt: Date;
}

interface Entry {
  readonly session: CachedSession;
  readonly storedAt: number;
}

/**
 * Sessions by venue and token hash, kept a few seconds so a tablet's burst of calls reads its session
 * once (issue 21 item 4). A revoked session (logout, a disabled member, a new password) leaves the cache
 * at once: the revoking instance forgets it itself and every instance hears the revocation NOTIFY the
 * sockets already close on. Until that subscription is up, nothing is cached. A member's flags changed
 * without a revocation show within {@link SESSION_CACHE_TTL_MS}.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;

  constructor(
    private readonly ttlMs: number = SESSION_CACHE_TTL_MS,
    /** A monotonic clock in ms (the venue's clock may stand still in tests; this one must not). */
    private readonly elapsedMs: () => number = () => performance.now(),
  ) {}

  /** Subscribes to revocations; resolves once listening (entries are kept from then on). */
  async listen(handle: DatabaseHandle, channel: string): Promise<void> {
    await handle.listen(channel, (payload) => {
      // An empty payload: the link was (re)established and revocations may have been missed.
      if (payload === '') this.entries.clear();
      else this.forgetSession(Number(payload));
    });
    this.listening = true;
  }

  get(venueId: number, tokenHash: string): CachedSession | undefined {
    const key = `${venueId}:${tokenHash}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.elapsedMs() - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.session;
  }

  set(tokenHash: string, session: CachedSession): void {
    if (!this.listening) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(`${session.venueId}:${tokenHash}`, { session, storedAt: this.elapsedMs() });
  }

  forgetSession(sessionId: number): void {
    for (const [key, entry] of this.entries)
      if (entry.session.sessionId === sessionId) this.entries.delete(key);
  }

  /** Forgets every session of a member (their flags or roles changed). */
  forgetUser(venueId: number, userId: number): void {
    for (const [key, entry] of this.entries)
      if (entry.session.venueId === venueId && entry.session.userId === userId) this.entries.delete(key);
  }
}

const caches = new WeakMap<DatabaseHandle, SessionCache>();

/** The session cache of one open database (one app), subscribing on first use. */
export function sessionCacheOf(handle: DatabaseHandle, channel: string): SessionCache {
  let cache = caches.get(handle);
  if (!cache) {
    cache = new SessionCache();
    caches.set(handle, cache);
    cache.listen(handle, channel).catch(() => undefined);
  }
  return cache;
}
