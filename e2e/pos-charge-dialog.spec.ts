import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * Issue 18 item 7 in Chromium: on a 1280x800 tablet the TPV's charge dialog shows what is owed and the payment
 * controls without scrolling, the bill and its VAT table below them, and the quick cash buttons (exact, then
 * the 10, 20 and 50 notes that cover the amount) fill in what the guest handed over and the change.
 */
let server: RunningServer;
let browser: Browser;
let salaToken: string;
let context: BrowserContext;
let page: Page;
const TABLET = { width: 1280, height: 800 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  salaToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
  context = await browser.newContext({ locale: 'es-ES', viewport: TABLET });
  page = await context.newPage();
  await signInThroughForm(page, server.url, 'tpv@demo.test');
  await page.waitForURL(`${server.url}/copilot`);
  await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
}, 200_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

async function staffCall<T>(path: string, body: unknown): Promise<T> {
  const response = await callWithToken(server.url, path, salaToken, body);
  const reply = (await response.json()) as T;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

/** A seated walk-in that ordered `products`; its account on the TPV. */
async function accountWith(name: string, products: readonly [string, number][]): Promise<Locator> {
  const { reservation } = await staffCall<{ reservation: { id: number } }>(
    '/world/reservation/createwalkin',
    {
      name,
      pax: 4,
    },
  );
  await staffCall('/world/api/cartsession/createcartsessionorder', {
    orderInfo: { reservationId: reservation.id, source: 1 },
    products: products.map(([sku, orderQuantity]) => ({ sku, options: [], orderQuantity })),
  });
  const account = page.locator(`.pos-account[data-reservation-id="${reservation.id}"]`);
  await account.waitFor();
  return account;
}

/** Whether an element lies wholly inside the tablet's screen as it is now (no scrolling). */
async function inView(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= TABLET.height;
}

describe('the TPV charge dialog on a 1280x800 tablet', () => {
  it('puts what is owed and the payment controls first, and takes cash with the quick buttons', async () => {
    // A long bill, two VAT rates: before, its table pushed the payment below the fold.
    const account = await accountWith('Mesa Larga', [
      ['ENT-02', 2],
      ['PES-01', 1],
      ['CER-03', 3],
      ['ENT-01', 1],
      ['ENT-03', 1],
      ['ENT-04', 1],
      ['ENT-05', 2],
      ['CAF-01', 2],
    ]);
    await account.getByRole('button', { name: 'Cobrar', exact: true }).click();
    const overlay = page.getByRole('dialog', { name: /Cobrar la cuenta/ });
    const pending = overlay.getByTestId('bill-pending');
    await pending.waitFor();
    const owed = (await pending.textContent()) ?? '';

    const card = overlay.getByRole('button', { name: 'Tarjeta' });
    const cash = overlay.getByRole('button', { name: 'Efectivo', exact: true });
    expect(await inView(pending)).toBe(true);
    expect(await inView(card)).toBe(true);
    expect(await inView(cash)).toBe(true);
    // The VAT table comes after the controls.
    const taxes = overlay.getByRole('table', { name: /IVA/ });
    const taxesBox = await taxes.boundingBox();
    const cashBox = await cash.boundingBox();
    expect(taxesBox && cashBox && taxesBox.y > cashBox.y).toBe(true);

    await cash.click();
    const quick = overlay.getByRole('group', { name: 'Efectivo rápido' });
    const notes = (await quick.getByRole('button').allTextContents()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
    expect(notes[0]).toBe('Exacto');
    // Only notes that cover what is owed are offered, in ascending order.
    const owedCents = Number(owed.replace(/[^\d]/g, ''));
    const expectedNotes = [1000, 2000, 5000].filter((note) => note > owedCents);
    expect(notes.slice(1)).toEqual(expectedNotes.map((note) => `${note / 100},00 €`));
    expect(await inView(quick)).toBe(true);

    await quick.getByRole('button', { name: 'Exacto' }).click();
    expect(await overlay.getByLabel('Entregado').inputValue()).not.toBe('');
    await overlay.getByText('Cambio: 0,00 €').waitFor();

    const [firstNote] = expectedNotes;
    if (firstNote !== undefined) {
      await quick.getByRole('button', { name: `${firstNote / 100},00 €` }).click();
      expect(await overlay.getByLabel('Entregado').inputValue()).toBe(String(firstNote / 100));
      await overlay.locator('.pos-change').filter({ hasText: 'Cambio:' }).waitFor();
      expect(
        await quick.getByRole('button', { name: `${firstNote / 100},00 €` }).getAttribute('aria-pressed'),
      ).toBe('true');
    }
    await overlay.getByRole('button', { name: /^Cobrar \d/ }).click();
    await overlay.getByRole('button', { name: 'Emitir factura y cerrar la cuenta' }).click();
    await overlay.locator('.pos-issued').waitFor();
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
  });

  it('offers the same quick cash in "Pagado en efectivo": 20 € for 13,00 € gives 7,00 € back', async () => {
    const account = await accountWith('Mesa Billete', [['ENT-02', 2]]);
    await account.filter({ hasText: 'Pendiente 13,00' }).waitFor();
    await account.getByRole('button', { name: 'Pagado en efectivo' }).click();
    const fast = page.getByRole('dialog', { name: /Pagado en efectivo/ });
    const quick = fast.getByRole('group', { name: 'Efectivo rápido' });
    await quick.getByRole('button', { name: 'Exacto' }).waitFor();
    expect(
      (await quick.getByRole('button').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim()),
    ).toEqual(['Exacto', '20,00 €', '50,00 €']);
    await quick.getByRole('button', { name: '20,00 €' }).click();
    await fast.getByText('Cambio: 7,00 €').waitFor();
    await fast.getByRole('button', { name: /Cobrar 13,00 € en efectivo y cerrar/ }).click();
    await fast.locator('.pos-change--big').filter({ hasText: '7,00' }).waitFor();
  });
});
