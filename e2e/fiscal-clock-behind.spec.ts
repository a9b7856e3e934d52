import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import {
  freePort,
  makeDataDir,
  removeDataDir,
  repoRoot,
  spawnServer,
  waitUntilServing,
  type ServerProcess,
} from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * Issue 23 item 1 at the till: the server's clock ran ten minutes ahead while a table was paid, so the
 * chain's last VERI*FACTU record carries that time; once the clock is set right (the server restarted on
 * the same data without the shift) the next close is more than a minute behind the last record, and the
 * TPV is told in Spanish why the invoice cannot be recorded (Orden HAC/1177/2024 art. 7). Nothing is
 * charged: the account still owes its amount.
 */
const AHEAD_MS = 10 * 60_000;
const dataDir = makeDataDir();
let port: number;
let url: string;
let server: ServerProcess | undefined;
let browser: Browser;
let context: BrowserContext | undefined;

async function start(env: Record<string, string> = {}): Promise<void> {
  server = spawnServer({ dataDir, port, env });
  url = await server.ready;
  await waitUntilServing(url);
}

/** A walk-in seated and served 2 × Patatas bravas (13,00 €); its reservation id. */
async function servedTable(name: string): Promise<number> {
  const sala = await signInThroughApi(url, 'sala@demo.test', DEMO_PASSWORD);
  const walkIn = await callWithToken(url, '/world/reservation/createwalkin', sala, { name, pax: 2 });
  expect(walkIn.status, await walkIn.clone().text()).toBeLessThan(300);
  const { reservation } = (await walkIn.json()) as { reservation: { id: number } };
  const ordered = await callWithToken(url, '/world/api/cartsession/createcartsessionorder', sala, {
    orderInfo: { reservationId: reservation.id, source: 1 },
    products: [{ sku: 'ENT-02', orderQuantity: 2, options: [] }],
  });
  expect(ordered.status).toBe(201);
  return reservation.id;
}

beforeAll(async () => {
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  if (template && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });
  port = await freePort();
  [, browser] = await Promise.all([
    start({
      E2E_CLOCK_AHEAD_MS: String(AHEAD_MS),
      NODE_OPTIONS: `--import ${path.join(repoRoot, 'e2e/support/clock-ahead.mjs')}`,
    }),
    launchBrowser(),
  ]);
}, 200_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  removeDataDir(dataDir);
});

describe('a till whose clock went back', () => {
  it('refuses to close the table, telling the TPV in Spanish that the clock is behind the last record', async () => {
    // Paid while the clock ran ahead: the chain's last record is ten minutes in the future.
    const early = await servedTable('Mesa Adelantada');
    const tpvAhead = await signInThroughApi(url, 'tpv@demo.test', DEMO_PASSWORD);
    const paid = await callWithToken(url, '/world/api/reservation/paid-reservation', tpvAhead, {
      reservationId: early,
      paymentMethod: 'card',
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const { bill } = (await paid.json()) as { bill: { id: number } };

    // The clock set right: the same data, served again without the shift.
    expect(await server!.stop()).toEqual({ code: 0, signal: null });
    await start();
    const reservationId = await servedTable('Mesa Atrasada');

    context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
    const tpv = await context.newPage();
    await signInThroughForm(tpv, url, 'tpv@demo.test');
    await tpv.waitForURL((at) => !at.pathname.startsWith('/login'), { timeout: 30_000 });
    await tpv.goto(`${url}/copilot`);
    const account = tpv.locator(`.pos-account[data-reservation-id="${reservationId}"]`);
    await account.filter({ hasText: '13,00' }).waitFor({ timeout: 30_000 });
    await account.getByRole('button', { name: 'Pagado con tarjeta' }).click();
    const dialog = tpv.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Cobrar 13,00\s€ con tarjeta y cerrar$/ }).click();
    // The server's own words, in the tablet's language, as the TPV shows a refused payment.
    await tpv
      .getByText(
        /^No se puede registrar la factura: la hora del sistema \(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d\) va por detrás del último registro fiscal \(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d\)\. Corrige la hora del equipo\.$/,
      )
      .waitFor();

    // Nothing was issued or charged: the chain still ends with the early table's record, and the table
    // still owes its 13,00 €.
    const admin = await signInThroughApi(url, 'admin@demo.test', DEMO_PASSWORD);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const listed = await fetch(`${url}/world/api/fiscal/records?from=${day(-1)}&to=${day(1)}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const { records } = (await listed.json()) as { records: { billId: number }[] };
    expect(records.at(-1)?.billId).toBe(bill.id);
    await account.filter({ hasText: '13,00' }).waitFor();
  });
});
