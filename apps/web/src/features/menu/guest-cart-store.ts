import type { MenuProduct } from '@sobremesa/contracts';
import type { CartLine, CartOptionChoice } from '@sobremesa/domain';
import { isRecord } from '../../lib/api-client.ts';
import { storage, type AppStorage } from '../../lib/storage.ts';
import {
  EMPTY_CART,
  lineSku,
  productSku,
  type GuestCart,
  type MenuPick,
} from '../../lib/guest-menu/guest-cart.ts';

/**
 * The guest's cart kept between loads of the menu (issue 6): a reload, a phone that drops the tab or a rescan of
 * the QR finds the same lines. One cart per phone, for one guest link (`uid`), as `guestCart` in local storage
 * (memory when refused, `lib/storage.ts`). Only what the guest chose is kept — skus, option ids, quantities,
 * comments, course picks, the message to staff — never names or prices: those come from the menu of the moment, and the server prices
 * the order itself (SEC-10).
 */

/** Bumped when the stored shape changes: an older value is then ignored rather than misread. */
const FORMAT_VERSION = 1;

/** A cart untouched this long belongs to an earlier service (lunch left in the phone until dinner). */
export const CART_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** The order contract's own bounds (`orders.contract.ts`), so a tampered value cannot grow without end. */
const LIMITS = {
  lines: 100,
  sku: 64,
  options: 30,
  picks: 20,
  quantity: 999,
  comment: 500,
  message: 1000,
} as const;

type KeptStore = Pick<AppStorage, 'get' | 'set' | 'remove'>;

interface StoredLine {
  readonly sku: string;
  readonly options: readonly CartOptionChoice[];
  readonly quantity: number;
  readonly comments?: string;
  readonly picks?: readonly MenuPick[];
}

interface StoredCart {
  readonly v: typeof FORMAT_VERSION;
  readonly uid: string;
  /** When the guest last changed the cart (ms since the epoch). */
  readonly savedAt: number;
  readonly lines: readonly StoredLine[];
  readonly message?: string;
}

/** The cart as kept: each line with its product's sku and its course picks, so no separator is stored. */
export function serialiseCart(uid: string, cart: GuestCart, now: number): string {
  const stored: StoredCart = {
    v: FORMAT_VERSION,
    uid,
    savedAt: now,
    lines: cart.lines.map((line) => {
      const picks = cart.picks[line.sku] ?? [];
      return {
        sku: productSku(line),
        options: line.options.map(({ optionTypeId, productChoiceId }) => ({ optionTypeId, productChoiceId })),
        quantity: line.quantity,
        ...(line.comments ? { comments: line.comments } : {}),
        ...(picks.length > 0
          ? {
              picks: picks.map(({ courseId, sku, options }) => ({
                courseId,
                sku,
                // The course dish's own options (decision 015): a "Doble" beer comes back a "Doble" beer.
                ...(options && options.length > 0
                  ? {
                      options: options.map(({ optionTypeId, productChoiceId }) => ({
                        optionTypeId,
                        productChoiceId,
                      })),
                    }
                  : {}),
              })),
            }
          : {}),
      };
    }),
    ...(cart.message ? { message: cart.message } : {}),
  };
  return JSON.stringify(stored);
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value);

const isSku = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= LIMITS.sku &&
  productSku({ sku: value }) === value;

function parseOption(value: unknown): CartOptionChoice | null {
  if (!isRecord(value) || !isId(value.optionTypeId) || !isId(value.productChoiceId)) return null;
  return { optionTypeId: value.optionTypeId, productChoiceId: value.productChoiceId };
}

function parsePick(value: unknown): MenuPick | null {
  if (!isRecord(value) || !isId(value.courseId) || !isSku(value.sku)) return null;
  const options = value.options === undefined ? [] : parseAll(value.options, LIMITS.options, parseOption);
  if (!options) return null;
  return { courseId: value.courseId, sku: value.sku, ...(options.length > 0 ? { options } : {}) };
}

/** Every item parsed, or null when one is not: a half-understood cart is not the guest's cart. */
function parseAll<T>(value: unknown, max: number, parse: (item: unknown) => T | null): T[] | null {
  if (!Array.isArray(value) || value.length > max) return null;
  const parsed = value.map(parse);
  return parsed.every((item) => item !== null) ? (parsed as T[]) : null;
}

