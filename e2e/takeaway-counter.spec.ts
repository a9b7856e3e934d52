import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import {
  pinnedServerKey,
  startLoopbackPrinter,
  startPrintHelper,
  type LoopbackPrinter,
  type RunningPrintHelper,
} from './support/print-helper-process.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

/**
 * Issue 27 items 4 and 5 in Chromium: a guest's pickup order, placed through the API, appears live on
 * the TPV's "Para llevar" board and rings; it is accepted, marked ready, paid in cash at the counter with
 * change through the POS's own payment flow, its simplified invoice issued and its ticket printed with the
 * order number big through the print helper to a loopback printer; then online orders are paused (the
 * guest's order call answers 409) and resumed.
 */
let server: RunningServer;
let browser: Browser;
let printer: LoopbackPrinter;
let helper: RunningPrintHelper;
let context: BrowserContext;

beforeAll(async () => {
  printer = await startLoopbackPrinter();
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  const token = await signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD);
  helper = await startPrintHelper(`caja=tcp://127.0.0.1:${printer.port}`, {
    serverPublicKey: await pinnedServerKey(server.url, token),
  });
}, 200_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await helper?.stop();
  await printer?.close();
});

declare global {
  interface Window {
    __played?: string[];
  }
}

/** Records every sound a page starts, through the media element's own `play`. */
function recordPlays(): void {
  window.__played = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function recorded(this: HTMLMediaElement) {
    window.__played?.push(this.currentSrc || this.src);
    return play.call(this);
  };
}

