import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * Issue 18 item 2: the gin the guest paid 3 EUR for is on the bar's ticket whether the station shows
 * options in full or not, and identical lines of one order are drawn as one ("2× Gin tonic").
 */
let server: RunningServer;
let browser: Browser;
let salaToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  salaToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await callWithToken(server.url, path, salaToken, body);
  const reply = (await response.json()) as T;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

interface MenuReply {
  menus: {
    menuCategories: {
      products: { sku: string; productOptions: { id: number; options: { id: number; name: string }[] }[] }[];
    }[];
  }[];
}

describe('the bar ticket', () => {
  it('shows the chosen gin, compact or in full, with identical lines merged', async () => {
    const { reservation } = await post<{ reservation: { id: number } }>('/world/reservation/createwalkin', {
      name: 'Mesa Ginebra',
      pax: 2,
    });
    const { menus } = await post<MenuReply>('/world/api/menu/get', {});
    const ginTonic = menus
      .flatMap((menu) => menu.menuCategories.flatMap((category) => category.products))
      .find((product) => product.sku === 'VER-02')!;
    const gin = ginTonic.productOptions[0]!;
    const hendricks = gin.options.find((option) => option.name === "Hendrick's")!;
    const chosen = [{ optionTypeId: gin.id, productChoiceId: hendricks.id }];
    // Two of the same drink in one order: a line each on the wire (each poured and served on its own), one on the ticket.
    await post('/world/api/cartsession/createcartsessionorder', {
      orderInfo: { reservationId: reservation.id, source: 1 },
      products: [{ sku: 'VER-02', options: chosen, orderQuantity: 2 }],
    });

    const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
    const page: Page = await context.newPage();
    try {
      await signInThroughForm(page, server.url, 'barra@demo.test');
      await page.waitForURL(`${server.url}/copilot`);
      const ticket = page.locator(`.kitchen-ticket[data-reservation-id="${reservation.id}"]`);
      const line = ticket.locator('.kitchen-line', { hasText: 'Gin tonic' });
      await line.first().waitFor({ timeout: 15_000 });
      // The station's default ("choices off", spec §9): the gin still shows, as a summary.
      expect(await line.count()).toBe(1);
      expect(await line.locator('.kitchen-line__units').textContent()).toBe('2×');
      expect(await line.locator('.kitchen-line__detail').allTextContents()).toEqual(["Hendrick's"]);
      expect(await line.locator('.kitchen-line__choices').count()).toBe(0);

      // Choices in full: one a row.
      await page.getByRole('button', { name: 'Opciones de vista' }).click();
      await page
        .getByRole('dialog', { name: 'Opciones de vista' })
        .getByLabel('Mostrar las opciones elegidas')
        .check();
      await line.locator('.kitchen-line__choices li', { hasText: "Hendrick's" }).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);
});
