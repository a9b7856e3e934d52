import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { offeredTimes, openDates } from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 22 item 2 in Chromium through the real server: the admin closes a weekday on the venue screen and
 * adds a holiday in Reservas; the preview shows no time on either day, and the guest form at /reservar
 * marks both days as not available and offers no time on them. Axe finds nothing serious on the section.
 */
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
}, 200_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-ES', viewport, bypassCSP: true });
  contexts.push(context);
  return context.newPage();
}

const WEEKDAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

function weekdayName(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAY_NAMES[(day + 6) % 7] as string;
}

describe('the bookings section of the admin area', () => {
  it('closes a weekday and a holiday: no time in the preview nor on the guest form', async () => {
    const [closedWeekday, holiday] = await openDates(server.url, 2);
    if (!closedWeekday || !holiday) throw new Error('no open dates');
    const token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${server.url}/login`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);

    await page.goto(`${server.url}/ebitdata`);
    const venueBookings = page.getByRole('region', { name: 'Reservas', exact: true });
    await venueBookings.getByRole('checkbox', { name: weekdayName(closedWeekday) }).check();
    await venueBookings.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado: Reservas.').waitFor();

    await page
      .getByRole('navigation', { name: 'Secciones de administración' })
      .getByRole('link', { name: 'Reservas' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Reservas' }).waitFor();
    const preview = page.getByRole('region', { name: 'Vista previa' });
    const result = page.getByTestId('bookings-preview-result');
    await preview.getByLabel('Día').fill(holiday);
    await preview.getByRole('list', { name: 'Horas disponibles' }).waitFor();
    await preview.getByLabel('Día').fill(closedWeekday);
    await result.getByText('Ese día de la semana no se reserva en línea.').waitFor();

    const rules = page.getByRole('region', { name: 'Reglas y festivos' });
    await rules.getByRole('button', { name: 'Añadir día cerrado' }).click();
    await rules.getByLabel('Fecha', { exact: true }).fill(holiday);
    await rules.getByLabel('Nombre (opcional)').fill('Fiesta local');
    await rules.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Reservas guardadas').waitFor();
    await preview.getByLabel('Día').fill(holiday);
    await result.getByText('Ese día está cerrado.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const guest = await newPage({ width: 390, height: 844 });
    await guest.goto(`${server.url}/reservar`);
    await guest.getByLabel('Personas', { exact: true }).selectOption('2');
    for (const date of [closedWeekday, holiday]) {
      const day = guest.locator(`button[data-date="${date}"]`);
      if ((await day.count()) === 0) await guest.getByRole('button', { name: 'Mes siguiente' }).click();
      await expect.poll(() => day.getAttribute('aria-disabled')).toBe('true');
      // The day cannot be chosen, so no time is offered for it.
      await day.click({ force: true });
      expect(await day.getAttribute('class')).not.toContain('date-picker__day--selected');
      expect(await offeredTimes(guest)).toEqual([]);
    }
  }, 60_000);
});
