import type { CopilotRole } from '@sobremesa/contracts';
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

interface Entry<T> {
  readonly value: T;
  readonly storedAt: number;
}

/**
 * Sessions by venue and token hash, kept a few seconds so a tablet's burst of calls reads its session
 * once (issue 21 item 4). A revoked session (logout, a disabled member, a new password) leaves the cache
 * at once: the revoking instance forgets it itself and every instance hears the revocation NOTIFY the
 * sockets already close on. Until that subscription is up, nothing is cached. A member's flags changed
 * without a revocation show within {@link SESSION_CACHE_TTL_MS}.
 *
 * A member's copilot roles are kept beside them, as long, for the role every staff call is checked in: the
 * admin's change of a member's roles forgets them at once on its own instance (`forgetUser`), and within
 * {@link SESSION_CACHE_TTL_MS} on the others, as a member's flags.
 */
export class SessionCache {
  private readonly sessions = new Map<string, Entry<CachedSession>>();
  private readonly roles = new Map<string, Entry<readonly CopilotRole[]>>();
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
      if (payload === '') {
        this.sessions.clear();
        this.roles.clear();
      } else this.forgetSession(Number(payload));
    });
    this.listening = true;
  }

  get(venueId: number, tokenHash: string): CachedSession | undefined {
    return this.fresh(this.sessions, `${venueId}:${tokenHash}`);
  }

  set(tokenHash: string, session: CachedSession): void {
    this.keep(this.sessions, `${session.venueId}:${tokenHash}`, session);
  }

  /** A member's copilot roles, if kept. */
  rolesOf(venueId: number, userId: number): readonly CopilotRole[] | undefined {
    return this.fresh(this.roles, `${venueId}:${userId}`);
  }

  keepRoles(venueId: number, userId: number, roles: readonly CopilotRole[]): void {
    this.keep(this.roles, `${venueId}:${userId}`, roles);
  }

  forgetSession(sessionId: number): void {
    for (const [key, entry] of this.sessions)
      if (entry.value.sessionId === sessionId) this.sessions.delete(key);
  }

  /** Forgets every session of a member and their roles (their flags or roles changed). */
  forgetUser(venueId: number, userId: number): void {
    for (const [key, entry] of this.sessions)
      if (entry.value.venueId === venueId && entry.value.userId === userId) this.sessions.delete(key);
    this.roles.delete(`${venueId}:${userId}`);
  }

  private fresh<T>(entries: Map<string, Entry<T>>, key: string): T | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (this.elapsedMs() - entry.storedAt > this.ttlMs) {
      entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  private keep<T>(entries: Map<string, Entry<T>>, key: string, value: T): void {
    if (!this.listening) return;
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, { value, storedAt: this.elapsedMs() });
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