async function guestPost(
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * The first service day from today with a pickup time left, and its last time (the furthest from the
 * lead): at night the current service day has none, so the board is moved ahead to that day.
 */
async function orderableDay(): Promise<{ ahead: number; date: string; time: string }> {
  const { body } = await guestPost('/world/api/config/logical-date', {});
  const today = String(body.logicalDate);
  for (let ahead = 0; ahead < 8; ahead += 1) {
    const shifted = new Date(`${today}T12:00:00Z`);
    shifted.setUTCDate(shifted.getUTCDate() + ahead);
    const date = shifted.toISOString().slice(0, 10);
    const slots = await guestPost('/world/api/takeaway/slots', { date });
    const times = (slots.body.timeSlots as { time: string }[] | undefined) ?? [];
    const last = times.at(-1);
    if (slots.status === 200 && last) return { ahead, date, time: last.time };
  }
  throw new Error('no pickup time in the next week');
}

const order = (date: string, time: string) => ({
  mode: 'pickup',
  date,
  time,
  name: 'Rosa Mostrador',
  phone: '+34 600 555 111',
  email: 'rosa@example.com',
  notes: 'Con cubiertos',
  products: [{ sku: 'ENT-02', orderQuantity: 2, priceCents: 1 }],
});

describe('the takeaway counter', () => {
  let page: Page;
  let problems: string[];

  it('shows a new order live with a ring, takes it to the counter, charges it in cash and prints its number', async () => {
    context = await browser.newContext({
      locale: 'es-ES',
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    await context.addInitScript(recordPlays);
    page = await context.newPage();
    problems = watchForProblems(page);
    await signInThroughForm(page, server.url, 'tpv@demo.test');
    await page.waitForURL(`${server.url}/copilot`);
    await page.goto(`${server.url}/copilot?printHelperPort=${helper.port}`);
    await page.getByRole('heading', { level: 1, name: /TPV/ }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
    const activate = page.getByRole('button', { name: 'Activar sonido' });
    if (await activate.isVisible()) await activate.click();
    await page.getByRole('button', { name: 'Sonido activado' }).waitFor();

    const { ahead, date, time } = await orderableDay();
    await page.getByRole('button', { name: /^Para llevar/ }).click();
    const board = page.getByRole('dialog', { name: 'Para llevar' });
    await board.getByText('Aceptando pedidos online').waitFor();
    for (let day = 0; day < ahead; day += 1)
      await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/world/account/gettakeaway')),
        board.getByRole('button', { name: 'Día siguiente' }).click(),
      ]);
    const alertsBefore = await page.evaluate(
      () => (window.__played ?? []).filter((src) => src.endsWith('/audio/notification.wav')).length,
    );

    const placed = await guestPost('/world/api/takeaway/order', order(date, time));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number = (placed.body.order as { number: number }).number;

    // Live: the card arrives among the new ones, the tab counts it, the tablet rings and says its number.
    const card = board.locator('[data-group="new"] .takeaway-order').filter({ hasText: 'Rosa Mostrador' });
    await card.waitFor({ timeout: 10_000 });
    expect(await card.locator('.takeaway-order__number').textContent()).toContain(String(number));
    expect(await card.textContent()).toContain('Sin pagar');
    expect(await card.textContent()).toContain('2× Patatas bravas');
    expect(await card.textContent()).toContain('Notas: Con cubiertos');
    expect(await card.getByRole('link', { name: /Llamar a Rosa Mostrador/ }).getAttribute('href')).toBe(
      'tel:+34600555111',
    );
    expect(await page.getByTestId('takeaway-new-count').textContent()).toContain('1 pedido nuevo');
    await page.getByText(`Nuevo pedido para llevar, número ${number}`).first().waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () => (window.__played ?? []).filter((src) => src.endsWith('/audio/notification.wav')).length,
        ),
      )
      .toBeGreaterThan(alertsBefore);
    expect(await seriousAccessibilityViolations(page, '.takeaway-overlay')).toEqual([]);

    // Accepted: into the kitchen, the badge gone; ready: at the counter, to charge.
    await card.getByRole('button', { name: 'Aceptar' }).click();
    const inKitchen = board
      .locator('[data-group="kitchen"] .takeaway-order')
      .filter({ hasText: 'Rosa Mostrador' });
    await inKitchen.waitFor();
    await page.getByTestId('takeaway-new-count').waitFor({ state: 'detached' });
    await inKitchen.getByRole('button', { name: 'Listo' }).click();
    const ready = board.locator('[data-group="ready"] .takeaway-order').filter({ hasText: 'Rosa Mostrador' });
    await ready.waitFor();

    // Charged at the counter with the POS's flow: cash, 20 € handed over, 7 € change; the invoice issued.
    await ready.getByRole('button', { name: 'Cobrar y entregar' }).click();
    const charge = page.getByRole('dialog', { name: new RegExp(`Cobrar el pedido ${number}`) });
    await charge.getByTestId('bill-total').filter({ hasText: '13,00' }).waitFor();
    const part = charge.locator('.pos-part').first();
    await part.getByRole('button', { name: 'Efectivo' }).click();
    await part.getByLabel('Entregado').fill('20');
    expect(await part.locator('.pos-change').textContent()).toContain('Cambio: 7,00');
    await part.getByRole('button', { name: /Cobrar 13,00/ }).click();
    await charge.getByText('Cambio entregado: 7,00').waitFor();
    await charge.getByRole('button', { name: 'Emitir factura y cerrar la cuenta' }).click();
    const issued = charge.locator('.pos-issued');
    await issued.waitFor();
    expect(await issued.textContent()).toMatch(/Factura simplificada \S+ emitida/);

    // The ticket: "PARA LLEVAR", then the order number double size (GS ! 0x11), then the bill's text.
    await charge.getByRole('button', { name: 'Imprimir ticket' }).click();
    await page.getByText('Ticket enviado a la impresora').waitFor({ timeout: 10_000 });
    const heading = Buffer.from(`PEDIDO ${number}`);
    const tickets = () => printer.tickets.filter((ticket) => ticket.includes(Buffer.from('13,00')));
    await expect.poll(() => tickets().length, { timeout: 10_000 }).toBe(1);
    const bytes = tickets()[0] ?? Buffer.alloc(0);
    expect(bytes.includes(Buffer.concat([Buffer.from([0x1d, 0x21, 0x11]), heading]))).toBe(true);
    expect(bytes.includes(Buffer.from('PARA LLEVAR'))).toBe(true);
    expect(bytes.includes(Buffer.from('Patatas bravas'))).toBe(true);
    expect(bytes.includes(Buffer.from([0x1b, 0x70]))).toBe(true);

    // Issued, the order is handed over: paid, its invoice issued.
    await page.keyboard.press('Escape');
    await charge.waitFor({ state: 'detached' });
    const handedOver = board
      .locator('[data-group="handedOver"] .takeaway-order')
      .filter({ hasText: 'Rosa Mostrador' });
    await handedOver.waitFor();
    expect(await handedOver.textContent()).toContain('Pagado');
    expect(await handedOver.textContent()).toContain('Factura emitida');
    expect(problems).toEqual([]);
  });

  it('refuses an order only with a reason, one of the usual ones in a tap', async () => {
    const board = page.getByRole('dialog', { name: 'Para llevar' });
    const { date, time } = await orderableDay();
    const placed = await guestPost('/world/api/takeaway/order', { ...order(date, time), name: 'Luis Tarde' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const card = board.locator('[data-group="new"] .takeaway-order').filter({ hasText: 'Luis Tarde' });
    await card.getByRole('button', { name: 'Rechazar' }).click();
    const refusals: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/world/api/takeaway/refuse')) refusals.push(request.postData() ?? '');
    });
    // No reason: said on the tablet, no call made.
    await card.getByRole('button', { name: 'Rechazar el pedido' }).click();
    await card.getByRole('alert').filter({ hasText: 'Escribe o elige el motivo del rechazo.' }).waitFor();
    expect(refusals).toEqual([]);
    await card.getByRole('button', { name: 'La cocina está completa' }).click();
    expect(await card.getByLabel('Motivo (lo verá el cliente)').inputValue()).toBe('La cocina está completa');
    await card.getByRole('button', { name: 'Rechazar el pedido' }).click();
    const refused = board.locator('[data-group="refused"] .takeaway-order').filter({ hasText: 'Luis Tarde' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Motivo del rechazo: La cocina está completa');
    expect(refusals).toHaveLength(1);
  });

  it('pauses online orders for 30 minutes, the guest call refused, and resumes them', async () => {
    const board = page.getByRole('dialog', { name: 'Para llevar' });
    const { date, time } = await orderableDay();
    await board
      .getByRole('group', { name: 'Pausar pedidos online' })
      .getByRole('button', { name: '30 minutos' })
      .click();
    await board
      .getByRole('status')
      .filter({ hasText: /Pedidos online en pausa hasta las \d\d:\d\d/ })
      .waitFor();
    const refused = await guestPost('/world/api/takeaway/order', order(date, time));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Ahora mismo no aceptamos pedidos online. Vuelve a intentarlo en un rato.',
    });
    expect(await page.locator('.takeaway-tab').textContent()).toContain('En pausa');
    expect(await seriousAccessibilityViolations(page, '.takeaway-overlay')).toEqual([]);

    await board.getByRole('button', { name: 'Reanudar' }).click();
    await board.getByText('Aceptando pedidos online').waitFor();
    const config = await guestPost('/world/api/takeaway/config', {});
    expect(config.body.pausedUntil).toBeNull();
    expect(problems).toEqual([]);
  });
});
