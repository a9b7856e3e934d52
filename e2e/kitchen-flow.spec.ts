import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

/**
 * Issue 7 in Chromium, three contexts: a guest's phone orders; the kitchen tablet (the admin, switching
 * between Cocina, Pasante and Barra) works the order; the Sala tablet serves it. Every change on one
 * shows on the others through the staff realtime feed, without a reload.
 */
let server: RunningServer;
let browser: Browser;
let salaToken: string;

// Generous start-up limits: on a busy CI runner migrations and the demo seed can take over a minute.
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ database: 'embedded', readyTimeoutMs: 150_000 }),
    launchBrowser(),
  ]);
  salaToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function staffCall<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await callWithToken(server.url, path, token, body);
  const reply = (await response.json()) as T;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

/** A seated walk-in and a guest who joined its account from their phone (the account QR's capability). */
async function seatedGuest(phone: BrowserContext, name: string) {
  const { reservation } = await staffCall<{ reservation: { id: number; wid: string; table: string | null } }>(
    salaToken,
    '/world/reservation/createwalkin',
    { name, pax: 2 },
  );
  const { uid: hostCode } = await staffCall<{ uid: string }>(salaToken, '/world/api/reservation/account-qr', {
    reservationWid: reservation.wid,
  });
  const joined = await phone.request.post(`${server.url}/world/api/user/createguestusermenu`, {
    data: { reservationWid: reservation.wid, hostCode, name: 'Lucía' },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const { uid } = (await joined.json()) as { uid: string };
  return { reservation, uid };
}

async function tablet(email: string): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signInThroughForm(page, server.url, email);
  await page.waitForURL(`${server.url}/copilot`);
  await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 15_000 });
  return { page, context, problems };
}

async function switchRole(page: Page, view: 'Cocina' | 'Barra' | 'Pasante'): Promise<void> {
  await page.getByRole('button', { name: /Rol: / }).click();
  const picker = page.getByRole('dialog', { name: '¿En qué puesto trabajas?' });
  await picker.getByRole('button', { name: new RegExp(`^${view}`) }).click();
  await page.getByRole('heading', { level: 1, name: `Vista ${view}` }).waitFor();
}

const ticketOf = (scope: Page | Locator, reservationId: number) =>
  scope.locator(`.kitchen-ticket[data-reservation-id="${reservationId}"]`);
const lineNamed = (scope: Page | Locator, name: string) => scope.locator('.kitchen-line', { hasText: name });

