import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import {
  startLoopbackPrinter,
  startPrintHelper,
  type LoopbackPrinter,
  type RunningPrintHelper,
} from './support/print-helper-process.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

/**
 * Issue 24 on the TPV tablet: the day opened with a counted float, a cash and a card payment taken (set up
 * through the API), today's report following them live (its sales the tickets issued), a supplier paid out
 * of the drawer, the day-end count one euro short and worded so, the Z on screen, printed through the running
 * helper to a loopback TCP printer, its PDF read back with pdftotext; the day reopened (who and when shown),
 * closed even, and a payment refused after it. A withdrawal beyond the drawer and negative amounts and
 * counts are refused in words (decision 077), and so is voiding a cash payment whose cash went to the safe
 * (decision 079), in the account's void form.
 */
let server: RunningServer;
let browser: Browser;
let printer: LoopbackPrinter;
let helper: RunningPrintHelper;
let context: BrowserContext | undefined;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'till-e2e-'));

beforeAll(async () => {
  printer = await startLoopbackPrinter();
  [server, browser, helper] = await Promise.all([
    startServer({ readyTimeoutMs: 180_000 }),
    launchBrowser(),
    startPrintHelper(`caja=tcp://127.0.0.1:${printer.port}`),
  ]);
}, 200_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await helper?.stop();
  await printer?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A seated walk-in with its order, as a waiter's tablet makes it. */
async function account(sala: string, products: { sku: string; orderQuantity: number }[]): Promise<number> {
  const { reservation } = await json<{ reservation: { id: number } }>(
    await callWithToken(server.url, '/world/reservation/createwalkin', sala, { name: 'Mesa Caja', pax: 2 }),
  );
  await json(
    await callWithToken(server.url, '/world/api/cartsession/createcartsessionorder', sala, {
      orderInfo: { reservationId: reservation.id, source: 1 },
      products: products.map((product) => ({ ...product, options: [] })),
    }),
  );
  return reservation.id;
}

describe('the till cycle on the TPV', () => {
  it('opens with a float, pays a supplier, closes a euro short, prints the Z and its PDF, reopens', async () => {
    const [sala, tpv] = await Promise.all([
      signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
      signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD),
    ]);
    context = await browser.newContext({
      locale: 'es-ES',
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const problems = watchForProblems(page);
    await signInThroughForm(page, server.url, 'tpv@demo.test');
    await page.waitForURL(`${server.url}/copilot`);
    await page.goto(`${server.url}/copilot?printHelperPort=${helper.port}`);
    await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });

    // Closed: the till says so before anything else, and offers to open it.
    const till = page.getByRole('region', { name: 'Caja', exact: true });
    await till.getByText('Caja cerrada').waitFor({ timeout: 15_000 });
    expect(await seriousAccessibilityViolations(page, '.till')).toEqual([]);

    // The float: two 50 € notes by tapping + and ten 1 € coins typed.
    await till.getByRole('button', { name: 'Abrir caja' }).click();
    let dialog = page.getByRole('dialog', { name: 'Abrir caja' });
    await dialog.getByRole('button', { name: /^Añadir uno de 50,00/ }).click();
    await dialog.getByRole('button', { name: /^Añadir uno de 50,00/ }).click();
    await dialog.getByRole('spinbutton', { name: /^Unidades de 1,00/ }).fill('10');
    await dialog.locator('.till-totals__counted').filter({ hasText: '110,00' }).waitFor();
    expect(await seriousAccessibilityViolations(page, '.till-overlay')).toEqual([]);
    await dialog.getByRole('button', { name: /^Abrir caja con 110,00/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await till.getByText(/Caja abierta desde las \d\d:\d\d/).waitFor();
    await till.getByText(/Fondo 110,00/).waitFor();

    // 16,50 paid in cash with 20 € (3,50 change), then 6,50 by card while today's report is open.
    const cashAccount = await account(sala, [
      { sku: 'ENT-02', orderQuantity: 2 },
      { sku: 'CER-03', orderQuantity: 1 },
    ]);
    const cardAccount = await account(sala, [{ sku: 'ENT-02', orderQuantity: 1 }]);
    const cash = await json<{ changeCents: number }>(
      await callWithToken(server.url, '/world/api/reservation/paid-reservation', tpv, {
        reservationId: cashAccount,
        paymentMethod: 'cash',
        tenderedCents: 2000,
      }),
    );
    expect(cash.changeCents).toBe(350);
    await till.getByRole('button', { name: 'Informe del día' }).click();
    dialog = page.getByRole('dialog', { name: 'Informe del día: hoy' });
    const salesTile = dialog.getByRole('listitem').filter({ hasText: 'Ventas' });
    await salesTile.getByText(/^16,50\s€$/).waitFor();
    // Today only: no range to choose.
    expect(await dialog.getByRole('group', { name: 'Periodo' }).count()).toBe(0);
    await json(
      await callWithToken(server.url, '/world/api/reservation/paid-reservation', tpv, {
        reservationId: cardAccount,
        paymentMethod: 'card',
      }),
    );
    // The report follows the till live: its sales are the tickets issued, each payment method beside them.
    await salesTile.getByText(/^23,00\s€$/).waitFor();
    await dialog
      .getByRole('img', { name: /^Formas de pago: 2 barras; la más alta, Efectivo, con 16,50\s€\./ })
      .waitFor();
    expect(await seriousAccessibilityViolations(page, '.till-overlay')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The payments reach the till live: 110 + 20 − 3,50.
    await till.getByText(/Efectivo esperado 126,50/).waitFor();

    // A supplier paid out of the drawer. A negative amount is said so as it is typed; more than the drawer
    // holds is refused by the server at the amount, saying how much may go, and nothing leaves the drawer.
    await till.getByRole('button', { name: 'Salida de efectivo' }).click();
    dialog = page.getByRole('dialog', { name: 'Movimiento de caja' });
    expect(await dialog.getByRole('button', { name: 'Pago a proveedor' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const amount = dialog.getByLabel('Importe');
    await amount.fill('-15');
    await dialog.getByRole('alert').getByText('Los números negativos no son válidos.').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await amount.fill('4.711,10');
    await dialog.getByRole('button', { name: 'Registrar salida' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/No hay tanto efectivo en la caja: como mucho puedes retirar 126,50\s€\./)
      .waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAccessibilityViolations(page, '.till-overlay')).toEqual([]);
    await till.getByText(/Efectivo esperado 126,50/).waitFor();
    await amount.fill('15');
    expect(await amount.getAttribute('aria-invalid')).toBeNull();
    await dialog.getByLabel('Detalle (opcional)').fill('Pan');
    await dialog.getByRole('button', { name: 'Registrar salida' }).click();
    await page.getByText('Transacción de caja registrada correctamente').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await till.getByText(/Efectivo esperado 111,50/).waitFor();
    await till
      .getByRole('list', { name: 'Movimientos del turno' })
      .getByText(/^Salida 15,00\s€ · Pago a proveedor: Pan · \d\d:\d\d$/)
      .waitFor();

    // The day-end count: 110,50 where 111,50 should be, said in words; the card reader agrees.
    await till.getByRole('button', { name: 'Cierre del día' }).click();
    dialog = page.getByRole('dialog', { name: 'Cierre de caja: fin del día' });
    // A negative count is refused in words at its row, never counted as zero nor sent.
    const fifties = dialog.getByRole('spinbutton', { name: /^Unidades de 50,00/ });
    await fifties.fill('-2');
    expect(await fifties.getAttribute('aria-invalid')).toBe('true');
    await dialog
      .locator('.till-slot__problem')
      .filter({ hasText: 'Los números negativos no son válidos.' })
      .waitFor();
    await dialog.getByRole('button', { name: /^Cerrar el día con/ }).click();
    await dialog.getByRole('alert').getByText('Los números negativos no son válidos.').waitFor();
    expect(await fifties.evaluate((input) => input === document.activeElement)).toBe(true);
    await fifties.fill('2');
    await dialog.getByRole('spinbutton', { name: /^Unidades de 1,00/ }).fill('10');
    await dialog.getByRole('button', { name: /^Añadir uno de 0,50/ }).click();
    const cashDifference = dialog.locator('.till-totals__cash-difference');
    await cashDifference.filter({ hasText: /Falta 1,00/ }).waitFor();
    expect(await cashDifference.getAttribute('data-kind')).toBe('short');
    await dialog.getByLabel('Total del datáfono').fill('6,50');
    await dialog.locator('.till-totals__card-difference').filter({ hasText: 'Cuadra' }).waitFor();
    expect(await seriousAccessibilityViolations(page, '.till-overlay')).toEqual([]);
    await dialog.getByRole('button', { name: /^Cerrar el día con 110,50/ }).click();

    // The Z of the day on screen, with the count beside what was expected.
    await dialog.getByText('Día cerrado.').waitFor();
    const z = dialog.locator('.till-z');
    await z.getByRole('button', { name: 'Imprimir Z' }).waitFor();
    const zText = (await z.textContent()) ?? '';
    for (const expected of ['Total ventas', '23,00', 'Mermas (0)', '111,50', '110,50', 'Falta 1,00'])
      expect(zText).toContain(expected);

    // Printed: the server's lines through the helper to the TCP printer, and cut.
    await z.getByRole('button', { name: 'Imprimir Z' }).click();
    await page.getByText('Informe Z enviado a la impresora').waitFor({ timeout: 10_000 });
    const reports = () => printer.tickets.filter((ticket) => ticket.includes(Buffer.from('INFORME Z')));
    await expect.poll(() => reports().length, { timeout: 10_000 }).toBe(1);
    const bytes = reports()[0]!;
    expect(/Total ventas +23,00/.test(bytes.toString('latin1'))).toBe(true);
    expect(/Efectivo contado +110,50/.test(bytes.toString('latin1'))).toBe(true);
    expect(/Salidas +15,00/.test(bytes.toString('latin1'))).toBe(true);
    expect(bytes.includes(Buffer.from([0x1d, 0x56, 0x42, 0x00]))).toBe(true);

    // The PDF, downloaded as the tablet saves it, reads back with the same figures.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      z.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^informe-z-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdfPath = path.join(workDir, 'z.pdf');
    await download.saveAs(pdfPath);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('INFORME Z - DÍA');
    expect(text).toMatch(/Efectivo esperado\s+111,50/);
    expect(text).toMatch(/Efectivo contado\s+110,50/);
    expect(text).toMatch(/Diferencia\s+-1,00/);

    // Closed by mistake: reopened with a reason, and the till says who did it and when.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await till.getByText('Caja cerrada').waitFor();
    await till.getByRole('button', { name: 'Reabrir turno' }).click();
    dialog = page.getByRole('dialog', { name: 'Reabrir turno' });
    await dialog.getByRole('button', { name: 'Reabrir el turno' }).click();
    await dialog.getByText('Escribe por qué se reabre el turno.').waitFor();
    await dialog.getByLabel('Motivo').fill('Faltaba contar el cambio');
    await dialog.getByRole('button', { name: 'Reabrir el turno' }).click();
    await dialog.waitFor({ state: 'detached' });
    await till.getByText(/Caja abierta desde las/).waitFor();
    await till.getByText(/^Reabierto por \S.* el .*\d\d:\d\d: Faltaba contar el cambio$/).waitFor();

    // Closed again: the next payment is refused until a new day opens.
    await till.getByRole('button', { name: 'Cierre del día' }).click();
    dialog = page.getByRole('dialog', { name: 'Cierre de caja: fin del día' });
    await dialog.getByRole('spinbutton', { name: /^Unidades de 50,00/ }).fill('2');
    await dialog.getByRole('spinbutton', { name: /^Unidades de 1,00/ }).fill('11');
    await dialog.getByRole('button', { name: /^Añadir uno de 0,50/ }).click();
    await dialog.locator('.till-totals__cash-difference').filter({ hasText: 'Cuadra' }).waitFor();
    await dialog.getByRole('button', { name: /^Cerrar el día con 111,50/ }).click();
    await dialog.getByText('Día cerrado.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await till.getByText('Caja cerrada').waitFor();
    const late = await account(sala, [{ sku: 'CER-03', orderQuantity: 1 }]);
    const refused = await callWithToken(server.url, '/world/api/payment/create', tpv, {
      reservationId: late,
      method: 'card',
      amountCents: 350,
    });
    expect(refused.status).toBe(409);
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses to void a cash payment whose cash went to the safe, saying so where the void was asked', async () => {
    const [sala, tpv] = await Promise.all([
      signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
      signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD),
    ]);
    await context?.close();
    context = await browser.newContext({
      locale: 'es-ES',
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const problems = watchForProblems(page);
    await signInThroughForm(page, server.url, 'tpv@demo.test');
    await page.waitForURL(`${server.url}/copilot`);
    await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
    const till = page.getByRole('region', { name: 'Caja', exact: true });
    await till.getByText('Caja cerrada').waitFor({ timeout: 15_000 });

    // A new day with a 50 € float; 6,50 of a 13,00 account paid in cash with a 10 € note.
    await till.getByRole('button', { name: 'Abrir caja' }).click();
    let dialog = page.getByRole('dialog', { name: 'Abrir caja' });
    await dialog.getByRole('button', { name: /^Añadir uno de 50,00/ }).click();
    await dialog.getByRole('button', { name: /^Abrir caja con 50,00/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const reservationId = await account(sala, [{ sku: 'ENT-02', orderQuantity: 2 }]);
    await json(
      await callWithToken(server.url, '/world/api/payment/create', tpv, {
        reservationId,
        method: 'cash',
        amountCents: 650,
        tenderedCents: 1000,
      }),
    );
    await till.getByText(/Efectivo esperado 56,50/).waitFor();

    // Everything in the drawer goes to the safe.
    await till.getByRole('button', { name: 'Salida de efectivo' }).click();
    dialog = page.getByRole('dialog', { name: 'Movimiento de caja' });
    await dialog.getByLabel('Importe').fill('56,50');
    await dialog.getByRole('button', { name: 'Registrar salida' }).click();
    await dialog.waitFor({ state: 'detached' });
    await till.getByText(/Efectivo esperado 0,00/).waitFor();

    // The cash payment voided from the account: refused in the void's own form, nothing taken back.
    const row = page.locator(`.pos-account[data-reservation-id="${reservationId}"]`);
    await row.filter({ hasText: 'Pendiente 6,50' }).waitFor();
    await row.getByRole('button', { name: 'Cobrar', exact: true }).click();
    const overlay = page.getByRole('dialog', { name: /Cobrar la cuenta/ });
    const paid = overlay.getByRole('region', { name: 'Pagos de la cuenta' });
    await paid.getByRole('button', { name: /^Anular el pago 1 \(6,50\s€\)$/ }).click();
    const form = paid.getByRole('form', { name: /^Anular el pago 1 \(6,50\s€\)$/ });
    await form.getByLabel('Motivo de la anulación').fill('Cobrado a la mesa equivocada');
    await form.getByRole('button', { name: 'Anular el pago', exact: true }).click();
    await form
      .getByRole('alert')
      .getByText(
        /^No hay tanto efectivo en la caja para devolver este pago: devolvería 6,50\s€ y en la caja hay 0,00\s€\. Registra antes una entrada de efectivo\.$/,
      )
      .waitFor();
    expect(await seriousAccessibilityViolations(page, '.pos-void')).toEqual([]);
    await overlay.getByTestId('bill-pending').filter({ hasText: '6,50' }).waitFor();
    const info = await json<{ paymentInfo: { paid: number } }>(
      await callWithToken(server.url, '/world/api/reservation/payment-info', tpv, { reservationId }),
    );
    expect(info.paymentInfo.paid).toBe(650);
    await page.keyboard.press('Escape');
    await till.getByText(/Efectivo esperado 0,00/).waitFor();
    expect(problems).toEqual([]);
  }, 120_000);
});
