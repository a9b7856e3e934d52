import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { guestJoinsTable } from './support/menu.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 18 item 6 and issue 26 item 6 (decision 038): the TPV charges the table and the guest's phone,
 * open on the menu, turns live to its thank-you state: what was paid, the receipt to download, the rating;
 * ordering is closed with a message instead of failing.
 */
const GOOGLE = 'https://g.page/r/sobremesa-demo/review';

let server: RunningServer;
let browser: Browser;
let salaToken: string;
let tpvToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  [salaToken, tpvToken] = await Promise.all([
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD),
  ]);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function ok(reply: Promise<Response>, what: string): Promise<unknown> {
  const response = await reply;
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

describe("the guest's phone after payment", () => {
  it('turns live to thanks, gives the receipt and asks for a rating', async () => {
    const guest = await guestJoinsTable(browser, server.url, salaToken, {
      tableName: 'Mesa Gracias',
      guestName: 'Lucía',
      locale: 'es-ES',
    });
    const { page } = guest;
    const folder = mkdtempSync(path.join(tmpdir(), 'thank-you-'));
    try {
      const { cartSessionOrder } = (await ok(
        callWithToken(server.url, '/world/api/cartsession/createcartsessionorder', salaToken, {
          orderInfo: { reservationId: guest.table.reservationId, source: 1 },
          products: [{ sku: 'ENT-02', options: [], orderQuantity: 2 }],
        }),
        'order',
      )) as { cartSessionOrder: { totalCents: number } };
      await page.getByRole('button', { name: /^Ver pedido/ }).waitFor();
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

      await ok(
        callWithToken(server.url, '/world/api/reservation/paid-reservation', tpvToken, {
          reservationId: guest.table.reservationId,
          paymentMethod: 'card',
        }),
        'paid',
      );
      await page.getByRole('heading', { name: '¡Gracias por tu visita!' }).waitFor();
      await expect(page.evaluate(() => 'stillTheSamePage' in window)).resolves.toBe(true);
      const amount = (cartSessionOrder.totalCents / 100).toFixed(2).replace('.', ',');
      await page.getByText(new RegExp(`^Cuenta pagada: ${amount}\\s€$`)).waitFor();
      await page
        .locator('[role="status"]', { hasText: 'Cuenta pagada. ¡Gracias por tu visita!' })
        .waitFor({ state: 'attached' });
      // Ordering is over, and said: no cart to send, no dish to add.
      await page.getByText('La cuenta de esta mesa está pagada: ya no se pueden hacer más pedidos').waitFor();
      expect(await page.getByRole('button', { name: /^Ver pedido/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Añadir / }).count()).toBe(0);

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Descargar el tique (PDF)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^factura-.+\.pdf$/);
      const file = path.join(folder, 'receipt.pdf');
      await download.saveAs(file);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('FACTURA SIMPLIFICADA');
      expect(text).toMatch(new RegExp(`TOTAL \\(IVA incluido\\) +${amount} EUR`));

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '5 estrellas' }).click();
      const google = page.getByRole('link', { name: 'Escribir una reseña en Google' });
      await google.waitFor();
      expect(await google.getAttribute('href')).toBe(GOOGLE);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await guest.close();
    }
  });
});
