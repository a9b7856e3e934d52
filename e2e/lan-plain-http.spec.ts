import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { seatedTableQr } from './support/menu.ts';
import { leaveKiosk, startKiosk } from './support/kiosk.ts';
import { PHONE } from './support/phone.ts';
import { bookThroughApi, freeTimes, openDates } from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

/**
 * Issue 17 item 13: a venue's tablets open the app over plain http on the venue's own network
 * (`http://192.168.1.20:3000`, decision 003). Such a page is not a secure context, so `crypto.randomUUID`
 * does not exist there; the TPV's payment used it and crashed. Nor does `crypto.subtle`, which the kiosk's
 * PIN used. Chromium maps the private address to the
 * test server on loopback (`--host-resolver-rules`), so every byte stays on this machine while the page,
 * its Host header and its origin are the LAN address's.
 */
const LAN_HOST = '192.168.1.20';

let server: RunningServer;
let browser: Browser;
let lanUrl: string;
let salaToken: string;

beforeAll(async () => {
  server = await startServer({ readyTimeoutMs: 180_000 });
  browser = await launchBrowser([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]);
  lanUrl = `http://${LAN_HOST}:${new URL(server.url).port}`;
  salaToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What makes the page what a LAN tablet gets: no secure context, so no randomUUID. */
async function insecurePage(page: Page) {
  return page.evaluate(() => ({
    origin: location.origin,
    isSecureContext,
    randomUUID: typeof (crypto as { randomUUID?: unknown }).randomUUID,
  }));
}

describe('the app on a private LAN address over plain http', () => {
  it('is served as the default venue and is no secure context', async () => {
    const page = await browser.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      await page.goto(`${lanUrl}/login`);
      await page.locator('input[type="password"]').waitFor();
      // Chromium ignores Cross-Origin-Opener-Policy on an untrustworthy origin and says so on every page.
      expect(consoleErrors.filter((text) => text.includes('Cross-Origin-Opener-Policy'))).toEqual([]);
      expect(await insecurePage(page)).toEqual({
        origin: lanUrl,
        isSecureContext: false,
        randomUUID: 'undefined',
      });
      // The API answers for the demo venue (the default one) on that Host.
      const config = await page.evaluate(async () => (await fetch('/world/api/systemconfig')).status);
      expect(config).toBe(200);
    } finally {
      await page.close();
    }
  });

  it('the TPV charges a table by card and issues its bill', async () => {
    const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const problems = watchForProblems(page);
      const table = await seatedTableQr(server.url, salaToken, 'Mesa LAN');
      const ordered = await callWithToken(
        server.url,
        '/world/api/cartsession/createcartsessionorder',
        salaToken,
        {
          orderInfo: { reservationId: table.reservationId, source: 1 },
          products: [{ sku: 'ENT-02', options: [], orderQuantity: 1 }],
        },
      );
      expect(ordered.status, await ordered.text()).toBe(201);

      await signInThroughForm(page, lanUrl, 'tpv@demo.test');
      await page.waitForURL(`${lanUrl}/copilot`);
      expect((await insecurePage(page)).isSecureContext).toBe(false);
      await page.getByRole('heading', { level: 1, name: /TPV/ }).waitFor();
      // No service worker on plain http (browsers allow none there, decision 051): the app runs without one.
      expect(await page.evaluate(() => typeof navigator.serviceWorker)).toBe('undefined');
      const account = page.locator(`.pos-account[data-reservation-id="${table.reservationId}"]`);
      await account.getByRole('button', { name: 'Cobrar', exact: true }).click();
      const overlay = page.getByRole('dialog', { name: /Cobrar la cuenta/ });
      await overlay.getByTestId('bill-total').filter({ hasText: '6,50' }).waitFor();
      await overlay.getByRole('button', { name: 'Tarjeta' }).first().click();
      await overlay.getByRole('button', { name: /Cobrar 6,50/ }).click();
      await overlay.getByRole('button', { name: 'Emitir factura y cerrar la cuenta' }).click();
      const issued = overlay.locator('.pos-issued');
      await issued.waitFor();
      expect(await issued.textContent()).toMatch(/Factura simplificada \S+ emitida/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a tablet becomes the door kiosk and staff leave it with their PIN', async () => {
    const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const problems = watchForProblems(page);
      await signInThroughForm(page, lanUrl, 'sala1@demo.test');
      await page.waitForURL(`${lanUrl}/copilot`);
      // No camera on plain http: the scanner says why instead of a bare "Error inicializando cámara".
      await page.getByRole('button', { name: 'Escanear QR' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Este navegador solo deja usar la cámara en una dirección segura (https).' })
        .waitFor();
      // No Web Crypto on plain http: the PIN is hashed without it (it failed silently here before).
      expect(await page.evaluate(() => typeof crypto.subtle)).toBe('undefined');
      await page.goto(`${lanUrl}/kiosk`);
      await startKiosk(page, '2468');
      await leaveKiosk(page, '2468');
      await page.waitForURL(`${lanUrl}/copilot`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a guest copies their booking’s invitation link without the Clipboard API', async () => {
    const [date] = await openDates(server.url, 1);
    const [time] = await freeTimes(server.url, date!, 4);
    const { body } = await bookThroughApi(server.url, {
      date: date!,
      timeSlot: time!,
      pax: 4,
      name: 'Marta LAN',
      email: 'marta.lan@example.com',
    });
    const context = await browser.newContext({ ...PHONE, locale: 'es-ES' });
    try {
      const page = await context.newPage();
      const problems = watchForProblems(page);
      await page.goto(`${lanUrl}/reservar#uid=${encodeURIComponent(body.uid)}`);
      expect(await page.evaluate(() => typeof navigator.clipboard)).toBe('undefined');
      await page.getByRole('button', { name: 'Invitar' }).click();
      await page.getByRole('button', { name: 'Copiar enlace' }).click();
      await page.getByRole('status').filter({ hasText: 'Enlace copiado.' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a guest orders from the table’s QR on the phone', async () => {
    const table = await seatedTableQr(server.url, salaToken, 'Mesa LAN 2');
    const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
    try {
      const page = await context.newPage();
      const problems = watchForProblems(page);
      await page.goto(table.qrUrl.replace(server.url, lanUrl));
      expect(await insecurePage(page)).toMatchObject({ isSecureContext: false, randomUUID: 'undefined' });
      await page.getByLabel('Your name').fill('Lucía');
      await page.getByRole('button', { name: 'Join the table' }).click();
      await page.locator('.menu-product').first().waitFor();
      await page.getByRole('button', { name: 'Add Patatas bravas (spicy potatoes)', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Patatas bravas (spicy potatoes)' });
      await sheet.getByRole('button', { name: /^Add to order/ }).click();
      await sheet.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^View order/ }).click();
      const sent = page.waitForRequest((request) => request.url().endsWith('/createcartsessionorder'));
      await page
        .getByRole('dialog', { name: 'Your order' })
        .getByRole('button', { name: 'Send order' })
        .click();
      expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
      await page.getByText('Order sent. Thank you!').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
