import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

/**
 * The TPV's account tools in Chromium, through the real server: a voucher (the demo seed's REGALO10, 10 €)
 * redeemed on an account, a card payment corrected to cash, a payment taken in error voided with its reason,
 * and a nominative invoice for a company made from the issued ticket (its PDF read with pdftotext), the
 * second time from the known clients.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let salaToken: string;
let tpvToken: string;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-tools-e2e-'));

const COMPANY = {
  name: 'Bodegas Ría Baixas S.L.',
  taxId: 'B15000017',
  address: 'Rúa do Vilar 12',
  postalCode: '15705',
  city: 'Santiago de Compostela',
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  [salaToken, tpvToken] = await Promise.all([
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD),
  ]);
}, 200_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

async function staffCall<T>(token: string, route: string, body: unknown): Promise<T> {
  const response = await callWithToken(server.url, route, token, body);
  const reply = (await response.json()) as T;
  if (response.status >= 300) throw new Error(`${route}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

/** A walk-in seated by the dining room, with an order the waiter took (34,50 €). */
async function accountWithOrder(name: string): Promise<number> {
  const { reservation } = await staffCall<{ reservation: { id: number } }>(
    salaToken,
    '/world/reservation/createwalkin',
    { name, pax: 2 },
  );
  await staffCall(salaToken, '/world/api/cartsession/createcartsessionorder', {
    orderInfo: { name, pax: 2, source: 1, reservationId: reservation.id },
    products: [
      { sku: 'ENT-02', orderQuantity: 1 },
      { sku: 'PES-01', orderQuantity: 1 },
      { sku: 'CER-03', orderQuantity: 2 },
    ],
  });
  return reservation.id;
}

