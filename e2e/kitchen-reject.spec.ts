import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { staffTablet } from './support/shell.ts';

/**
 * The kitchen refuses a dish it cannot make (issue 25, decision 052): "Rechazar" on Cocina's ticket line,
 * asked first, takes the line off the board and the bill. The pass (Pasante) may not: the server says so.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof floorApi>;
let salaToken: string;
let pasanteToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  [salaToken, pasanteToken] = await Promise.all([
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'pasante@demo.test', DEMO_PASSWORD),
  ]);
  api = floorApi(server.url, await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD));
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Line {
  productOrderId: number;
  productSku: string;
  statusProductOrder: number;
}
async function linesOf(id: number): Promise<Line[]> {
  const { reservations } = await api.call<{
    reservations: { id: number; cartSession: { productOrders: Line[] } | null }[];
  }>('/world/api/reservation/getbyday', {});
  return reservations.find((reservation) => reservation.id === id)?.cartSession?.productOrders ?? [];
}

describe('the kitchen rejecting a dish', () => {
  it('rejects a line on Cocina after asking; Pasante is refused by the server', async () => {
    const table = await api.walkIn('Mesa Rechazo', 2);
    const ordered = await callWithToken(
      server.url,
      '/world/api/cartsession/createcartsessionorder',
      salaToken,
      {
        orderInfo: { reservationId: table.id, source: 1 },
        products: [
          { sku: 'ENT-02', options: [], orderQuantity: 1 },
          { sku: 'ENT-03', options: [], orderQuantity: 1 },
        ],
      },
    );
    expect(ordered.status).toBe(201);

    const { page, context } = await staffTablet(browser, server.url, 'cocina@demo.test');
    try {
      const ticket = page.locator(`.kitchen-ticket[data-reservation-id="${table.id}"]`);
      const bravas = ticket.locator('.kitchen-line', { hasText: 'Patatas bravas' });
      const reject = bravas.getByRole('button', { name: 'Rechazar Patatas bravas' });
      await reject.waitFor();

      // It asks first; "No" (focused) leaves the line as it was.
      await reject.click();
      const ask = bravas.getByRole('group', { name: '¿Rechazar Patatas bravas? No se prepara ni se cobra.' });
      expect(
        await ask.getByRole('button', { name: 'No' }).evaluate((button) => button === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('Enter');
      await reject.waitFor();
      expect((await linesOf(table.id)).find((line) => line.productSku === 'ENT-02')?.statusProductOrder).toBe(
        1,
      );

      await reject.click();
      await ask.getByRole('button', { name: 'Sí, rechazar' }).click();
      await bravas.waitFor({ state: 'detached' });
      expect((await linesOf(table.id)).find((line) => line.productSku === 'ENT-02')?.statusProductOrder).toBe(
        -4,
      );
      // The other dish stays on the ticket.
      await ticket.locator('.kitchen-line', { hasText: 'Pimientos de Padrón' }).waitFor();
    } finally {
      await context.close();
    }

    const peppers = (await linesOf(table.id)).find((line) => line.productSku === 'ENT-03')!;
    const refused = await callWithToken(
      server.url,
      '/world/api/productorder/mark-as-rejected',
      pasanteToken,
      {
        productOrderIds: [peppers.productOrderId],
      },
    );
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('Tu rol no permite esta acción.');
    expect((await linesOf(table.id)).find((line) => line.productSku === 'ENT-03')?.statusProductOrder).toBe(
      1,
    );
  }, 150_000);
});
