import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { linesOf as floorLinesOf, openCommander, productButton } from './support/commander.ts';
import { floorApi, floorTablet, toast } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

/**
 * Issue 25 item 2 (decision 051): the venue's Wi-Fi drops. Chromium's own network emulation takes each
 * tablet offline (`context.setOffline`): the screens keep what they show, marked stale; three kitchen bumps
 * and a commander order wait in each tablet's queue; when the network is back they reach the server once
 * each, in the order they were taken. A payment does not wait: it says it needs the connection. What the
 * server holds is read through its API from outside the browsers.
 */
let server: RunningServer;
let browser: Browser;
let salaToken: string;
let adminToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ readyTimeoutMs: 150_000 }),
    launchBrowser([], { serviceWorkers: 'allow' }),
  ]);
  [salaToken, adminToken] = await Promise.all([
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD),
  ]);
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

interface Reservation {
  id: number;
  wid: string;
  name: string;
}

interface KitchenLine {
  productOrderId: number;
  productSku: string;
  statusProductOrder: number;
  datePreparing: string | null;
  reservationInfo: { id: number };
}

/** A party seated at a free table, with one dish ordered from the commander's API (or none). */
async function seatedParty(name: string, sku: string | null): Promise<Reservation> {
  const table = (await floorApi(server.url, salaToken).day()).tables.find(
    (entry) => entry.active && entry.state === 'free',
  );
  if (!table) throw new Error('no free table');
  const { reservation } = await staffCall<{ reservation: Reservation }>(
    salaToken,
    '/world/reservation/createwalkin',
    { name, pax: 2, alreadySeated: true, tableIds: [table.table_id] },
  );
  if (sku)
    await staffCall(salaToken, '/world/api/cartsession/createcartsessionorder', {
      orderInfo: { reservationId: reservation.id, source: 1 },
      products: [{ sku, options: [], orderQuantity: 1 }],
    });
  return reservation;
}

/** Every kitchen line of the day, as another tablet's API call sees it. */
async function kitchenLines(): Promise<KitchenLine[]> {
  const day = await staffCall<{ groups: { items: KitchenLine[] }[] }>(
    adminToken,
    '/world/api/productorder/get-by-role',
    {},
  );
  return day.groups.flatMap((group) => group.items);
}

const linesOf = (lines: KitchenLine[], reservation: Reservation) =>
  lines.filter((line) => line.reservationInfo.id === reservation.id);

async function kitchenTablet(): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  // axe-core is injected as an inline script, which the server's policy refuses without bypassCSP.
  const context = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signInThroughForm(page, server.url, 'admin@demo.test');
  await page.waitForURL(`${server.url}/copilot`);
  await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: /Rol: / }).click();
  await page
    .getByRole('dialog', { name: '¿En qué puesto trabajas?' })
    .getByRole('button', { name: /^Cocina/ })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Vista Cocina' }).waitFor();
  return { page, context, problems };
}

const ticketOf = (page: Page, reservation: Reservation) =>
  page.locator(`.kitchen-ticket[data-reservation-id="${reservation.id}"]`);
const statusPill = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Takes the tablet's network away; the page knows (its `offline` event) and says since when it is stale. */
async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await statusPill(page, /^Datos de las \d\d:\d\d$/).waitFor();
}

/**
 * The reconnect modal comes only once the link has been gone for 12 s, not at once; "Seguir sin conexión"
 * puts it away and the screen goes on working from what it holds.
 */
async function keepWorkingOffline(page: Page): Promise<void> {
  const modal = page.getByRole('alertdialog', { name: '¡Ups! Hemos perdido la conexión' });
  expect(await modal.count()).toBe(0);
  await modal.waitFor({ timeout: 40_000 });
  await modal.getByRole('button', { name: 'Seguir sin conexión' }).click();
  await modal.waitFor({ state: 'detached' });
}

/** The account's lines as the floor's API reads them (drinks too). */
const accountLines = (reservation: Reservation) =>
  floorLinesOf(floorApi(server.url, salaToken), reservation.id);

