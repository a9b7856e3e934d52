import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { chooseDate, openDates } from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { staffTablet } from './support/shell.ts';

/**
 * Issue 27 item 1: a guest orders for pickup on a phone (a date, then a time, the dishes, their
 * details), gets an order number to say at the counter, and staff find it in the day's takeaway list.
 * Items 3 and 4 (decision 041): a dish with options is chosen in the menu's sheet, the kitchen sees the
 * order marked and scheduled for its pickup, and the guest's page follows the kitchen live. A pause of
 * online orders (decision 043) reaches a form left open, which keeps the guest's choices until it lifts.
 */
let server: RunningServer;
let browser: Browser;

/** Besides WCAG 2.1 AA, the page's outline: no heading level skipped (a screen reader's map of the form). */
const OUTLINE = { rules: ['heading-order'] } as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ database: 'embedded', readyTimeoutMs: 180_000 }),
    launchBrowser(),
  ]);
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
      // Thumb-sized on the phone, as on /reservar: the date picker's days and the details' fields.
      for (const target of [page.locator('.date-picker__day').first(), page.getByLabel('Nombre')])
        expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);

      await chooseDate(page, date!, 'Mes siguiente');
      await page.locator('select option[value="20:30"]').waitFor({ state: 'attached' });
      await time.selectOption('20:30');
      expect(await send.isDisabled()).toBe(false);

      await page.getByRole('button', { name: 'Añadir Pimientos de Padrón', exact: true }).click();
      await page.getByRole('button', { name: 'Añadir Pimientos de Padrón', exact: true }).click();
      // Sending without details names what is missing.
      await send.click();
      await page.getByText('Por favor, introduce tu nombre').waitFor();
      expect(await seriousAccessibilityViolations(page, OUTLINE)).toEqual([]);

      await page.getByLabel('Nombre').fill('Carmen');
      await page.getByLabel('Teléfono').fill('+34 600 123 456');
      await page.getByLabel('Email').fill('carmen@example.com');
      await page.getByLabel('Notas para la cocina (opcional)').fill('Sin sal, por favor');
      await send.click();

      const heading = page.getByRole('heading', { level: 1, name: /^Pedido \d+$/ });
      await heading.waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Ahora: Recibido' }).count()).toBe(1);
      expect(new URL(page.url()).hash).toMatch(/^#order=/);
      expect(await seriousAccessibilityViolations(page, OUTLINE)).toEqual([]);
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

  it('keeps what the guest chose through a pause staff set and lift while the form is open', async () => {
    const [date] = await openDates(server.url, 1, 2);
    const token = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
    const staff = async (path: string, body: Record<string, unknown>) =>
      expect((await callWithToken(server.url, path, token, body)).status).toBe(200);
    const context = await browser.newContext({ ...PHONE, locale: 'es-ES', bypassCSP: true });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/takeaway-delivery`);
      const send = page.getByRole('button', { name: 'Hacer pedido' });
      await chooseDate(page, date!, 'Mes siguiente');
      await page.locator('select option[value="20:30"]').waitFor({ state: 'attached' });
      await page.getByLabel('Hora', { exact: true }).selectOption('20:30');
      await page.getByRole('button', { name: 'Añadir Pimientos de Padrón', exact: true }).click();
      await page.getByLabel('Nombre').fill('Iñaki');
      expect(await send.isDisabled()).toBe(false);

      // The kitchen is swamped: staff pause online orders and the open form says so at once.
      await staff('/world/api/takeaway/pause', { pause: 30 });
      const notice = page
        .getByRole('status')
        .filter({ hasText: 'Ahora mismo no aceptamos pedidos online. Vuelve a intentarlo en un rato.' });
      await notice.waitFor();
      expect(await send.isDisabled()).toBe(true);
      expect(await seriousAccessibilityViolations(page, OUTLINE)).toEqual([]);

      // Resumed: the same form sends what the guest had chosen.
      await staff('/world/api/takeaway/resume', {});
      await notice.waitFor({ state: 'detached' });
      expect(await page.getByLabel('Nombre').inputValue()).toBe('Iñaki');
      await page.getByLabel('Teléfono').fill('+34 600 123 457');
      await page.getByLabel('Email').fill('inaki@example.com');
      await send.click();
      await page.getByRole('heading', { level: 1, name: /^Pedido \d+$/ }).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('cooks an order for its pickup time while the guest follows it live', async () => {
    // The kitchen shows today's service: the venue moves to a zone where it is 20:xx now, and opens daily,
    // so today's dinner still has pickup times whenever this runs.
    const utcHour = new Date().getUTCHours();
    let offset = (((20 - utcHour) % 24) + 24) % 24;
    if (offset > 14) offset -= 24;
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const admin = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
    const moved = await callWithToken(server.url, '/world/api/admin/venue/identity', admin, {
      timeZone: zone,
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const opened = await callWithToken(server.url, '/world/api/venueconfig/update', admin, {
      reservation_disabled_dow: [],
    });
    expect(opened.status, await opened.clone().text()).toBe(200);
    // The venue's cached configuration follows the change: wait until the takeaway form reads the new zone.
    let today = '';
    while (today === '') {
      const config = (await (
        await fetch(`${server.url}/world/api/takeaway/config`, { method: 'POST' })
      ).json()) as { timeZone: string; firstDate: string };
      if (config.timeZone === zone) today = config.firstDate;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const guest = await browser.newContext({ ...PHONE, locale: 'es-ES', bypassCSP: true });
    const phone = await guest.newPage();
    const sala = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
    let kitchen: Awaited<ReturnType<typeof staffTablet>> | null = null;
    try {
      await phone.goto(`${server.url}/takeaway-delivery`);
      await phone.getByRole('heading', { level: 1, name: 'Pide para llevar o a domicilio' }).waitFor();
      await chooseDate(phone, today, 'Mes siguiente');
      const time = phone.getByLabel('Hora', { exact: true });
      await phone.locator('select.takeaway__time option:not([value=""]):not([disabled])').first().waitFor({
        state: 'attached',
      });
      const pickup = await phone
        .locator('select.takeaway__time option:not([value=""]):not([disabled])')
        .first()
        .getAttribute('value');
      await time.selectOption(pickup!);

      // A dish with options: chosen in the menu's own sheet, priced with them.
      await phone.getByRole('button', { name: 'Elegir opciones de Solomillo de ternera' }).click();
      const sheet = phone.getByRole('dialog', { name: 'Solomillo de ternera' });
      await sheet
        .getByRole('group', { name: /^Punto de la carne/ })
        .getByRole('radio', { name: 'Al punto' })
        .check();
      await sheet
        .getByRole('group', { name: /^Guarnición/ })
        .getByRole('radio', { name: /^Patatas fritas/ })
        .check();
      await sheet.getByRole('button', { name: /^Añadir al pedido/ }).click();
      await sheet.waitFor({ state: 'detached' });
      const cart = phone.locator('#takeaway-cart');
      await cart.getByText('1 × Solomillo de ternera (Al punto, Patatas fritas)').waitFor();
      expect(await cart.locator('.takeaway__total').textContent()).toMatch(/26,00/);

      await phone.getByLabel('Nombre').fill('Rosa');
      await phone.getByLabel('Teléfono').fill('+34 600 765 432');
      await phone.getByLabel('Email').fill('rosa@example.com');
      await phone.getByRole('button', { name: 'Hacer pedido' }).click();
      const heading = phone.getByRole('heading', { level: 1, name: /^Pedido \d+$/ });
      await heading.waitFor();
      const number = Number((await heading.textContent())!.replace(/\D/g, ''));
      const now = (step: string) => phone.getByRole('status').filter({ hasText: `Ahora: ${step}` });
      await now('Recibido').waitFor();

      const list = await callWithToken(server.url, '/world/account/gettakeaway', sala, { date: today });
      const { accounts } = (await list.json()) as { accounts: { id: number; number: number }[] };
      const order = accounts.find((entry) => entry.number === number)!;
      const accepted = await callWithToken(server.url, '/world/api/takeaway/accept', sala, {
        takeawayOrderId: order.id,
      });
      expect(accepted.status).toBe(200);
      // Live, without a reload (the order's stream itself is checked in takeaway-kitchen.int.test.ts).
      await now('Aceptado').waitFor();

      kitchen = await staffTablet(browser, server.url, 'cocina@demo.test');
      const scheduled = kitchen.page.getByRole('region', { name: 'Programados' });
      const ticket = scheduled.locator('.kitchen-ticket[data-takeaway="pickup"]');
      await ticket.waitFor({ timeout: 15_000 });
      const [hours, minutes] = pickup!.split(':').map(Number) as [number, number];
      const fires = new Date(Date.UTC(2000, 0, 1, hours, minutes - 20)).toISOString().slice(11, 16);
      expect(await ticket.locator('.kitchen-ticket__takeaway').textContent()).toBe(
        `Para llevar${'Recoge a las '}${pickup}`,
      );
      expect(await ticket.locator('.kitchen-ticket__table').textContent()).toBe(`Pedido ${number}`);
      expect(await ticket.locator('.kitchen-ticket__elapsed').textContent()).toBe(`Empieza a las ${fires}`);

      // Started early, it joins the queue; marked ready, the guest's page says so without a reload.
      await ticket.getByRole('button', { name: 'Empezar Solomillo de ternera' }).click();
      await now('En preparación').waitFor();
      const queued = kitchen.page.locator('.kitchen-board .kitchen-ticket[data-takeaway="pickup"]').first();
      await queued.getByRole('button', { name: 'Marcar Solomillo de ternera como listo' }).click();
      await now('Listo').waitFor();
      expect(await seriousAccessibilityViolations(phone, OUTLINE)).toEqual([]);
    } finally {
      await kitchen?.context.close();
      await guest.close();
    }
  }, 120_000);
});
