import { performance } from 'node:perf_hooks';
import type { AppContext } from '../../context.ts';
import type { DatabaseHandle } from '../../db/database.ts';

/** Where the database says a venue's accounting configuration changed (migration 0024's triggers). */
export const ACCOUNTING_CONFIG_CHANNEL = 'sobremesa_accounting_config_changed';

/** A kept reply is built again after this long even when no change was heard: the bound if one is lost. */
export const ACCOUNTING_CONFIG_TTL_MS = 5_000;

interface Kept {
  readonly json: string;
  readonly storedAt: number;
}

/**
 * The accounting-config reply of each venue, serialized, as every staff screen asks for it again (decision 054,
 * sixth session). The database's triggers announce every write of the drawers, their slots, the card readers
 * and the providers on commit, to every instance; the instance that wrote also forgets at once
 * ({@link forget}), before it answers, as the notification reaches it through another connection.
 *
 * A reply built from a read that began before a change was heard is answered but not kept (the generation
 * moved), so a read racing a write never keeps what the write replaced. Until the subscription is up nothing
 * is kept; a re-established link (an empty payload) forgets every venue, as missed changes may be among them.
 */
export class AccountingConfigCache {
  private readonly replies = new Map<number, Kept>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly ttlMs: number = ACCOUNTING_CONFIG_TTL_MS,
    /** A monotonic clock in ms (the venue's clock may stand still in tests; this one must not). */
    private readonly elapsedMs: () => number = () => performance.now(),
  ) {}

  /** Subscribes to the changes; resolves once listening (replies are kept from then on). */
  async listen(handle: DatabaseHandle, channel: string): Promise<void> {
    await handle.listen(channel, (payload) => {
      const venueId = Number(payload);
      // '' (the link was re-established) and '*' (the denominations every venue shares changed): all of them.
      if (payload === '' || !Number.isInteger(venueId)) this.forgetAll();
      else this.forget(venueId);
    });
    this.listening = true;
  }

  /** The venue's reply as kept, else built by `build` (and kept when nothing changed meanwhile). */
  async reply(venueId: number, build: () => Promise<string>): Promise<string> {
    const kept = this.replies.get(venueId);
    if (kept && this.elapsedMs() - kept.storedAt <= this.ttlMs) return kept.json;
    if (!this.listening) return build();
    const generation = this.generation;
    const json = await build();
    if (generation === this.generation) this.replies.set(venueId, { json, storedAt: this.elapsedMs() });
    return json;
  }

  forget(venueId: number): void {
    this.generation++;
    this.replies.delete(venueId);
  }

  private forgetAll(): void {
    this.generation++;
    this.replies.clear();
  }
}

const caches = new WeakMap<DatabaseHandle, AccountingConfigCache>();

/** The accounting-config cache of one open database (one app), subscribing on first use. */
export function accountingConfigCacheOf(handle: DatabaseHandle): AccountingConfigCache {
  let cache = caches.get(handle);
  if (!cache) {
    cache = new AccountingConfigCache();
    caches.set(handle, cache);
    cache.listen(handle, ACCOUNTING_CONFIG_CHANNEL).catch(() => undefined);
  }
  return cache;
}

/**
 * Forgets the venue's kept reply on this instance, once a write of its drawers, their slots or its card readers
 * has committed: the next call, which may follow that write's reply at once, reads them again. The other
 * instances hear it from the database.
 */
export function forgetAccountingConfig(ctx: AppContext, venueId: number): void {
  accountingConfigCacheOf(ctx.handle).forget(venueId);
}
