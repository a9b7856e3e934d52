import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { chooseDay, dayField, dayOf } from './support/date-fields.ts';
import { refusalOf } from './support/field-errors.ts';
import { ok, paidGuestTable } from './support/reviews.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { floorApi } from './support/floor.ts';
import { adminTablet, businessName, staffTablet, watchForProblems } from './support/shell.ts';

/**
 * Issue 22 items 1 and 7 in Chromium through the real server: the admin opens /ebitdata on a tablet,
 * sees the server refuse bad fiscal data, a map link that is not one and a venue without a way to pay,
 * each at its field, puts them right and saves them and a new venue name, a waiter's copilot shows the new
 * name without a reload, and the change log shows both changes and a booking marked absent in words
 * (decision 077: "Confirmada → Ausente", never `status 1 → -4`) with before and after; axe finds nothing
 * serious or critical on either admin screen.
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

/** The admin's tablet, closed with the spec's other contexts. */
async function adminPage(): Promise<Page> {
  const { page, context } = await adminTablet(browser, server.url);
  contexts.push(context);
  return page;
}

describe('the admin area', () => {
  let page: Page;
  let waiter: Page;
  let oldName = '';
  let problems: string[] = [];

  beforeAll(async () => {
    oldName = await businessName(server.url);
    const tablet = await staffTablet(browser, server.url, 'sala@demo.test');
    contexts.push(tablet.context);
    waiter = tablet.page;
    page = await adminPage();
    problems = watchForProblems(page);
  }, 120_000);

  it('opens on the venue section, with nothing serious for axe', async () => {
    await page.goto(`${server.url}/ebitdata`);
    await page.getByRole('heading', { level: 1, name: 'Local' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('refuses bad fiscal data beside each field, keeps what was typed, and saves it put right', async () => {
    const fiscal = page.getByRole('region', { name: 'Datos fiscales' });
    const legalName = fiscal.getByLabel('Razón social');
    const taxId = fiscal.getByLabel('NIF', { exact: true });
    const postalCode = fiscal.getByLabel('Código postal');
    const series = fiscal.getByLabel('Serie de las facturas');
    await legalName.fill('');
    await taxId.fill('B12345678');
    await postalCode.fill('ABCDE');
    await series.fill('');
    await fiscal.getByRole('button', { name: 'Guardar' }).click();
    const refused = [
      [legalName, 'Escribe la razón social'],
      [taxId, 'El NIF no es válido: revisa su último carácter'],
      [postalCode, 'Un código postal español: 5 cifras, de 01000 a 52999'],
      [series, 'Escribe la serie de las facturas'],
    ] as const;
    for (const [control, message] of refused) {
      await fiscal.getByText(message, { exact: true }).waitFor();
      expect(await refusalOf(control)).toEqual({
        invalid: 'true',
        description: expect.stringContaining(message),
      });
    }
    expect(await postalCode.inputValue()).toBe('ABCDE');
    expect(await taxId.inputValue()).toBe('B12345678');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await legalName.fill('Casa Sobremesa Hostelería S.L.');
    await taxId.fill('b-1234567-4');
    await postalCode.fill('28005');
    await series.fill('T');
    await fiscal.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado: Datos fiscales.').waitFor();
    await expect.poll(() => taxId.inputValue()).toBe('B12345674');
    for (const [control] of refused) expect((await refusalOf(control)).invalid).toBeNull();
    expect(await fiscal.getByRole('alert').count()).toBe(0);
  });

  it('refuses a map link that is not one and a venue without a way to pay, at their fields', async () => {
    const profile = page.getByRole('region', { name: 'Ficha del local' });
    const map = profile.getByLabel('Enlace a Google Maps');
    await map.fill('not a url');
    await profile.getByRole('button', { name: 'Guardar' }).click();
    await profile.getByText('Pega el enlace completo, que empiece por https://').waitFor();
    expect((await refusalOf(map)).invalid).toBe('true');
    await map.fill('https://maps.app.goo.gl/casa-sobremesa');
    await profile.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado: Ficha del local.').waitFor();

    const payments = page.getByRole('region', { name: 'Cobros' });
    for (const method of ['Efectivo', 'Tarjeta', 'Otras'])
      await payments.getByRole('checkbox', { name: method }).uncheck();
    await payments.getByRole('button', { name: 'Guardar' }).click();
    const methods = payments.getByRole('group', { name: 'Formas de pago' });
    await payments.getByText('Elige al menos una forma de pago').waitFor();
    expect(await refusalOf(methods)).toEqual({
      invalid: 'true',
      description: expect.stringContaining('Elige al menos una forma de pago'),
    });
    await payments.getByRole('checkbox', { name: 'Tarjeta' }).check();
    await payments.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado: Cobros.').waitFor();
  });

  it('closes Sundays to bookings: the guest booking form reads it from the venue config', async () => {
    const bookings = page.getByRole('region', { name: 'Reservas', exact: true });
    await bookings.getByRole('checkbox', { name: 'domingo' }).check();
    await bookings.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado: Reservas.').waitFor();
    const reply = await fetch(`${server.url}/world/api/venueconfig`, { method: 'POST' });
    const { venueConfig } = (await reply.json()) as { venueConfig: { reservation_disabled_dow: number[] } };
    expect(venueConfig.reservation_disabled_dow).toContain(7);
  });

  it("shows the venue's new name on a waiter's copilot without a reload", async () => {
    await waiter.locator('.copilot__venue', { hasText: oldName }).waitFor();
    const identity = page.getByRole('region', { name: 'Nombre y dirección web' });
    await identity.getByLabel('Nombre del local').fill('Casa Sobremesa Nueva');
    await identity.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado: Nombre y dirección web.').waitFor();
    await page.locator('.staff-page__venue', { hasText: 'Casa Sobremesa Nueva' }).waitFor();
    await waiter.locator('.copilot__venue', { hasText: 'Casa Sobremesa Nueva' }).waitFor();
  });

  it('lists the changes in the change log in words, with before and after, filterable', async () => {
    // A booking marked absent from the floor: its state change is status 1 → -4 in the log's data.
    const sala = floorApi(server.url, await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD));
    const day = new Date(`${(await sala.day()).logicalDate}T12:00:00Z`);
    // Not a Monday (the demo closes) nor a Sunday (closed to bookings above).
    do day.setUTCDate(day.getUTCDate() + 1);
    while (day.getUTCDay() < 2);
    const absent = await sala.phone(day.toISOString().slice(0, 10), 'Rocío Ausente', 2);
    await sala.call('/world/api/reservation/set-no-show', { reservationWid: absent.wid });

    await page
      .getByRole('navigation', { name: 'Secciones de administración' })
      .getByRole('link', { name: 'Registro de cambios' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Registro de cambios' }).waitFor();
    const table = page.getByRole('table');
    await table
      .getByRole('row')
      .filter({ hasText: 'Casa Sobremesa Nueva' })
      .filter({ hasText: oldName })
      .filter({ hasText: 'Datos del local cambiados' })
      .waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: 'B12345674' })
      .filter({ hasText: 'Ajustes del local cambiados' })
      .waitFor();
    // The no-show in the floor's words: who (and as which role), what, the state before and after.
    const noShow = table.getByRole('row').filter({ hasText: 'Reserva marcada como ausente' });
    await noShow.waitFor();
    expect((await noShow.getByRole('cell').allTextContents()).slice(2).map((text) => text.trim())).toEqual([
      `Reserva marcada como ausente · Reserva o cuenta ${absent.id}`,
      'Estado',
      'Confirmada',
      'Ausente',
    ]);
    const text = (await table.textContent()) ?? '';
    for (const key of ['reservation.no_show', 'venue.identity.update', 'venue.config.update', '-4', 'status'])
      expect(text).not.toContain(key);
    await page.getByLabel('Acción').selectOption({ label: 'Datos del local cambiados' });
    await expect
      .poll(() => table.getByRole('row').filter({ hasText: 'Ajustes del local cambiados' }).count())
      .toBe(0);
    const kinds = await page.getByLabel('Elemento').locator('option').allTextContents();
    expect(kinds).toContain('Reserva o cuenta');
    expect(kinds).not.toContain('reservation');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('lists the guests’ reviews in Opiniones, by rating and period, and keeps them from a waiter', async () => {
    const [sala, tpv] = await Promise.all([
      signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
      signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD),
    ]);
    const rate = (body: Record<string, unknown>, path = 'create') =>
      ok(
        fetch(`${server.url}/world/api/review/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        `review/${path}`,
      );
    const happy = await paidGuestTable(server.url, { sala, tpv }, 'Familia Cinco');
    const unhappy = await paidGuestTable(server.url, { sala, tpv }, 'Familia Dos');
    await rate({ uid: happy.uid, rating: 5 });
    await rate({ uid: unhappy.uid, rating: 2 });
    await rate({ uid: unhappy.uid, text: 'La paella llegó fría.' }, 'addtext');

    await page
      .getByRole('navigation', { name: 'Secciones de administración' })
      .getByRole('link', { name: 'Opiniones' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Opiniones de los clientes' }).waitFor();
    const rows = page.getByRole('table').getByRole('row');
    await rows.filter({ hasText: 'Familia Cinco' }).filter({ hasText: '5 de 5' }).waitFor();
    await rows
      .filter({ hasText: 'Familia Dos' })
      .filter({ hasText: '2 de 5' })
      .filter({ hasText: 'La paella llegó fría.' })
      .waitFor();
    await page.getByRole('status').filter({ hasText: '2 opiniones · media 3,5 de 5' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Valoración').selectOption({ label: '3 estrellas o menos' });
    await page.getByRole('status').filter({ hasText: '1 opinión · media 2 de 5' }).waitFor();
    expect(await rows.filter({ hasText: 'Familia Cinco' }).count()).toBe(0);
    await rows.filter({ hasText: 'Familia Dos' }).waitFor();

    // Up to yesterday: today's reviews leave the list.
    const until = dayField(page.locator('main'), 'Hasta');
    const today = await dayOf(until);
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await chooseDay(until, yesterday);
    await page.getByText('No hay opiniones en este periodo.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(problems).toEqual([]);

    await waiter.goto(`${server.url}/ebitdata/opiniones`);
    await waiter.waitForURL(`${server.url}/login?next=%2Febitdata%2Fopiniones&denied=admin`);
  });
});