describe('a Wi-Fi drop on the staff tablets', () => {
  it('queues three kitchen bumps and a commander order, and sends each once, in order, when the network returns', async () => {
    const parties = [
      await seatedParty('Sin Red Uno', 'ENT-02'),
      await seatedParty('Sin Red Dos', 'ENT-02'),
      await seatedParty('Sin Red Tres', 'ENT-02'),
    ];
    const commanderParty = await seatedParty('Sin Red Comanda', null);
    const kitchen = await kitchenTablet();
    const sala = await floorTablet(browser, server.url, 'sala@demo.test');
    try {
      // The staff app is installed from this page: its worker runs and holds the build's files.
      const cached = await kitchen.page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { active: registration.active !== null, caches: await caches.keys() };
      });
      expect(cached.active).toBe(true);
      expect(cached.caches.some((name) => name.startsWith('sobremesa-assets-'))).toBe(true);

      const startButtons = parties.map((party) =>
        ticketOf(kitchen.page, party).getByRole('button', { name: 'Empezar Patatas bravas' }),
      );
      for (const button of startButtons) await button.waitFor();

      // Sala opens the commander while online (it needs the menu), then the network goes on both tablets.
      const commander = await openCommander(sala.page, commanderParty.name);
      await goOffline(kitchen.page, kitchen.context);
      await goOffline(sala.page, sala.context);
      await Promise.all([keepWorkingOffline(kitchen.page), keepWorkingOffline(sala.page)]);

      // Three bumps: each line shows as waiting (its button off), the count grows, nothing reaches the server.
      for (const [index, button] of startButtons.entries()) {
        await button.click();
        await statusPill(
          kitchen.page,
          index === 0 ? '1 acción esperando conexión' : `${index + 1} acciones esperando conexión`,
        ).waitFor();
        expect(await button.isDisabled()).toBe(true);
      }
      // The screen kept what it showed: the three tickets are still there.
      for (const party of parties) expect(await ticketOf(kitchen.page, party).count()).toBe(1);
      expect(await seriousAccessibilityViolations(kitchen.page, '.offline-status')).toEqual([]);

      await productButton(commander, 'Coca-Cola').click();
      await commander.getByRole('button', { name: 'Enviar comanda' }).click();
      await toast(sala.page, 'success', 'Sin conexión: la comanda de').waitFor();
      await statusPill(sala.page, '1 acción esperando conexión').waitFor();

      // The queue lives in local storage, each call with its Idempotency-Key, so a reload keeps it.
      const stored = await sala.page.evaluate(() =>
        JSON.parse(localStorage.getItem('offlineQueue') ?? 'null'),
      );
      expect(stored.pending).toHaveLength(1);
      expect(stored.pending[0].key).toMatch(/^[0-9a-f]{32}$/);

      let lines = await kitchenLines();
      for (const party of parties)
        expect(linesOf(lines, party).map((line) => line.statusProductOrder)).toEqual([1]);
      expect(await accountLines(commanderParty)).toEqual([]);

      // The network returns: the queues empty by themselves and the screens catch up.
      await kitchen.context.setOffline(false);
      await sala.context.setOffline(false);
      await statusPill(kitchen.page, /esperando conexión/).waitFor({ state: 'detached', timeout: 30_000 });
      await statusPill(sala.page, /esperando conexión/).waitFor({ state: 'detached', timeout: 30_000 });
      for (const party of parties)
        await ticketOf(kitchen.page, party)
          .locator('.kitchen-line[data-status="2"]', { hasText: 'Patatas bravas' })
          .waitFor({ timeout: 20_000 });

      lines = await kitchenLines();
      const started = parties.map((party) => linesOf(lines, party));
      // Once each: one line per party, in preparation, started in the order the bumps were taken.
      expect(started.map((each) => each.map((line) => line.statusProductOrder))).toEqual([[2], [2], [2]]);
      const times = started.map((each) => Date.parse(each[0]!.datePreparing!));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      const ordered = await accountLines(commanderParty);
      expect(ordered.map((line) => line.productSku)).toEqual(['BEB-03']);
      expect(await sala.page.evaluate(() => localStorage.getItem('offlineQueue'))).toBeNull();
      expect(kitchen.problems).toEqual([]);
    } finally {
      await kitchen.context.close();
      await sala.context.close();
    }
  }, 180_000);

  it('shows what the server refused once it could hear it, with its message, until it is read', async () => {
    const party = await seatedParty('Sin Red Rechazo', 'ENT-02');
    const kitchen = await kitchenTablet();
    try {
      const start = ticketOf(kitchen.page, party).getByRole('button', { name: 'Empezar Patatas bravas' });
      await start.waitFor();
      await goOffline(kitchen.page, kitchen.context);
      await start.click();
      await statusPill(kitchen.page, '1 acción esperando conexión').waitFor();

      // Meanwhile another kitchen tablet, still online, starts the same line.
      const cocinaToken = await signInThroughApi(server.url, 'cocina@demo.test', DEMO_PASSWORD);
      const [line] = linesOf(await kitchenLines(), party);
      await staffCall(cocinaToken, '/world/api/productorder/startpreparation', {
        productOrderIds: [line!.productOrderId],
      });

      // Back online: the queued start meets the line already started; the server says so, in Spanish.
      await kitchen.context.setOffline(false);
      const refusals = kitchen.page.getByRole('alert', { name: 'Acciones no aceptadas' });
      await refusals.waitFor({ timeout: 30_000 });
      expect(await refusals.textContent()).toMatch(/^Cocina .+/);
      await kitchen.page
        .locator('.toast--error')
        .filter({ hasText: /^Cocina: / })
        .first()
        .waitFor();
      expect(await seriousAccessibilityViolations(kitchen.page, '.offline-status')).toEqual([]);
      await statusPill(kitchen.page, /esperando conexión/).waitFor({ state: 'detached' });
      await refusals.getByRole('button', { name: 'Entendido' }).click();
      await refusals.waitFor({ state: 'detached' });
      expect(await kitchen.page.evaluate(() => localStorage.getItem('offlineQueue'))).toBeNull();
      // Started once, by the other tablet.
      expect(linesOf(await kitchenLines(), party).map((each) => each.statusProductOrder)).toEqual([2]);
    } finally {
      await kitchen.context.close();
    }
  }, 120_000);

  it('refuses a payment without the network, saying it needs the connection, and queues nothing', async () => {
    const party = await seatedParty('Sin Red Caja', 'ENT-02');
    const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await signInThroughForm(page, server.url, 'tpv@demo.test');
      await page.waitForURL(`${server.url}/copilot`);
      await page.getByRole('heading', { level: 1, name: /TPV/ }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
      const account = page.locator(`.pos-account[data-reservation-id="${party.id}"]`);
      await account.filter({ hasText: 'Pendiente 6,50' }).waitFor();
      await account.getByRole('button', { name: 'Pagado en efectivo' }).click();
      const fast = page.getByRole('dialog', { name: /Pagado en efectivo/ });
      await fast.locator('.pos-bill__total').filter({ hasText: '6,50' }).waitFor();
      await fast.getByLabel('Entregado').fill('10');

      await goOffline(page, context);
      await fast.getByRole('button', { name: /Cobrar 6,50 .* en efectivo y cerrar/ }).click();
      await toast(
        page,
        'error',
        'Los cobros y las facturas necesitan conexión: no se guardan para enviarlos después.',
      ).waitFor();
      expect(await statusPill(page, /esperando conexión/).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('offlineQueue'))).toBeNull();

      // Nothing was paid meanwhile, and nothing is sent when the network returns.
      await context.setOffline(false);
      await statusPill(page, /^Datos de las/).waitFor({ state: 'detached', timeout: 30_000 });
      const lines = linesOf(await kitchenLines(), party);
      expect(lines.map((line) => (line as unknown as { paid: boolean }).paid)).toEqual([false]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
