import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { chooseDate, freeTimes, openDates } from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { translation } from './support/stored-values.ts';

/**
 * Issue 17 item 6 on a phone: an address that already keeps two holds (two other tabs, or a script) gets no
 * third, and the guest is told their table could not be kept but books it all the same.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('holds per address', () => {
  it('past two live holds the form cannot keep the table, and the guest still books it', async () => {
    const [date] = await openDates(server.url, 1);
    const times = (await freeTimes(server.url, date!, 2)).slice(0, 3);
    expect(times).toHaveLength(3);
    const context = await browser.newContext({ ...PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/reservar`);
      await page.getByRole('heading', { level: 1, name: 'Reserva tu mesa' }).waitFor();
      // Two holds kept from this phone's address beforehand, the way another tab would take them.
      const held = await page.evaluate(
        async ({ date, timeSlots }) => {
          const statuses: number[] = [];
          for (const timeSlot of timeSlots) {
            const reply = await fetch('/world/reservation/hold', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ date, timeSlot, pax: 2 }),
            });
            statuses.push(reply.status);
          }
          return statuses;
        },
        { date: date!, timeSlots: times.slice(0, 2) },
      );
      expect(held).toEqual([201, 201]);

      await page.getByLabel('Personas', { exact: true }).selectOption('2');
      await chooseDate(page, date!, translation('es', 'reservations', 'date.nextMonth'));
      await page.getByRole('radio', { name: times[2], exact: true }).check();
      await page.getByText(translation('es', 'reservations', 'hold.failed')).waitFor();

      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('heading', { level: 2, name: 'Tus datos' }).waitFor();
      await page.getByLabel('Nombre', { exact: true }).fill('Marta Ruiz');
      await page.getByLabel('Correo electrónico').fill('marta.ruiz@ejemplo.es');
      await page.getByLabel('He leído y acepto la política de privacidad').check();
      await page.getByRole('button', { name: 'Confirmar reserva' }).click();
      await page.getByRole('heading', { level: 2, name: '¡Reserva confirmada!' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
