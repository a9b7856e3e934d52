import type { MenuGetResponse, MenuProduct } from '@sobremesa/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBrowser, type FakeBrowser } from '../../lib/fake-browser-storage.ts';
import { EMPTY_CART, addProduct, unavailableLines, type GuestCart } from '../../lib/guest-menu/guest-cart.ts';
import {
  CART_MAX_AGE_MS,
  loadGuestCart,
  parseCart,
  reconcileCart,
  saveGuestCart,
  serialiseCart,
} from './guest-cart-store.ts';
import { beer, croquettes, dayMenu, menuReply } from '../../lib/guest-menu/menu-fixtures.ts';
import { productsBySku } from '../../lib/menu-products.ts';

const UID = 'guest-link-a';
const NOON = Date.UTC(2026, 10, 22, 12, 0);
const bySku = productsBySku(menuReply().menus);

const pint = { options: [{ optionTypeId: 6, productChoiceId: 16 }], picks: [], comments: 'Bien fría' };
const lentilsAndSteak = [
  { courseId: 1, sku: 'MDD-01' },
  { courseId: 2, sku: 'MDD-03' },
];

/** Two pints with a comment, a menú del día, croquettes stepped up once: every kind of line the guest makes. */
function fullCart(): GuestCart {
  let cart = addProduct(EMPTY_CART, beer, pint);
  cart = addProduct(cart, beer, pint);
  cart = addProduct(cart, dayMenu, { options: [], picks: lentilsAndSteak });
  cart = addProduct(cart, croquettes, { options: [], picks: [] });
  return cart;
}

/** The menu as `menu/get` would answer after staff changed it. */
function menuWithout(sku: string): MenuGetResponse {
  const reply = menuReply();
  for (const menu of reply.menus)
    for (const category of menu.menuCategories)
      category.products = category.products.filter((product) => product.sku !== sku);
  return reply;
}

describe('kept cart format', () => {
  it('gives back the same lines, quantities, options, comments and menu picks', () => {
    const cart = fullCart();
    expect(parseCart(serialiseCart(UID, cart, NOON), UID, NOON + 60_000)).toEqual(cart);
  });

  it('keeps the message to staff with the lines, and lines added later keep it', () => {
    const cart = addProduct({ ...fullCart(), message: 'Somos celíacos, sin pan por favor' }, croquettes, {
      options: [],
      picks: [],
    });
    expect(cart.message).toBe('Somos celíacos, sin pan por favor');
    expect(parseCart(serialiseCart(UID, cart, NOON), UID, NOON)).toEqual(cart);
  });

  it('keeps only what the guest chose: no names or prices', () => {
    const raw = serialiseCart(UID, fullCart(), NOON);
    expect(raw).not.toContain('Caña');
    expect(raw).not.toContain('priceCents');
    expect(raw.length).toBeLessThan(600);
  });

  it('is another guest link’s cart for nobody else', () => {
    expect(parseCart(serialiseCart('guest-link-b', fullCart(), NOON), UID, NOON)).toBeNull();
  });

  it('expires after a service, and when the clock was put back as far', () => {
    const raw = serialiseCart(UID, fullCart(), NOON);
    expect(parseCart(raw, UID, NOON + CART_MAX_AGE_MS)).not.toBeNull();
    expect(parseCart(raw, UID, NOON + CART_MAX_AGE_MS + 1)).toBeNull();
    expect(parseCart(raw, UID, NOON - CART_MAX_AGE_MS - 1)).toBeNull();
  });

  it.each([
    ['not JSON', '{"v":1,'],
    ['JSON of another kind', '["CER-01"]'],
    ['an older format', JSON.stringify({ uid: UID, savedAt: NOON, lines: [{ sku: 'CER-01', quantity: 1 }] })],
    ['a line without options', stored([{ sku: 'CER-01', quantity: 1 }])],
    ['a zero quantity', stored([{ sku: 'CER-01', options: [], quantity: 0 }])],
    ['a fractional quantity', stored([{ sku: 'CER-01', options: [], quantity: 1.5 }])],
    ['an option without ids', stored([{ sku: 'CER-01', options: [{ optionTypeId: '6' }], quantity: 1 }])],
    ['a broken pick', stored([{ sku: 'MDD-00', options: [], quantity: 1, picks: [{ courseId: 1 }] }])],
    ['a sku with the line separator', stored([{ sku: 'MDD-00\u001f1:MDD-01', options: [], quantity: 1 }])],
    ['a comment that is not text', stored([{ sku: 'CER-01', options: [], quantity: 1, comments: 7 }])],
    [
      'too many lines',
      stored(Array.from({ length: 101 }, () => ({ sku: 'CER-01', options: [], quantity: 1 }))),
    ],
    ['no date', JSON.stringify({ v: 1, uid: UID, lines: [] })],
    ['a message that is not text', JSON.stringify({ v: 1, uid: UID, savedAt: NOON, lines: [], message: 7 })],
    [
      'a message longer than an order takes',
      JSON.stringify({ v: 1, uid: UID, savedAt: NOON, lines: [], message: 'x'.repeat(1001) }),
    ],
  ])('ignores %s', (_case, raw) => {
    expect(parseCart(raw, UID, NOON)).toBeNull();
  });
});