describe('an order from the guest phone through kitchen, pass and Sala', () => {
  it('reaches the kitchen live, holds the second course, and is cooked, passed and served', async () => {
    const phone = await browser.newContext({ ...PHONE, locale: 'es-ES' });
    const kitchen = await tablet('admin@demo.test');
    const sala = await tablet('sala@demo.test');
    try {
      await switchRole(kitchen.page, 'Cocina');
      await kitchen.page.locator('.kitchen').waitFor();

      // The view options start at the spec's defaults and are kept in their cookie.
      await kitchen.page.getByRole('button', { name: 'Opciones de vista' }).click();
      const options = kitchen.page.getByRole('dialog', { name: 'Opciones de vista' });
      expect(await options.getByLabel('Mostrar pedidos sin puesto').isChecked()).toBe(true);
      expect(await options.getByLabel('Más recientes primero').isChecked()).toBe(false);
      await options.getByLabel('Ticket formateado').check();
      await kitchen.page.locator('.kitchen--formatted').waitFor();
      const cookie = (await kitchen.context.cookies(server.url)).find(
        (candidate) => candidate.name === 'elaborationStationViewOptions',
      );
      expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toMatchObject({
        formattedTicket: true,
        showGhostOrders: true,
        ungrouped: false,
      });
      await options.getByLabel('Ticket formateado').uncheck();
      await options.getByRole('button', { name: /Cerrar/ }).click();

      const { reservation, uid } = await seatedGuest(phone, 'Mesa Cocina');
      const order = await phone.request.post(`${server.url}/world/api/cartsession/createcartsessionorder`, {
        headers: { 'idempotency-key': randomUUID() },
        data: {
          uid,
          orderInfo: { name: 'Lucía', pax: 2, source: 2, reservationId: reservation.id },
          products: [
            { sku: 'ENT-02', orderQuantity: 1 },
            { sku: 'PES-01', orderQuantity: 1 },
            { sku: 'BEB-03', orderQuantity: 2 },
          ],
        },
      });
      expect(order.ok(), await order.text()).toBe(true);

      // The kitchen sees the food without a reload, the drink not at all, the main course held.
      const ticket = ticketOf(kitchen.page, reservation.id);
      const bravas = lineNamed(ticket, 'Patatas bravas');
      await bravas.waitFor();
      const merluza = lineNamed(ticket, 'Merluza a la vasca');
      expect(await merluza.getAttribute('data-held')).toBe('true');
      expect(await merluza.getByRole('button', { name: 'Empezar Merluza a la vasca' }).count()).toBe(0);
      expect(await lineNamed(kitchen.page, 'Coca-Cola').count()).toBe(0);
      if (reservation.table)
        expect(await ticket.locator('.kitchen-ticket__table').textContent()).toBe(reservation.table);

      // Start, finish, take the bump back, finish again.
      await bravas.getByRole('button', { name: 'Empezar Patatas bravas' }).click();
      await ticket.locator('.kitchen-line[data-status="2"]', { hasText: 'Preparando' }).waitFor();
      await bravas.getByRole('button', { name: 'Marcar Patatas bravas como listo' }).click();
      await bravas.waitFor({ state: 'detached' });
      await kitchen.page.locator('.kitchen-undo', { hasText: 'Listo: Patatas bravas' }).waitFor();
      await kitchen.page.getByRole('button', { name: 'Deshacer' }).click();
      await ticket.locator('.kitchen-line[data-status="2"]', { hasText: 'Patatas bravas' }).waitFor();
      await lineNamed(ticket, 'Patatas bravas')
        .getByRole('button', { name: 'Marcar Patatas bravas como listo' })
        .click();

      // Sala sees it ready to serve, live.
      const ready = sala.page.locator('.ready-to-serve');
      await lineNamed(ready, 'Patatas bravas').waitFor();

      // The kitchen fires the main course: the merluza can be started now.
      await ticket.getByRole('button', { name: 'Marchar Segundos' }).click();
      await lineNamed(ticket, 'Merluza a la vasca')
        .getByRole('button', { name: 'Empezar Merluza a la vasca' })
        .waitFor();
      expect(await lineNamed(ticket, 'Merluza a la vasca').getAttribute('data-held')).toBe('false');
      await lineNamed(ticket, 'Merluza a la vasca')
        .getByRole('button', { name: 'Empezar Merluza a la vasca' })
        .click();
      await ticket.locator('.kitchen-line[data-status="2"]', { hasText: 'Merluza a la vasca' }).waitFor();

      // The pass: the bravas are ready; onto the hot table.
      await switchRole(kitchen.page, 'Pasante');
      const passReady = kitchen.page.getByRole('region', { name: 'Listo en el pase' });
      await lineNamed(passReady, 'Patatas bravas')
        .getByRole('button', { name: 'Pasar Patatas bravas a la mesa caliente' })
        .click();
      const hot = kitchen.page.getByRole('region', { name: 'Mesa caliente' });
      await lineNamed(hot, 'Patatas bravas').waitFor();

      // Another kitchen tablet finishes the merluza: the pass gets the order-ready overlay.
      const cocinaToken = await signInThroughApi(server.url, 'cocina@demo.test', DEMO_PASSWORD);
      const day = await staffCall<{ groups: { items: { productOrderId: number; productSku: string }[] }[] }>(
        cocinaToken,
        '/world/api/productorder/get-by-role',
        {},
      );
      const merluzaId = day.groups
        .flatMap((group) => group.items)
        .find((item) => item.productSku === 'PES-01')!.productOrderId;
      await staffCall(cocinaToken, '/world/api/productorder/finishpreparation', {
        productOrderIds: [merluzaId],
      });
      const overlay = kitchen.page.getByRole('dialog', { name: 'Pedido listo' });
      await overlay.getByText('Merluza a la vasca').waitFor();
      await overlay.getByRole('button', { name: 'Entendido' }).click();

      // Sala serves the bravas from the hot table: gone from Sala and from the pass.
      await lineNamed(ready, 'Patatas bravas').getByRole('button', { name: 'Servir Patatas bravas' }).click();
      await lineNamed(ready, 'Patatas bravas').waitFor({ state: 'detached' });
      await lineNamed(hot, 'Patatas bravas').waitFor({ state: 'detached' });

      // The drinks went to the bar only.
      await switchRole(kitchen.page, 'Barra');
      const drinks = kitchen.page.getByRole('region', { name: 'Bebidas por preparar' });
      await lineNamed(drinks, 'Coca-Cola').waitFor();
      expect(await lineNamed(drinks, 'Merluza a la vasca').count()).toBe(0);

      // Every account the kitchen saw, with where each line is now.
      await kitchen.page.getByRole('button', { name: 'Todas las reservas' }).click();
      const accounts = kitchen.page.getByRole('dialog', { name: 'Todas las reservas en cocina' });
      const account = accounts.locator(`.kitchen-account[data-reservation-id="${reservation.id}"]`);
      await lineNamed(account, 'Patatas bravas').filter({ hasText: 'Servido' }).waitFor();
      await lineNamed(account, 'Merluza a la vasca').filter({ hasText: 'Listo' }).waitFor();

      expect(kitchen.problems).toEqual([]);
      expect(sala.problems).toEqual([]);
    } finally {
      await Promise.all([phone.close(), kitchen.context.close(), sala.context.close()]);
    }
    // One long story on three contexts (every step waits on what the user sees, none on a clock).
  }, 150_000);
});