function parseLine(value: unknown): { line: CartLine; picks: MenuPick[] } | null {
  if (!isRecord(value) || !isSku(value.sku)) return null;
  const { quantity, comments } = value;
  if (!isId(quantity) || quantity < 1 || quantity > LIMITS.quantity) return null;
  if (comments !== undefined && (typeof comments !== 'string' || comments.length > LIMITS.comment))
    return null;
  const options = parseAll(value.options, LIMITS.options, parseOption);
  const picks = value.picks === undefined ? [] : parseAll(value.picks, LIMITS.picks, parsePick);
  if (!options || !picks) return null;
  const line: CartLine = {
    sku: lineSku(value.sku, picks),
    options,
    quantity,
    ...(comments ? { comments } : {}),
  };
  return { line, picks };
}

/**
 * The guest's cart from a kept value, or null when there is none for this guest now: absent, unreadable, of
 * another format version, of another guest link, or older than {@link CART_MAX_AGE_MS} (or dated as far ahead:
 * a clock put back).
 */
export function parseCart(raw: string | null, uid: string, now: number): GuestCart | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.v !== FORMAT_VERSION || value.uid !== uid) return null;
  if (typeof value.savedAt !== 'number' || Math.abs(now - value.savedAt) > CART_MAX_AGE_MS) return null;
  const lines = parseAll(value.lines, LIMITS.lines, parseLine);
  if (!lines) return null;
  const { message } = value;
  if (message !== undefined && (typeof message !== 'string' || message.length > LIMITS.message)) return null;
  const picks: Record<string, readonly MenuPick[]> = {};
  for (const { line, picks: chosen } of lines) if (chosen.length > 0) picks[line.sku] = chosen;
  return { lines: lines.map(({ line }) => line), picks, ...(message ? { message } : {}) };
}

/** Whether the menu still offers the line as chosen: its product, each option and each course dish. */
function stillOffered(cart: GuestCart, line: CartLine, product: MenuProduct | undefined): boolean {
  if (!product) return false;
  const optionsExist = line.options.every((choice) =>
    product.productOptions
      .find((type) => type.id === choice.optionTypeId)
      ?.options.some((option) => option.id === choice.productChoiceId),
  );
  const picksExist = (cart.picks[line.sku] ?? []).every((pick) => {
    const dish = product.menuCourses
      .find((course) => course.id === pick.courseId)
      ?.items.find((item) => item.sku === pick.sku);
    return (
      dish !== undefined &&
      (pick.options ?? []).every((choice) =>
        dish.productOptions
          ?.find((type) => type.id === choice.optionTypeId)
          ?.options.some((option) => option.id === choice.productChoiceId),
      )
    );
  });
  return optionsExist && picksExist;
}

/**
 * The kept cart against the menu of now: a line the menu no longer offers (its dish, an option or a course dish
 * gone) is dropped; a sold-out one stays, for `unavailableLines` to block as on any open menu.
 */
export function reconcileCart(cart: GuestCart, bySku: ReadonlyMap<string, MenuProduct>): GuestCart {
  const lines = cart.lines.filter((line) => stillOffered(cart, line, bySku.get(productSku(line))));
  if (lines.length === cart.lines.length) return cart;
  const picks: Record<string, readonly MenuPick[]> = {};
  for (const line of lines) {
    const chosen = cart.picks[line.sku];
    if (chosen) picks[line.sku] = chosen;
  }
  return { ...cart, lines, picks };
}

export interface KeptCart {
  readonly cart: GuestCart;
  /** Lines were kept that the menu no longer offers, and were left out: the guest is told. */
  readonly dropped: boolean;
}

/** The guest's kept cart, reconciled with the menu; a value that is not theirs any more is removed. */
export function loadGuestCart(
  uid: string,
  bySku: ReadonlyMap<string, MenuProduct>,
  now: number = Date.now(),
  store: KeptStore = storage,
): KeptCart {
  const raw = store.get('guestCart');
  const kept = parseCart(raw, uid, now);
  if (kept) {
    const cart = reconcileCart(kept, bySku);
    return { cart, dropped: cart.lines.length < kept.lines.length };
  }
  // Another guest link's cart is dropped too: one phone orders as one guest at a time.
  if (raw !== null) store.remove('guestCart');
  return { cart: EMPTY_CART, dropped: false };
}

/** Keeps the cart as the guest just left it; an empty cart (sent, finished, emptied) leaves nothing behind. */
export function saveGuestCart(
  uid: string,
  cart: GuestCart,
  now: number = Date.now(),
  store: KeptStore = storage,
): void {
  if (cart.lines.length === 0) store.remove('guestCart');
  else store.set('guestCart', serialiseCart(uid, cart, now));
}