function stored(lines: unknown[]): string {
  return JSON.stringify({ v: 1, uid: UID, savedAt: NOON, lines });
}

describe('reconciling with the menu of now', () => {
  it('drops a line whose dish left the menu, with its menu picks', () => {
    const cart = reconcileCart(fullCart(), productsBySku(menuWithout('MDD-00').menus));
    expect(cart.lines.map((line) => line.sku)).toEqual(['CER-01', 'ENT-01']);
    expect(cart.picks).toEqual({});
  });

  it('drops a line whose option or course dish is no longer offered', () => {
    const withoutPint = productsBySku(menuReply().menus);
    withoutPint.set('CER-01', { ...beer, productOptions: [{ ...beer.productOptions[0]!, options: [] }] });
    withoutPint.set('MDD-00', { ...dayMenu, menuCourses: dayMenu.menuCourses.slice(0, 1) });
    expect(reconcileCart(fullCart(), withoutPint).lines.map((line) => line.sku)).toEqual(['ENT-01']);
  });

  it('keeps the options of a course dish, and drops the line once such an option is no longer offered', () => {
    const sizes = { id: 9, name: 'Tamaño', minChoices: 1, maxChoices: 1, sortOrder: 0 };
    const withSizes = (optionIds: number[]): MenuProduct => ({
      ...dayMenu,
      menuCourses: dayMenu.menuCourses.map((course) => ({
        ...course,
        items: course.items.map((item) =>
          item.sku === 'MDD-01'
            ? {
                ...item,
                productOptions: [
                  {
                    ...sizes,
                    options: optionIds.map((id) => ({
                      id,
                      name: `Opción ${id}`,
                      priceModifierCents: 100,
                      enabled: 1,
                      sortOrder: 0,
                    })),
                  },
                ],
              }
            : item,
        ),
      })),
    });
    const doubled = [
      { courseId: 1, sku: 'MDD-01', options: [{ optionTypeId: 9, productChoiceId: 91 }] },
      lentilsAndSteak[1]!,
    ];
    const cart = addProduct(EMPTY_CART, withSizes([91]), { options: [], picks: doubled });
    const kept = parseCart(serialiseCart(UID, cart, NOON), UID, NOON)!;
    expect(kept.picks).toEqual(cart.picks);

    const offered = productsBySku(menuReply().menus);
    offered.set('MDD-00', withSizes([91, 92]));
    expect(reconcileCart(kept, offered).lines).toHaveLength(1);
    offered.set('MDD-00', withSizes([92]));
    expect(reconcileCart(kept, offered).lines).toEqual([]);
  });

  it('keeps a sold-out dish, blocked as on an open menu', () => {
    const now = productsBySku(menuReply().menus);
    now.set('CER-01', { ...beer, available: false });
    const cart = reconcileCart(fullCart(), now);
    expect(cart).toEqual(fullCart());
    expect([...unavailableLines(cart, now)]).toEqual(['CER-01']);
  });
});

describe('keeping the cart in the browser', () => {
  let browser: FakeBrowser;
  beforeEach(() => {
    browser = createFakeBrowser();
  });

  it('finds the cart again after a reload, for the same guest link', () => {
    saveGuestCart(UID, fullCart(), NOON, browser.storage);
    expect(loadGuestCart(UID, bySku, NOON + 1000, browser.storage)).toEqual({
      cart: fullCart(),
      dropped: false,
    });
  });

  it('leaves nothing behind once the cart is empty (sent, or the reservation finished)', () => {
    saveGuestCart(UID, fullCart(), NOON, browser.storage);
    saveGuestCart(UID, EMPTY_CART, NOON, browser.storage);
    expect(browser.local.values.has('guestCart')).toBe(false);
    expect(loadGuestCart(UID, bySku, NOON, browser.storage).cart).toEqual(EMPTY_CART);
  });

  it('starts empty and removes a value that is not this guest’s cart now', () => {
    browser.local.values.set('guestCart', 'not json');
    expect(loadGuestCart(UID, bySku, NOON, browser.storage).cart).toEqual(EMPTY_CART);
    expect(browser.local.values.has('guestCart')).toBe(false);

    saveGuestCart('guest-link-b', fullCart(), NOON, browser.storage);
    expect(loadGuestCart(UID, bySku, NOON, browser.storage).cart).toEqual(EMPTY_CART);
    expect(browser.local.values.has('guestCart')).toBe(false);
  });

  it('keeps the cart in memory for the page when local storage is refused', () => {
    browser.localRefused = true;
    saveGuestCart(UID, fullCart(), NOON, browser.storage);
    expect(loadGuestCart(UID, bySku, NOON, browser.storage).cart).toEqual(fullCart());
  });

  it('says so when lines the menu no longer offers were left out of the kept cart', () => {
    saveGuestCart(UID, fullCart(), NOON, browser.storage);
    const kept = loadGuestCart(UID, productsBySku(menuWithout('MDD-00').menus), NOON, browser.storage);
    expect(kept.dropped).toBe(true);
    expect(kept.cart.lines.map((line) => line.sku)).toEqual(['CER-01', 'ENT-01']);
  });

  it('never puts the cart in a cookie', () => {
    browser.storage.consent.accept();
    saveGuestCart(UID, fullCart(), NOON, browser.storage);
    expect(browser.jar.values.has('guestCart')).toBe(false);
  });
});
