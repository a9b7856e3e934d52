import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { staffTablet } from './support/shell.ts';

/**
 * Issue 18 item 4: an alert ends with its cause on every tablet. A table asks for its bill; Sala and TPV
 * show "Piden la cuenta" and the "Cuentas por cobrar" badge; the TPV charges the table and both clear,
 * without anyone tapping "Atendido".
 */
let server: RunningServer;
let browser: Browser;
let salaToken: string;
let tpvToken: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  salaToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
  tpvToken = await signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD);
}, 200_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function tablet(email: string): Promise<Page> {
  const { page, context } = await staffTablet(browser, server.url, email);
  contexts.push(context);
  return page;
}

async function post<T>(token: string, path: string, body: Record<string, unknown>): Promise<T> {
  const response = await callWithToken(server.url, path, token, body);
  const reply = (await response.json()) as T;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

const pendingCard = (page: Page, id: number) =>
  page.locator(`.notification-centre [data-list="pending"] [data-notification-id="${id}"]`);
const billBadge = (page: Page) =>
  page
    .locator('.notification-centre__overlays button')
    .filter({ hasText: 'Cuentas por cobrar' })
    .locator('.notification-centre__badge');

describe('alerts that end with their cause', () => {
  it('paying a table clears its bill request and badge on Sala and TPV', async () => {
    const [sala, tpv] = await Promise.all([tablet('sala@demo.test'), tablet('tpv@demo.test')]);
    const { reservation } = await post<{ reservation: { id: number; wid: string } }>(
      salaToken,
      '/world/reservation/createwalkin',
      { name: 'Mesa Pagada', pax: 2 },
    );
    const { menus } = await post<{
      menus: {
        menuCategories: {
          products: {
            sku: string;
            productOptions: { minChoices: number }[];
            isMenu: string;
            isUnitary: string;
          }[];
        }[];
      }[];
    }>(salaToken, '/world/api/menu/get', {});
    const dish = menus
      .flatMap((menu) => menu.menuCategories.flatMap((category) => category.products))
      .find(
        (product) =>
          product.isMenu === 'NO' &&
          product.isUnitary === 'NO' &&
          product.productOptions.every((type) => type.minChoices === 0),
      )!;
    await post(salaToken, '/world/api/cartsession/createcartsessionorder', {
      orderInfo: { reservationId: reservation.id, source: 1 },
      products: [{ sku: dish.sku, options: [], orderQuantity: 1 }],
    });
    const { notification } = await post<{ notification: { id: number } }>(
      salaToken,
      '/world/notification/new',
      {
        reservationWid: reservation.wid,
        paymentMethod: 'card',
      },
    );
    await Promise.all(
      [sala, tpv].map((page) => pendingCard(page, notification.id).waitFor({ timeout: 10_000 })),
    );
    for (const page of [sala, tpv]) expect(Number(await billBadge(page).textContent())).toBeGreaterThan(0);

    await post(tpvToken, '/world/api/reservation/paid-reservation', {
      reservationId: reservation.id,
      paymentMethod: 'card',
    });
    await Promise.all(
      [sala, tpv].map((page) =>
        pendingCard(page, notification.id).waitFor({ state: 'detached', timeout: 10_000 }),
      ),
    );
    for (const page of [sala, tpv]) await billBadge(page).waitFor({ state: 'detached', timeout: 10_000 });
  }, 120_000);
});
