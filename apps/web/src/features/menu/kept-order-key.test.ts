import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBrowser, type FakeBrowser } from '../../lib/fake-browser-storage.ts';
import { CART_MAX_AGE_MS } from './guest-cart-store.ts';
import { forgetOrderKey, orderKeyFor } from './kept-order-key.ts';

const NOON = Date.UTC(2026, 10, 24, 12, 0);
const ORDER = JSON.stringify({ uid: 'guest-link-a', products: [{ sku: 'CER-01', quantity: 2 }] });
const OTHER_ORDER = JSON.stringify({ uid: 'guest-link-a', products: [{ sku: 'CER-01', quantity: 3 }] });

describe('the Idempotency-Key of an unanswered order, kept across reloads', () => {
  let browser: FakeBrowser;
  beforeEach(() => {
    browser = createFakeBrowser();
  });

  it('gives the same key for the same order after a reload, so the server makes it one order', () => {
    const first = orderKeyFor(ORDER, NOON, browser.storage);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(orderKeyFor(ORDER, NOON + 60_000, browser.storage)).toBe(first);
  });

  it('gives a new key once the guest changes the order', () => {
    const first = orderKeyFor(ORDER, NOON, browser.storage);
    const changed = orderKeyFor(OTHER_ORDER, NOON, browser.storage);
    expect(changed).not.toBe(first);
    // Only the latest order's key is kept: going back to the first order is a new submission too.
    expect(orderKeyFor(ORDER, NOON, browser.storage)).not.toBe(first);
  });

  it('gives a new key for the same order once the server has answered the last one', () => {
    const first = orderKeyFor(ORDER, NOON, browser.storage);
    forgetOrderKey(browser.storage);
    expect(browser.local.values.has('guestOrderKey')).toBe(false);
    expect(orderKeyFor(ORDER, NOON, browser.storage)).not.toBe(first);
  });

  it('does not reuse a key kept longer than a cart lives, or an unreadable one', () => {
    const first = orderKeyFor(ORDER, NOON, browser.storage);
    expect(orderKeyFor(ORDER, NOON + CART_MAX_AGE_MS + 1, browser.storage)).not.toBe(first);
    browser.local.values.set('guestOrderKey', '{not json');
    expect(orderKeyFor(ORDER, NOON, browser.storage)).toMatch(/^[0-9a-f]{32}$/);
    browser.local.values.set('guestOrderKey', JSON.stringify({ v: 1, order: ORDER, key: 7, savedAt: NOON }));
    expect(orderKeyFor(ORDER, NOON, browser.storage)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the key in memory when the browser refuses local storage', () => {
    browser.localRefused = true;
    const first = orderKeyFor(ORDER, NOON, browser.storage);
    expect(orderKeyFor(ORDER, NOON, browser.storage)).toBe(first);
  });
});
