import { execFileSync } from 'node:child_process';
import type { BillView, IssuedInvoice } from '@sobremesa/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { staffTablet, watchForProblems } from './support/shell.ts';

/**
 * Corrective invoices and cancellations from the TPV's screen (decision 057), in Chromium on a 1280×800
 * tablet through the real server: the day's invoices under "Facturas"; a ticket corrected by taking two
 * beers off (the server's refusals shown at their fields first), its corrective invoice's PDF read with
 * pdftotext; another ticket cancelled with its reason; the list showing both states and the server holding
 * them; an invoice found by its number; a cancelled ticket issued again for its account. Then the head of the
 * room finds the same list from the toolbar, and a waiter, who may not correct, does not.
 */
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
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
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function staffCall<T>(token: string, route: string, body?: unknown): Promise<T> {
  const response = await callWithToken(server.url, route, token, body);
  const reply = (await response.json()) as T;
  if (response.status >= 300) throw new Error(`${route}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

/** A walk-in's account, ordered by the waiter and paid by card at the TPV: its ticket (34,50 €). */
async function paidTicket(name: string): Promise<BillView> {
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
  const paid = await staffCall<{ bill: BillView }>(tpvToken, '/world/api/reservation/paid-reservation', {
    reservationId: reservation.id,
    paymentMethod: 'card',
  });
  return paid.bill;
}

async function pdfText(billId: number): Promise<string> {
  const response = await callWithToken(server.url, '/world/api/bill/view-bill-pdf', tpvToken, { billId });
  expect(response.status).toBe(200);
  return execFileSync('pdftotext', ['-layout', '-', '-'], {
    input: Buffer.from(await response.arrayBuffer()),
  }).toString('utf8');
}

/** What the server lists for a service day (or a number), as another tablet would read it. */
async function listedOnServer(query: string): Promise<IssuedInvoice[]> {
  return (await staffCall<{ invoices: IssuedInvoice[] }>(tpvToken, `/world/api/bill/invoices?${query}`))
    .invoices;
}

async function tablet(email: string): Promise<{ page: Page; problems: string[] }> {
  const { page, context } = await staffTablet(browser, server.url, email, { bypassCSP: true });
  contexts.push(context);
  await page.setViewportSize({ width: 1280, height: 800 });
  return { page, problems: watchForProblems(page) };
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Every button of a part of the screen is a tablet's touch target: at least 44 px each way. */
async function smallestTarget(part: Locator): Promise<number> {
  const sizes = await part
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((button) =>
        Math.min(button.getBoundingClientRect().width, button.getBoundingClientRect().height),
      ),
    );
  return Math.min(...sizes);
}

describe('corrective invoices and cancellations on the TPV', () => {
  it('corrects a ticket and cancels another from the screen, and the list and the server show both', async () => {
    const [beers, wrongTable] = [await paidTicket('Mesa Cañas'), await paidTicket('Mesa Equivocada')];
    const { page, problems } = await tablet('tpv@demo.test');
    await page.getByRole('heading', { level: 1, name: /TPV/ }).waitFor();
    await page.getByRole('group', { name: 'Secciones' }).getByRole('button', { name: 'Facturas' }).click();
    // Named by its heading: the day's invoices, or those of a number searched for.
    const section = page.getByRole('region', { name: /^Facturas (emitidas|con el número)/ });
    await page.getByRole('heading', { name: 'Facturas emitidas' }).waitFor();
    const entry = (bill: { id: number }) => section.locator(`.pos-invoice[data-bill-id="${bill.id}"]`);
    await entry(beers).waitFor();
    await entry(wrongTable).waitFor();
    expect(await smallestTarget(entry(beers))).toBeGreaterThanOrEqual(44);
    expect(await seriousAccessibilityViolations(page, '.pos-invoices')).toEqual([]);

    // Rectificar: the dialog opens on the first line's units.
    await entry(beers)
      .getByRole('button', { name: `Rectificar la factura ${beers.invoiceNumber}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Rectificar la factura ${beers.invoiceNumber}` });
    const form = dialog.locator('form');
    expect(await isFocused(form.getByRole('spinbutton').first())).toBe(true);

    // Sent with nothing chosen and no reason: the server's refusals, each at its field, in Spanish.
    await form.getByRole('button', { name: 'Emitir factura rectificativa' }).click();
    await form.locator('.pos-field__error').filter({ hasText: 'Elige qué se corrige' }).waitFor();
    await form.locator('.pos-field__error').filter({ hasText: 'Escribe el motivo' }).waitFor();
    const reason = form.getByLabel('Motivo', { exact: true });
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(form.getByRole('spinbutton').first())).toBe(true);

    // Two beers off, by keyboard: the arrow raises the units, never past the two on the ticket.
    const beerUnits = form.getByRole('spinbutton', { name: /Cerveza gallega/ });
    await beerUnits.focus();
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('ArrowUp');
    expect(await beerUnits.inputValue()).toBe('2');
    await form.getByText(/Importe de la rectificación: -7,00/).waitFor();
    await reason.fill('Cobradas dos cervezas que la mesa no tomó');
    await form.getByRole('button', { name: 'Emitir factura rectificativa' }).focus();
    await page.keyboard.press('Enter');
    const issued = dialog
      .getByRole('status')
      .filter({ hasText: /Factura rectificativa R-\d+ emitida: -7,00/ });
    await issued.waitFor();
    const correctiveNumber = /(R-\d+)/.exec((await issued.textContent()) ?? '')?.[1] ?? '';

    // Its PDF from the dialog: the corrective invoice, the ticket it corrects, the reason.
    const [pdfResponse, pdfTab] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/world/api/bill/view-bill-pdf')),
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: `Ver PDF de ${correctiveNumber}` }).click(),
    ]);
    await pdfTab.close();
    expect(pdfResponse.status()).toBe(200);
    const correctiveId = (JSON.parse(pdfResponse.request().postData() ?? '{}') as { billId: number }).billId;
    const correctiveText = await pdfText(correctiveId);
    expect(correctiveText).toContain('FACTURA RECTIFICATIVA');
    expect(correctiveText).toContain(correctiveNumber);
    expect(correctiveText).toMatch(new RegExp(`Rectifica a: +${beers.invoiceNumber}`));
    expect(correctiveText.replace(/\s+/g, ' ')).toContain(
      'Motivo: Cobradas dos cervezas que la mesa no tomó',
    );
    await dialog.getByRole('button', { name: 'Volver a las facturas' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list: the ticket corrected by it (with its PDF, and no longer cancellable), the corrective listed.
    await entry(beers)
      .filter({ hasText: `Rectificada por ${correctiveNumber} (-7,00` })
      .waitFor();
    await entry(beers)
      .getByRole('button', { name: `Ver PDF de ${correctiveNumber}` })
      .waitFor();
    expect(
      await entry(beers)
        .getByRole('button', { name: /^Anular/ })
        .count(),
    ).toBe(0);
    await entry({ id: correctiveId })
      .filter({ hasText: 'Factura rectificativa' })
      .filter({ hasText: `Rectifica a ${beers.invoiceNumber}` })
      .filter({ hasText: 'Motivo: Cobradas dos cervezas que la mesa no tomó' })
      .waitFor();

    // Anular: a confirmation that says what it does, and a reason; too short a one is the server's to refuse.
    await entry(wrongTable)
      .getByRole('button', { name: `Anular la factura ${wrongTable.invoiceNumber}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Anular la factura ${wrongTable.invoiceNumber}` });
    await confirm.getByText(/no se puede deshacer/).waitFor();
    const cancelReason = confirm.getByLabel('Motivo de la anulación');
    expect(await isFocused(cancelReason)).toBe(true);
    await cancelReason.fill('no');
    await page.keyboard.press('Enter');
    await confirm.getByRole('alert').filter({ hasText: 'Escribe el motivo' }).waitFor();
    await cancelReason.fill('Cobrada en la mesa equivocada');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText(`Factura ${wrongTable.invoiceNumber} anulada`).waitFor();
    await entry(wrongTable)
      .filter({ hasText: /Anulada el .+ a las \d\d:\d\d/ })
      .filter({ hasText: 'Motivo: Cobrada en la mesa equivocada' })
      .waitFor();
    expect(await seriousAccessibilityViolations(page, '.pos-invoices')).toEqual([]);
    expect(
      await entry(wrongTable)
        .getByRole('button', { name: /^(Anular|Rectificar)/ })
        .count(),
    ).toBe(0);

    // The server holds both: the corrective invoice with its reason, the ticket cancelled, its PDF marked.
    const logicalDate = await section.getByLabel('Día').inputValue();
    const day = await listedOnServer(`date=${logicalDate}`);
    expect(day.find((one) => one.bill.id === correctiveId)).toMatchObject({
      bill: {
        type: 3,
        rectifiesBillId: beers.id,
        totalCents: -700,
        correctionReason: 'Cobradas dos cervezas que la mesa no tomó',
      },
    });
    expect(day.find((one) => one.bill.id === wrongTable.id)?.bill.fiscal).toMatchObject({
      cancelled: true,
      cancellationReason: 'Cobrada en la mesa equivocada',
    });
    const cancelledText = await pdfText(wrongTable.id);
    expect(cancelledText).toContain('*** FACTURA ANULADA ***');
    expect(cancelledText).toMatch(/Anulada el: +\d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(cancelledText.replace(/\s+/g, ' ')).toContain('Motivo: Cobrada en la mesa equivocada');
    expect(await pdfText(beers.id)).not.toMatch(/ANULADA|RECTIFICATIVA/);

    // Found by its number; a number the server cannot read is said at the field.
    const numberField = section.getByLabel('Número de factura');
    await numberField.fill('¿cuál?');
    await numberField.press('Enter');
    await section
      .locator('.pos-field__error')
      .filter({ hasText: 'Escribe un número de factura, como T-000042' })
      .waitFor();
    expect(await numberField.getAttribute('aria-invalid')).toBe('true');
    await numberField.fill(correctiveNumber.toLowerCase());
    await numberField.press('Enter');
    await section
      .getByRole('heading', { name: `Facturas con el número ${correctiveNumber.toLowerCase()}` })
      .waitFor();
    await entry({ id: correctiveId }).waitFor();
    expect(await section.locator('.pos-invoice').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('issues a cancelled ticket again for its account, once, and the list and the server show it', async () => {
    const wrong = await paidTicket('Mesa Repetida');
    await staffCall(tpvToken, '/world/api/bill/cancel-invoice', {
      billId: wrong.id,
      reason: 'Cobrada con el IVA equivocado',
    });
    const { page, problems } = await tablet('tpv@demo.test');
    await page.getByRole('heading', { level: 1, name: /TPV/ }).waitFor();
    await page.getByRole('group', { name: 'Secciones' }).getByRole('button', { name: 'Facturas' }).click();
    const section = page.getByRole('region', { name: /^Facturas (emitidas|con el número)/ });
    const entry = (bill: { id: number }) => section.locator(`.pos-invoice[data-bill-id="${bill.id}"]`);
    await entry(wrong)
      .filter({ hasText: /Anulada el/ })
      .waitFor();

    // "Emitir de nuevo": a dialog says what it issues before it does, and opens on its button.
    await entry(wrong)
      .getByRole('button', { name: `Emitir de nuevo la factura ${wrong.invoiceNumber}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Emitir de nuevo la factura ${wrong.invoiceNumber}` });
    await dialog.getByText(/siguiente número de la serie/).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Emitir factura nueva' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Emitir factura nueva');
    expect(await seriousAccessibilityViolations(page, '.pos-reissue-invoice')).toEqual([]);
    await confirm.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const toastText = page.getByText(/^Factura T-\d+ emitida$/);
    await toastText.waitFor();
    const newNumber = /(T-\d+)/.exec((await toastText.textContent()) ?? '')?.[1] ?? '';
    expect(newNumber).not.toBe(wrong.invoiceNumber);

    // The cancelled ticket names the new one and offers nothing more; the new one may be corrected or cancelled.
    await entry(wrong)
      .filter({ hasText: `Emitida de nuevo como ${newNumber}` })
      .waitFor();
    expect(
      await entry(wrong)
        .getByRole('button', { name: /^Emitir de nuevo/ })
        .count(),
    ).toBe(0);
    const logicalDate = await section.getByLabel('Día').inputValue();
    const [again] = (await listedOnServer(`date=${logicalDate}&number=${newNumber}`)).filter(
      (one) => one.bill.reservationId === wrong.reservationId,
    );
    expect(again).toMatchObject({
      bill: { type: 1, totalCents: wrong.totalCents, fiscal: { type: 'F2', cancelled: false } },
      cancellable: true,
      reissuable: false,
    });
    await entry(again!.bill)
      .getByRole('button', { name: `Anular la factura ${newNumber}` })
      .waitFor();
    const newText = await pdfText(again!.bill.id);
    expect(newText).toContain(newNumber);
    expect(newText).not.toContain('ANULADA');
    expect(newText).toContain('Tarjeta');
    expect(problems).toEqual([]);
  });

  it('gives the head of the room the same list from the toolbar, and a waiter none', async () => {
    const ticket = await paidTicket('Mesa Encargado');
    const head = await tablet('sala1@demo.test');
    await head.page.getByRole('button', { name: 'Facturas', exact: true }).click();
    const dialog = head.page.getByRole('dialog', { name: 'Facturas emitidas' });
    const entry = dialog.locator(`.pos-invoice[data-bill-id="${ticket.id}"]`);
    await entry.getByRole('button', { name: `Rectificar la factura ${ticket.invoiceNumber}` }).waitFor();
    await entry.getByRole('button', { name: `Anular la factura ${ticket.invoiceNumber}` }).waitFor();
    expect(head.problems).toEqual([]);

    // The waiter's toolbar is drawn (its reviews are there) without the invoices: Sala may not correct them.
    const waiter = await tablet('sala@demo.test');
    await waiter.page.getByRole('heading', { level: 1, name: 'Vista Sala' }).waitFor();
    await waiter.page.getByRole('button', { name: 'Opiniones' }).waitFor();
    expect(await waiter.page.getByRole('button', { name: 'Facturas', exact: true }).count()).toBe(0);
  });
});
