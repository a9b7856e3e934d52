import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { guestJoinsTable, loseOrderReplies, ordersHeardFor, sendCart, staffFeed } from './support/menu.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 6, the guest's cart on their phone survives a reload and a rescan of the table's QR (same lines,
 * quantities, options and comments), is gone once sent, and a dish sold out meanwhile comes back blocked; an
 * order whose reply was lost is still one order when the guest reloads and sends it again.
 */
let server: RunningServer;
let browser: Browser;
let staffToken: string;
let tables = 0;

beforeAll(async () => {
  // A busy CI machine may take a while to migrate and seed a fresh database.
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  staffToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A guest's phone at a freshly seated table, joined under `name`, with the menu on screen. */
function guestAtTable(guestName: string) {
  tables += 1;
  return guestJoinsTable(browser, server.url, staffToken, {
    tableName: `Mesa ${tables}`,
    guestName,
    locale: 'en-GB',
  });
}

/** Opens a dish's sheet from its card and adds it, after `choose` picks what the dish needs. */
async function addDish(
  page: Page,
  name: string,
  choose: (sheet: ReturnType<Page['getByRole']>) => Promise<void> = async () => undefined,
) {
  await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  const sheet = page.getByRole('dialog', { name });
  await choose(sheet);
  await sheet.getByRole('button', { name: /^Add to order/ }).click();
  await sheet.waitFor({ state: 'detached' });
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^View order/ });
const cartSheet = (page: Page) => page.getByRole('dialog', { name: 'Your order' });

/** What the guest reads of each line in the cart sheet: dish, choices, comment, quantity and price. */
async function cartLines(page: Page): Promise<string[]> {
  await cartButton(page).click();
  // The sheet's code may still be arriving (its own chunk, decision 017).
  await cartSheet(page).getByRole('listitem').first().waitFor();
  const lines = await cartSheet(page).getByRole('listitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await cartSheet(page).waitFor({ state: 'detached' });
  return lines;
}

async function reloadMenu(page: Page) {
  await page.reload();
  await page.locator('.menu-product').first().waitFor();
}

describe('guest cart kept on the phone', () => {
  it('keeps the cart through a reload and a rescan of the QR, and forgets it once sent', async () => {
    const guest = await guestAtTable('Lucía');
    const { page } = guest;
    try {
      await addDish(page, 'Patatas bravas (spicy potatoes)');
      await page.getByRole('button', { name: 'Drinks', exact: true }).click();
      await addDish(page, 'Draught beer', async (sheet) => {
        await sheet.getByRole('radio', { name: /Pint \(50 cl\)/ }).check();
        await sheet.getByLabel('Note for the bar').fill('No foam');
      });
      await cartButton(page).click();
      await cartSheet(page).getByRole('button', { name: 'One more Patatas bravas (spicy potatoes)' }).click();
      await cartSheet(page).getByLabel('Message for the staff').fill('Bring the starters together');
      await page.keyboard.press('Escape');

      await cartButton(page)
        .filter({ hasText: /^View order \(3\) · / })
        .waitFor();
      const button = await cartButton(page).innerText();
      const lines = await cartLines(page);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain('Patatas bravas (spicy potatoes)');
      expect(lines[0]).toMatch(/\n2\n/);
      expect(lines[1]).toContain('Draught beer');
      expect(lines[1]).toContain('Pint (50 cl)');
      expect(lines[1]).toContain('“No foam”');

      await reloadMenu(page);
      await expect(cartButton(page).innerText()).resolves.toBe(button);
      await expect(cartLines(page)).resolves.toEqual(lines);

      // Scanning the table's QR again finds the guest already joined, and their cart with them.
      await page.goto(guest.table.qrUrl);
      await page.getByText('Hello, Lucía').waitFor();
      await expect(cartButton(page).innerText()).resolves.toBe(button);

      await cartButton(page).click();
      // The message written before the reload and the rescan is still there, and leaves with the order.
      await expect(cartSheet(page).getByLabel('Message for the staff').inputValue()).resolves.toBe(
        'Bring the starters together',
      );
      const sent = page.waitForRequest((request) => request.url().endsWith('/createcartsessionorder'));
      await cartSheet(page).getByRole('button', { name: 'Send order' }).click();
      expect((await sent).postDataJSON()).toMatchObject({
        orderInfo: { clientMessage: 'Bring the starters together' },
      });
      await page.getByText('Order sent. Thank you!').waitFor();
      await cartSheet(page).waitFor({ state: 'detached' });

      await reloadMenu(page);
      await expect(cartButton(page).innerText()).resolves.toBe('View order (0)');
      await cartButton(page).click();
      await cartSheet(page).getByText('You have not added anything yet.').waitFor();
      await expect(page.evaluate(() => localStorage.getItem('guestCart'))).resolves.toBeNull();
    } finally {
      await guest.close();
    }
  });

  it('brings back a dish sold out meanwhile, blocked until the guest removes it', async () => {
    const guest = await guestAtTable('Mateo');
    const { page } = guest;
    const kitchen = await signInThroughApi(server.url, 'cocina@demo.test', DEMO_PASSWORD);
    const menu = JSON.stringify(
      await (await callWithToken(server.url, '/world/api/menu/get', kitchen, {})).json(),
    );
    const productId = Number(/"id":(\d+),"sku":"POS-01"/.exec(menu)?.[1]);
    const setAvailable = async (available: boolean) => {
      const reply = await callWithToken(
        server.url,
        '/world/api/product/menu/update-availability-product',
        kitchen,
        { productId, available },
      );
      expect(reply.status).toBe(200);
    };
    try {
      await addDish(page, 'Baked cheesecake');
      await cartButton(page)
        .filter({ hasText: /^View order \(1\)/ })
        .waitFor();
      // The phone drops the tab; staff run out of the dish before the guest comes back to their link.
      const link = page.url();
      await page.close();
      await setAvailable(false);

      const phone = await page.context().newPage();
      await phone.goto(link);
      await phone.locator('.menu-product').first().waitFor();
      await cartButton(phone).click();
      const cart = cartSheet(phone);
      await cart.getByText('Baked cheesecake').waitFor();
      await cart.getByText('Sold out: remove it to send your order.').waitFor();
      await expect(cart.getByRole('button', { name: 'Send order' }).isDisabled()).resolves.toBe(true);

      await cart.getByRole('button', { name: 'One less Baked cheesecake' }).click();
      await cart.getByText('You have not added anything yet.').waitFor();
      await expect(phone.evaluate(() => localStorage.getItem('guestCart'))).resolves.toBeNull();
    } finally {
      await setAvailable(true);
      await guest.close();
    }
  });

  it('tells the guest, once, when a dish of their kept cart has left the menu', async () => {
    const guest = await guestAtTable('Irene');
    const { page } = guest;
    const menu = JSON.stringify(
      await (await callWithToken(server.url, '/world/api/menu/get', staffToken, {})).json(),
    );
    const productId = Number(/"id":(\d+),"sku":"ENT-03"/.exec(menu)?.[1]);
    // Taking a dish off the menu is the venue's (the admin's) call.
    const admin = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
    const setVisible = async (isVisible: boolean) => {
      const reply = await callWithToken(server.url, '/world/api/product/menu/update', admin, {
        menuProduct: { id: productId, isVisible },
      });
      expect(reply.status).toBe(200);
    };
    const notice = page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Some dishes in your order are no longer on the menu and have been removed.');
    try {
      await addDish(page, 'Padrón peppers');
      await addDish(page, 'Patatas bravas (spicy potatoes)');
      await cartButton(page)
        .filter({ hasText: /^View order \(2\)/ })
        .waitFor();
      // Staff take the peppers off the menu before the guest comes back to their link.
      await setVisible(false);

      await reloadMenu(page);
      await notice.first().waitFor();
      await expect(cartLines(page)).resolves.toEqual([
        expect.stringContaining('Patatas bravas (spicy potatoes)'),
      ]);

      // Said once: the kept cart was written back without the peppers.
      await reloadMenu(page);
      await cartButton(page)
        .filter({ hasText: /^View order \(1\)/ })
        .waitFor();
      // The notice would be raised on the render that shows the kept cart; opening the cart is renders later.
      await cartButton(page).click();
      await cartSheet(page).getByText('Patatas bravas (spicy potatoes)').waitFor();
      await expect(notice.count()).resolves.toBe(0);
    } finally {
      await setVisible(true);
      await guest.close();
    }
  });

  it('sends an order once when its reply was lost and the guest reloads and sends it again', async () => {
    const feed = await staffFeed(server.url, staffToken);
    const guest = await guestAtTable('Carmen');
    const { page } = guest;
    const ordersOfTable = ordersHeardFor(feed, guest.table.reservationId);
    try {
      await addDish(page, 'Padrón peppers');
      // The kitchen gets the order, but the phone loses the reply (a dropped connection).
      await loseOrderReplies(page);
      await cartButton(page).click();
      await cartSheet(page).getByRole('button', { name: 'Send order' }).click();
      await page.getByRole('alert').filter({ hasText: 'We could not send your order' }).first().waitFor();
      await feed.waitFor(() => ordersOfTable().length === 1);
      await page.unrouteAll();

      // Unsure, the guest reloads: the cart is still there, and sending it again is the same order.
      await reloadMenu(page);
      await cartButton(page).click();
      await cartSheet(page).getByText('Padrón peppers').waitFor();
      await cartSheet(page).getByRole('button', { name: 'Send order' }).click();
      await page.getByText('Order sent. Thank you!').waitFor();
      await expect(page.evaluate(() => localStorage.getItem('guestOrderKey'))).resolves.toBeNull();

      // The same dish ordered again afterwards is a new order: once staff hear it, the replay would have arrived.
      await addDish(page, 'Padrón peppers');
      await cartButton(page).click();
      const last = await sendCart(page, () =>
        cartSheet(page).getByRole('button', { name: 'Send order' }).click(),
      );
      await feed.waitFor(
        (event) => event.topic === 'order.created' && event.payload.cartSessionOrderId === last,
      );
      expect(ordersOfTable()).toHaveLength(2);
    } finally {
      feed.close();
      await guest.close();
    }
  });
});