async function tpvTablet(): Promise<{ page: Page; problems: string[] }> {
  context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signInThroughForm(page, server.url, 'tpv@demo.test');
  await page.waitForURL(`${server.url}/copilot`);
  await page.getByRole('heading', { level: 1, name: /TPV/ }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
  return { page, problems };
}

/** The account's line on the TPV once its order is there, and its finish-account overlay opened. */
async function finishAccount(page: Page, reservationId: number) {
  const account = page.locator(`.pos-account[data-reservation-id="${reservationId}"]`);
  await account.filter({ hasText: 'Pendiente 34,50' }).waitFor();
  await account.getByRole('button', { name: 'Cobrar', exact: true }).click();
  return { account, overlay: page.getByRole('dialog', { name: /Cobrar la cuenta/ }) };
}

/** The text of a bill's PDF as the server renders it for the TPV. */
async function pdfText(billId: number): Promise<string> {
  const response = await callWithToken(server.url, '/world/api/bill/view-bill-pdf', tpvToken, { billId });
  expect(response.status).toBe(200);
  const file = path.join(workDir, `bill-${billId}.pdf`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Fills the nominative invoice form, one labelled field after another. */
async function fillClient(form: Locator, client: Partial<typeof COMPANY>) {
  const labels: Record<keyof typeof COMPANY, string> = {
    name: 'Nombre o razón social',
    taxId: 'NIF/CIF',
    address: 'Dirección (opcional)',
    postalCode: 'Código postal (opcional)',
    city: 'Población (opcional)',
  };
  for (const [field, value] of Object.entries(client)) {
    await form.getByLabel(labels[field as keyof typeof COMPANY], { exact: true }).fill(value);
  }
}

describe('the TPV’s account tools: voucher, payment method, void and nominative invoice', () => {
  let tpv: { page: Page; problems: string[] };

  it('redeems a voucher, corrects a card payment to cash, and makes a nominative invoice of the ticket', async () => {
    tpv = await tpvTablet();
    const { page, problems } = tpv;
    const reservationId = await accountWithOrder('Mesa Vale');
    const { account, overlay } = await finishAccount(page, reservationId);
    await overlay.getByTestId('bill-pending').filter({ hasText: '34,50' }).waitFor();
    const voucher = overlay.getByRole('region', { name: 'Vale o tarjeta regalo' });
    const code = voucher.getByLabel('Código del vale');
    const redeem = voucher.getByRole('button', { name: 'Canjear vale' });

    // An empty code is refused on the tablet: nothing is sent.
    const voucherCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/world/api/voucher-set')) voucherCalls.push(request.url());
    });
    await redeem.click();
    await voucher.getByRole('alert').filter({ hasText: 'Escribe el código del vale.' }).waitFor();
    expect(voucherCalls).toEqual([]);
    expect(await code.evaluate((element) => element === document.activeElement)).toBe(true);

    // An unknown code: the server's message, and nothing taken off.
    await code.fill('NOEXISTE');
    await redeem.click();
    await voucher
      .getByRole('alert')
      .filter({ hasText: 'El vale no existe, ha caducado o ya se ha usado.' })
      .waitFor();
    expect(voucherCalls).toHaveLength(1);
    expect(await overlay.getByTestId('bill-pending').textContent()).toContain('34,50');

    // The demo gift card, typed in lower case: 10 € off at once, here and in the list of accounts.
    await code.fill('regalo10');
    await redeem.click();
    await overlay.getByTestId('bill-pending').filter({ hasText: '24,50' }).waitFor();
    expect(await overlay.getByTestId('bill-total').textContent()).toContain('24,50');
    expect(await overlay.getByTestId('bill-discount').textContent()).toContain('10,00');
    expect(await voucher.getByRole('list', { name: 'Vales canjeados' }).textContent()).toMatch(
      /Vale REGALO10\s*−10,00/,
    );
    expect(await voucher.getByRole('alert').textContent()).toBe('');
    await account.filter({ hasText: 'Pendiente 24,50' }).waitFor();

    // Taken as card, but the guest paid in cash: corrected before the account is paid.
    const whole = overlay.locator('.pos-part').first();
    await whole.getByRole('button', { name: 'Tarjeta' }).click();
    await whole.getByRole('button', { name: /Cobrar 24,50/ }).click();
    const payments = overlay.getByRole('region', { name: 'Pagos de la cuenta' });
    const payment = payments.locator('.pos-payment');
    await payment.filter({ hasText: '24,50' }).waitFor();
    expect(await payment.count()).toBe(1);
    expect(await payment.getAttribute('data-method')).toBe('card');
    const methods = payments.getByRole('group', { name: /Cómo se hizo el pago 1/ });
    expect(await methods.getByRole('button', { name: 'Tarjeta' }).getAttribute('aria-pressed')).toBe('true');
    await methods.getByRole('button', { name: 'Efectivo' }).click();
    await payments.locator('.pos-payment[data-method="cash"]').waitFor();
    expect(await methods.getByRole('button', { name: 'Efectivo' }).getAttribute('aria-pressed')).toBe('true');
    expect(await methods.getByRole('button', { name: 'Tarjeta' }).getAttribute('aria-pressed')).toBe('false');
    const stored = await staffCall<{ paymentInfo: { payments: { method: string }[] } }>(
      tpvToken,
      '/world/api/reservation/payment-info',
      { reservationId },
    );
    expect(stored.paymentInfo.payments.map((entry) => entry.method)).toEqual(['cash']);

    // Paid: the ticket is issued, then replaced by an invoice made out to a company.
    await overlay.getByRole('button', { name: 'Emitir factura y cerrar la cuenta' }).click();
    const issued = overlay.locator('.pos-issued');
    await issued.filter({ hasText: /Factura simplificada \S+ emitida/ }).waitFor();
    const ticketId = Number(await issued.getAttribute('data-bill-id'));
    await overlay.getByRole('button', { name: 'Factura a nombre de empresa o cliente' }).click();
    const invoiceForm = overlay.getByRole('region', { name: /Factura nominativa que sustituye a/ });
    // The form opens on its first field.
    const nameField = invoiceForm.getByLabel('Nombre o razón social');
    expect(await nameField.evaluate((element) => element === document.activeElement)).toBe(true);

    // A tax id the server refuses: its error next to the field, the focus on it, nothing typed lost.
    await fillClient(invoiceForm, { ...COMPANY, taxId: 'B 15000017' });
    await invoiceForm.getByRole('button', { name: 'Emitir factura nominativa' }).click();
    const taxId = invoiceForm.getByLabel('NIF/CIF', { exact: true });
    await invoiceForm.locator('[data-field="taxId"] .pos-field__error').waitFor();
    expect(await invoiceForm.locator('[data-field="taxId"]').textContent()).toContain(
      'Escribe un NIF/CIF válido',
    );
    expect(await taxId.getAttribute('aria-invalid')).toBe('true');
    expect(await taxId.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await invoiceForm.getByRole('alert').textContent()).toContain('Hay datos que no son válidos.');
    expect(await invoiceForm.locator('.pos-field__error').count()).toBe(1);
    expect(await nameField.inputValue()).toBe(COMPANY.name);
    expect(await invoiceForm.getByLabel('Dirección (opcional)').inputValue()).toBe(COMPANY.address);

    await taxId.fill(COMPANY.taxId);
    await invoiceForm.getByRole('button', { name: 'Emitir factura nominativa' }).click();
    const invoice = overlay.locator('.pos-issued');
    await invoice.filter({ hasText: `a nombre de ${COMPANY.name} emitida` }).waitFor();
    const title = await invoice.locator('.pos-issued__title').textContent();
    const number = /Factura (\S+) a nombre de/.exec(title ?? '')?.[1] ?? '';
    expect(number).toMatch(/^F/);
    const invoiceId = Number(await invoice.getAttribute('data-bill-id'));
    expect(invoiceId).not.toBe(ticketId);
    expect(await overlay.getByRole('button', { name: 'Factura a nombre de empresa o cliente' }).count()).toBe(
      0,
    );

    // Its PDF opens from the tablet, and names the client, its tax id and address, and the number.
    const [pdfResponse, pdfTab] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/world/api/bill/view-bill-pdf')),
      page.waitForEvent('popup'),
      invoice.getByRole('button', { name: 'Ver PDF' }).click(),
    ]);
    // Closed again: left open, it would keep the TPV a background tab, whose timers Chromium slows down.
    await pdfTab.close();
    expect(pdfResponse.status()).toBe(200);
    expect(JSON.parse(pdfResponse.request().postData() ?? '{}')).toMatchObject({ billId: invoiceId });
    const text = await pdfText(invoiceId);
    for (const expected of [COMPANY.name, COMPANY.taxId, COMPANY.address, number, '24,50']) {
      expect(text).toContain(expected);
    }
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('fills the invoice from a known client, and shows the refusal of a payment already on an invoice', async () => {
    const { page, problems } = tpv;
    const reservationId = await accountWithOrder('Mesa Cliente');
    const { overlay } = await finishAccount(page, reservationId);
    const whole = overlay.locator('.pos-part').first();
    await whole.getByRole('button', { name: 'Tarjeta' }).click();
    await whole.getByRole('button', { name: /Cobrar 34,50/ }).click();
    const payments = overlay.getByRole('region', { name: 'Pagos de la cuenta' });
    await payments.locator('.pos-payment[data-method="card"]').waitFor();

    // Another tablet closes the account meanwhile: the payment is on its invoice and cannot change.
    await staffCall(tpvToken, '/world/api/reservation/paid-reservation', { reservationId });
    await payments.getByRole('button', { name: 'Efectivo' }).click();
    await payments
      .getByRole('alert')
      .filter({ hasText: 'No se ha podido marcar el método de pago' })
      .waitFor();
    expect(await payments.locator('.pos-payment').getAttribute('data-method')).toBe('card');
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });

    // The next table pays by card in one step; its invoice takes the company from the known clients.
    const nextId = await accountWithOrder('Mesa Cliente 2');
    const next = page.locator(`.pos-account[data-reservation-id="${nextId}"]`);
    await next.filter({ hasText: 'Pendiente 34,50' }).waitFor();
    await next.getByRole('button', { name: 'Pagado con tarjeta' }).click();
    const fast = page.getByRole('dialog', { name: /Pagado con tarjeta/ });
    await fast.getByRole('button', { name: /Cobrar 34,50 .* con tarjeta y cerrar/ }).click();
    await fast
      .locator('.pos-issued')
      .filter({ hasText: /Factura simplificada \S+ emitida/ })
      .waitFor();
    await fast.getByRole('button', { name: 'Factura a nombre de empresa o cliente' }).click();
    const invoiceForm = fast.getByRole('region', { name: /Factura nominativa que sustituye a/ });
    await invoiceForm.getByLabel('Buscar cliente (nombre o NIF/CIF)').fill('ría baixas');
    const found = invoiceForm.getByRole('list', { name: 'Clientes encontrados' }).getByRole('button');
    await found.first().waitFor();
    expect(await found.count()).toBe(1);
    expect(await found.textContent()).toContain(`${COMPANY.name} · ${COMPANY.taxId}`);
    await found.click();
    expect(await invoiceForm.getByLabel('NIF/CIF', { exact: true }).inputValue()).toBe(COMPANY.taxId);
    expect(await invoiceForm.getByLabel('Población (opcional)').inputValue()).toBe(COMPANY.city);
    await invoiceForm.getByRole('button', { name: 'Emitir factura nominativa' }).click();
    const invoice = fast.locator('.pos-issued');
    await invoice.filter({ hasText: `a nombre de ${COMPANY.name} emitida` }).waitFor();
    const text = await pdfText(Number(await invoice.getAttribute('data-bill-id')));
    expect(text).toContain(COMPANY.name);
    expect(text).toContain(COMPANY.postalCode);
    await page.keyboard.press('Escape');
    await fast.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('voids a payment taken in error, with its reason, and the account owes it again', async () => {
    const { page, problems } = tpv;
    const reservationId = await accountWithOrder('Mesa Equivocada');
    const { account, overlay } = await finishAccount(page, reservationId);
    const whole = overlay.locator('.pos-part').first();
    await whole.getByRole('button', { name: 'Tarjeta' }).click();
    await whole.getByRole('button', { name: /Cobrar 34,50/ }).click();
    const payments = overlay.getByRole('region', { name: 'Pagos de la cuenta' });
    await payments.locator('.pos-payment[data-method="card"]').waitFor();
    await overlay.getByTestId('bill-pending').filter({ hasText: '0,00' }).waitFor();

    await payments.getByRole('button', { name: 'Anular el pago 1 (34,50 €)' }).click();
    const form = payments.getByRole('form', { name: 'Anular el pago 1 (34,50 €)' });
    const reason = form.getByLabel('Motivo de la anulación');
    expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);
    // Never one tap, and never without a reason: nothing is sent.
    const voids: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/world/api/payment/void')) voids.push(request.url());
    });
    await form.getByRole('button', { name: 'Anular el pago', exact: true }).click();
    await form.getByRole('alert').filter({ hasText: 'Escribe por qué se anula el pago.' }).waitFor();
    expect(voids).toEqual([]);

    await reason.fill('Cobrado a la mesa equivocada');
    await form.getByRole('button', { name: 'Anular el pago', exact: true }).click();
    await payments.waitFor({ state: 'detached' });
    await overlay.getByTestId('bill-pending').filter({ hasText: '34,50' }).waitFor();
    await account.filter({ hasText: 'Pendiente 34,50' }).waitFor();
    expect(voids).toHaveLength(1);
    const stored = await staffCall<{ paymentInfo: { paid: number; pending: number; payments: unknown[] } }>(
      tpvToken,
      '/world/api/reservation/payment-info',
      { reservationId },
    );
    expect(stored.paymentInfo).toMatchObject({ paid: 0, pending: 3450, payments: [] });

    // The account is taken again, this time in cash, and closes.
    await whole.getByRole('button', { name: 'Efectivo' }).click();
    await whole.getByLabel(/Entregado/).fill('40');
    await whole.getByRole('button', { name: /Cobrar 34,50/ }).click();
    await overlay.getByTestId('bill-pending').filter({ hasText: '0,00' }).waitFor();
    await overlay.getByRole('button', { name: 'Emitir factura y cerrar la cuenta' }).click();
    await overlay
      .locator('.pos-issued')
      .filter({ hasText: /Factura simplificada \S+ emitida/ })
      .waitFor();
    expect(problems).toEqual([]);
  });
});
