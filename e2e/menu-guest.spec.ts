import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import {
  guestJoinsTable,
  loseOrderReplies,
  ordersHeardFor,
  sendCart,
  staffFeed,
  type PhoneLocale,
} from './support/menu.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 6, the guest side: a guest scans a table's account QR on their phone, joins, orders dishes with
 * options and a menú del día, and staff hear the order on their realtime feed; a double tap or a retried
 * send is one order; a dish staff sell out is marked on the open menu without a reload; the search asks
 * for three characters; axe finds nothing serious.
 */
let server: RunningServer;
let browser: Browser;
let staffToken: string;
let tables = 0;

beforeAll(async () => {
  // A busy CI machine may take a while to migrate and seed a fresh database.
  [server, browser] = await Promise.all([
    startServer({ database: 'embedded', readyTimeoutMs: 180_000 }),
    launchBrowser(),
  ]);
  staffToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A guest's phone at a freshly seated table, joined under `name`, with the menu on screen. */
function guestAtTable(guestName: string, locale: PhoneLocale = 'en-GB') {
  tables += 1;
  return guestJoinsTable(browser, server.url, staffToken, { tableName: `Mesa ${tables}`, guestName, locale });
}

/** Opens a dish's sheet from its card and adds it, after `choose` picks what the dish needs. */
async function addDish(
  page: Page,
  name: string,
  choose: (sheet: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  const sheet = page.getByRole('dialog', { name });
  await choose(sheet);
  await sheet.getByRole('button', { name: /^Add to order/ }).click();
  await sheet.waitFor({ state: 'detached' });
}

describe('guest menu on a phone', () => {
  it('orders from a table QR in English with options and a menú del día, and staff hear it live', async () => {
    const feed = await staffFeed(server.url, staffToken);
    const guest = await guestAtTable('Emma');
    const { page } = guest;
    try {
      await expect(page.getByRole('heading', { level: 1, name: 'Menu' }).isVisible()).resolves.toBe(true);
      // The account QR's capability was swapped for the guest's own link, so a reload keeps them.
      expect(new URL(page.url()).searchParams.get('wid')).toBeNull();
      await page.getByText('Hello, Emma').waitFor();

      await page.getByRole('button', { name: 'Drinks', exact: true }).click();
      await addDish(page, 'Draught beer', async (sheet) => {
        await sheet.getByRole('radio', { name: /Pint \(50 cl\)/ }).check();
      });
      await page.getByRole('button', { name: 'Set menu of the day', exact: true }).click();
      await addDish(page, 'Set menu of the day', async (sheet) => {
        // Each course's first dish; a drink picked this way comes with its own required size, asked too.
        for (const course of await sheet.locator('.menu-choice').all()) {
          await course.getByRole('radio', { disabled: false }).first().check();
          const size = course.getByRole('group');
          if ((await size.count()) > 0) await size.getByRole('radio').first().check();
        }
      });

      await page.getByRole('button', { name: /^View order \(2\)/ }).click();
      const cart = page.getByRole('dialog', { name: 'Your order' });
      await cart.getByText('Pint (50 cl)').waitFor();
      await cart.getByRole('button', { name: 'Send order' }).click();
      await page.getByText('Order sent. Thank you!').waitFor();

      const created = await feed.waitFor(
        (event) =>
          event.topic === 'order.created' && event.payload.reservationId === guest.table.reservationId,
      );
      // The beer and the menu, whose courses are lines of their own under it.
      expect(created.payload.itemCount).toBeGreaterThanOrEqual(2);
      expect(created.payload.source).toBe(2);
    } finally {
      feed.close();
      await guest.close();
    }
  });

  it('sends one order for a double tap and for a retry after a lost reply', async () => {
    const feed = await staffFeed(server.url, staffToken);
    const guest = await guestAtTable('Noah');
    const { page } = guest;
    const ordersOfTable = ordersHeardFor(feed, guest.table.reservationId);
    try {
      await addDish(page, 'Patatas bravas (spicy potatoes)', async () => undefined);
      await page.getByRole('button', { name: /^View order \(1\)/ }).click();
      await page.getByRole('button', { name: 'Send order' }).dblclick();
      const sent = page.getByText('Order sent. Thank you!');
      await sent.waitFor();
      await feed.waitFor(
        (event) =>
          event.topic === 'order.created' && event.payload.reservationId === guest.table.reservationId,
      );

      // The server takes the order, but the reply never reaches the phone; the guest taps send again.
      await addDish(page, 'Padrón peppers', async () => undefined);
      await loseOrderReplies(page);
      await page.getByRole('button', { name: /^View order \(1\)/ }).click();
      await page.getByRole('button', { name: 'Send order' }).click();
      await page.getByRole('alert').filter({ hasText: 'We could not send your order' }).first().waitFor();
      await page.unrouteAll();
      // The first order's toast may still be up; the retry's own toast is the one to wait for.
      await sent.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Send order' }).click();
      await sent.waitFor();

      // A last, different order: once staff hear it, every earlier event of this table has arrived too.
      await addDish(page, 'Baked cheesecake', async () => undefined);
      await page.getByRole('button', { name: /^View order \(1\)/ }).click();
      const last = await sendCart(page, () => page.getByRole('button', { name: 'Send order' }).click());
      await feed.waitFor(
        (event) => event.topic === 'order.created' && event.payload.cartSessionOrderId === last,
      );
      expect(ordersOfTable()).toHaveLength(3);
    } finally {
      feed.close();
      await guest.close();
    }
  });

  it('marks a dish sold out on the open menu when staff run out of it, without a reload', async () => {
    const guest = await guestAtTable('Olivia');
    const { page } = guest;
    const card = page.locator('.menu-product', { hasText: 'Baked cheesecake' });
    const kitchen = await signInThroughApi(server.url, 'cocina@demo.test', DEMO_PASSWORD);
    const menu = await (await callWithToken(server.url, '/world/api/menu/get', kitchen, {})).json();
    const products = JSON.stringify(menu);
    const productId = Number(/"id":(\d+),"sku":"POS-01"/.exec(products)?.[1]);
    try {
      await expect(card.getByText('Sold out').count()).resolves.toBe(0);
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      const sold = await callWithToken(
        server.url,
        '/world/api/product/menu/update-availability-product',
        kitchen,
        {
          productId,
          available: false,
        },
      );
      expect(sold.status).toBe(200);
      await card.getByText('Sold out').waitFor();
      await expect(
        card.getByRole('button', { name: 'View details of Baked cheesecake' }).count(),
      ).resolves.toBe(1);
      await expect(
        page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      ).resolves.toBe(true);

      const back = await callWithToken(
        server.url,
        '/world/api/product/menu/update-availability-product',
        kitchen,
        {
          productId,
          available: true,
        },
      );
      expect(back.status).toBe(200);
      await card.getByRole('button', { name: 'Add Baked cheesecake' }).waitFor();
    } finally {
      await guest.close();
    }
  });

  it('asks for three characters before searching, then finds dishes without accents', async () => {
    const guest = await guestAtTable('Liam');
    const { page } = guest;
    try {
      const search = page.getByRole('searchbox', { name: 'Search the menu' });
      await search.fill('cr');
      await page.getByText('Type at least three characters to search.').waitFor();
      await search.fill('padron');
      await page.getByText('1 dish found').waitFor();
      await page.getByRole('list', { name: 'Search results' }).getByText('Padrón peppers').waitFor();
    } finally {
      await guest.close();
    }
  });

  it('has no serious accessibility violations on the menu, a dish and the cart (Spanish)', async () => {
    const guest = await guestAtTable('Lucía', 'es-ES');
    const { page } = guest;
    try {
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Añadir Chuletón de vaca madurada (1 kg)' }).click();
      const sheet = page.getByRole('dialog');
      await sheet.waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // Its required choices start empty: the guest makes them.
      await sheet.getByRole('radio', { name: 'Al punto' }).check();
      await sheet.getByRole('radio', { name: /^Patatas fritas/ }).check();
      await sheet.getByRole('button', { name: /^Añadir al pedido/ }).click();
      await page.getByRole('button', { name: /^Ver pedido \(1\)/ }).click();
      await page.getByRole('dialog', { name: 'Tu pedido' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await guest.close();
    }
  });
});
