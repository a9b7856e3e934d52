import { storage, type AppStorage } from '../../lib/storage.ts';
import { CART_MAX_AGE_MS } from './guest-cart-store.ts';
import { newIdempotencyKey } from '../../lib/random-key.ts';

/**
 * The Idempotency-Key of the guest's unanswered order, kept beside their cart (decision 014): a phone that sends,
 * loses the reply and reloads finds the same cart, and sending it again must be the same order on the server
 * (REL-03), not a second one for the kitchen. Kept as `guestOrderKey` in local storage (memory when refused),
 * with the order it was made for, until the server answers.
 */

type KeptStore = Pick<AppStorage, 'get' | 'set' | 'remove'>;

const FORMAT_VERSION = 1;

interface KeptKey {
  readonly v: typeof FORMAT_VERSION;
  /** The order as sent (its JSON): the key belongs to this order only. */
  readonly order: string;
  readonly key: string;
  readonly savedAt: number;
}

function readKept(raw: string | null, now: number): KeptKey | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<KeptKey> | null;
    if (value?.v !== FORMAT_VERSION || typeof value.order !== 'string' || typeof value.key !== 'string')
      return null;
    if (typeof value.savedAt !== 'number' || Math.abs(now - value.savedAt) > CART_MAX_AGE_MS) return null;
    return value as KeptKey;
  } catch {
    return null;
  }
}

/** The key for sending `order`: the kept one when this very order went unanswered before, else a new one, kept. */
export function orderKeyFor(order: string, now: number = Date.now(), store: KeptStore = storage): string {
  const kept = readKept(store.get('guestOrderKey'), now);
  if (kept?.order === order) return kept.key;
  const fresh: KeptKey = { v: FORMAT_VERSION, order, key: newIdempotencyKey(), savedAt: now };
  store.set('guestOrderKey', JSON.stringify(fresh));
  return fresh.key;
}

/** The server answered: the next order, even an identical one, is a new order. */
export function forgetOrderKey(store: KeptStore = storage): void {
  store.remove('guestOrderKey');
}
