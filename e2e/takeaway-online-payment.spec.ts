import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { chooseDate, openDates } from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 27 item 2: a guest orders for pickup, chooses to pay now by card, pays on the test acquirer's
 * hosted page (the demo venue is set up for it) and comes back to the order's page showing it paid.
 * The card number is typed on the acquirer's page only: no request to Sobremesa carries it (PCI-01).
 */
const TEST_CARD = '4548812049400004';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('paying a takeaway order online', () => {
  it('pays on the acquirer’s page and shows the order paid', async () => {
    const [date] = await openDates(server.url, 1, 2);
    // Axe is injected into the page, which the pages' CSP would refuse; the CSP's form-action for the
    // acquirer is checked by the server's tests.
    const context = await browser.newContext({ ...PHONE, locale: 'es-ES', bypassCSP: true });
    const page = await context.newPage();
    const toSobremesa: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.url))
        toSobremesa.push(`${request.url()} ${request.postData() ?? ''}`);
    });
    try {
      await page.goto(`${server.url}/takeaway-delivery`);
      await page.getByRole('heading', { level: 1, name: 'Pide para llevar o a domicilio' }).waitFor();
      await chooseDate(page, date!, 'Mes siguiente');
      await page.locator('select option[value="20:45"]').waitFor({ state: 'attached' });
      await page.getByLabel('Hora', { exact: true }).selectOption('20:45');
      await page.getByRole('button', { name: 'Añadir Pimientos de Padrón', exact: true }).click();
      await page.getByLabel('Nombre').fill('Irene');
      await page.getByLabel('Teléfono').fill('+34 600 987 654');
      await page.getByLabel('Email').fill('irene@example.com');
      // Paying at pickup is what the guest gets unless they choose otherwise.
      expect(await page.getByRole('radio', { name: 'Pagar al recoger' }).isChecked()).toBe(true);
      await page.getByRole('radio', { name: 'Pagar ahora con tarjeta' }).check();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Hacer pedido' }).click();

      // The acquirer's own page, on its own origin.
      await page.getByRole('heading', { level: 1, name: 'Pago con tarjeta' }).waitFor();
      expect(new URL(page.url()).origin).not.toBe(server.url);
      await page.getByLabel('Número de tarjeta').fill(TEST_CARD);
      await page.getByLabel('Caducidad (MM/AA)').fill('12/30');
      await page.getByLabel('CVV').fill('123');
      await page.getByRole('button', { name: 'Pagar' }).click();

      const heading = page.getByRole('heading', { level: 1, name: /^Pedido \d+$/ });
      await heading.waitFor();
      await page.getByText('Pagado', { exact: true }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Ahora: Recibido' }).count()).toBe(1);
      expect(new URL(page.url()).search).toBe('');
      expect(new URL(page.url()).hash).toMatch(/^#order=/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(toSobremesa.some((entry) => entry.includes('/world/api/takeaway/order'))).toBe(true);
      expect(toSobremesa.filter((entry) => entry.includes(TEST_CARD))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
