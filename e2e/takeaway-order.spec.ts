import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { chooseDate, openDates } from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 27 item 1: a guest orders for pickup on a phone (a date, then a time, the dishes, their
 * details), gets an order number to say at the counter, and staff find it in the day's takeaway list.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('takeaway ordering', () => {
  it('takes a pickup order from a phone and shows its number and status', async () => {
    const [date] = await openDates(server.url, 1, 2);
    const context = await browser.newContext({ ...PHONE, locale: 'es-ES', bypassCSP: true });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/takeaway-delivery`);
      await page.getByRole('heading', { level: 1, name: 'Pide para llevar o a domicilio' }).waitFor();
      // Spec §5: the time needs a date, and the button needs both.
      const time = page.getByLabel('Hora', { exact: true });
      const send = page.getByRole('button', { name: 'Hacer pedido' });
      expect(await time.isDisabled()).toBe(true);
      expect(await send.isDisabled()).toBe(true);

      await chooseDate(page, date!, 'Mes siguiente');
      await page.locator('select option[value="20:30"]').waitFor({ state: 'attached' });
      await time.selectOption('20:30');
      expect(await send.isDisabled()).toBe(false);

      await page.getByRole('button', { name: 'Añadir Pimientos de Padrón', exact: true }).click();
      await page.getByRole('button', { name: 'Añadir Pimientos de Padrón', exact: true }).click();
      // Sending without details names what is missing.
      await send.click();
      await page.getByText('Por favor, introduce tu nombre').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByLabel('Nombre').fill('Carmen');
      await page.getByLabel('Teléfono').fill('+34 600 123 456');
      await page.getByLabel('Email').fill('carmen@example.com');
      await page.getByLabel('Notas para la cocina (opcional)').fill('Sin sal, por favor');
      await send.click();

      const heading = page.getByRole('heading', { level: 1, name: /^Pedido \d+$/ });
      await heading.waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Ahora: Recibido' }).count()).toBe(1);
      expect(new URL(page.url()).hash).toMatch(/^#order=/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const number = Number((await heading.textContent())!.replace(/\D/g, ''));

      // The status link opens the same order again (a reload, another tab).
      await page.reload();
      await heading.waitFor();

      const token = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
      const reply = await callWithToken(server.url, '/world/account/gettakeaway', token, { date });
      const body = (await reply.json()) as {
        accounts: { number: number; name: string; pickupDateTime: string; notes: string | null }[];
      };
      expect(body.accounts.find((entry) => entry.number === number)).toMatchObject({
        name: 'Carmen',
        notes: 'Sin sal, por favor',
      });
    } finally {
      await context.close();
    }
  }, 120_000);
});
