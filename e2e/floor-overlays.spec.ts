import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi, floorTablet, goToDay, nextOpenDay, openFromList, toast } from './support/floor.ts';
import { qrText } from './support/qr.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 5, the floor's overlays that show or annotate rather than change state (internal comment,
 * location tag, user details, search account, Google-review QR), and the zone filter as the venue's
 * admin turns it on and off. The account QR overlay is shown and scanned in floor-qr.spec.ts.
 */
let server: RunningServer;
let browser: Browser;
let adminToken: string;
let api: ReturnType<typeof floorApi>;

beforeAll(async () => {
  // A loaded machine (parallel test runs) can take over a minute to migrate and seed.
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  adminToken = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
  api = floorApi(server.url, adminToken);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The venue admin's settings call (spec §3 venue config). */
async function updateVenue(settings: object): Promise<void> {
  const response = await callWithToken(server.url, '/world/api/venueconfig/update', adminToken, settings);
  expect(response.status, await response.clone().text()).toBe(200);
}

const copilotConfig = (zoneFilter: boolean) => ({
  copilotConfig: { zoneFilter, cartProductStaffComments: true, promotionsEnabled: true },
});

const plan = (page: Page, room: string) => page.getByRole('region', { name: `Plano de ${room}` });

describe('the floor overlays', () => {
  it('adds an internal comment and a location tag, shows the guest, and finds the account', async () => {
    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test');
    try {
      const { date, taps } = nextOpenDay((await api.day()).logicalDate);
      const ines = await api.phone(date, 'Inés', 3);
      await goToDay(page, taps, date);
      const detail = await openFromList(page, 'toCome', 'Inés');

      await detail.getByRole('button', { name: 'Comentario interno' }).click();
      await detail.getByLabel('Comentario interno').fill('Alergia a los frutos secos');
      await detail.getByRole('button', { name: 'Guardar' }).click();
      await toast(page, 'success', 'Cambios guardados.').waitFor();
      await detail.locator('dd').filter({ hasText: 'Alergia a los frutos secos' }).waitFor();

      await detail.getByRole('button', { name: 'Ubicación' }).click();
      await detail.getByLabel('Ubicación').selectOption('Ventana');
      await detail.getByRole('button', { name: 'Guardar' }).click();
      await detail
        .locator('dd')
        .filter({ hasText: /^Ventana$/ })
        .waitFor();
      const saved = await api.call<unknown>('/world/api/reservation/search-account', { q: 'Inés', date });
      expect(saved).toMatchObject({
        reservations: [{ staffComments: 'Alergia a los frutos secos', locationTag: 'Ventana' }],
      });

      await detail.getByRole('button', { name: 'Datos del cliente' }).click();
      const guest = detail.locator('.floor-detail__guests li').filter({ hasText: 'Inés' });
      await guest.filter({ hasText: '600 123 456' }).filter({ hasText: 'Titular' }).waitFor();
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Buscar cuenta' }).click();
      const search = page.getByRole('dialog', { name: 'Buscar cuenta' });
      await search.getByLabel('Nombre, mesa o código').fill('nadie así');
      await search.getByRole('button', { name: 'Buscar cuenta' }).click();
      await search.getByText('No hay cuentas que coincidan.').waitFor();
      await search.getByLabel('Nombre, mesa o código').fill('ines');
      await search.getByRole('button', { name: 'Buscar cuenta' }).click();
      await search.getByRole('button', { name: / Inés · 3 / }).click();
      await page.getByRole('dialog', { name: 'Inés' }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Buscar cuenta' }).count()).toBe(0);
      expect(ines.state).toBe('confirmed');
    } finally {
      await context.close();
    }
  });

  it('shows the Google-review QR once the venue has its link', async () => {
    // The demo venue comes with a link; this venue has not set one yet.
    await updateVenue({ reviewGoogleMapsUrl: '' });
    const { page, context } = await floorTablet(browser, server.url, 'sala1@demo.test');
    try {
      await page.getByRole('button', { name: 'QR de reseñas' }).click();
      const dialog = page.getByRole('dialog', { name: 'QR de reseñas' });
      await dialog.getByRole('alert').waitFor();
      expect(await dialog.locator('img.floor-qr').count()).toBe(0);
      await page.keyboard.press('Escape');

      const link = 'https://maps.example.test/casa-sobremesa/review';
      await updateVenue({ reviewGoogleMapsUrl: link });
      await page.getByRole('button', { name: 'QR de reseñas' }).click();
      await dialog.locator('img.floor-qr').waitFor();
      expect(await qrText(dialog.locator('img.floor-qr'))).toBe(link);
    } finally {
      await context.close();
    }
  });

  it('filters the plan by zone only when the venue turns the filter on', async () => {
    await updateVenue(copilotConfig(false));
    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test');
    try {
      // Off: no zone buttons, and a filter kept from before hides nothing.
      await page.evaluate(() => localStorage.setItem('selectedZoneFilter', '["Terraza"]'));
      await page.reload();
      await plan(page, 'Barra').waitFor();
      expect(await plan(page, 'Sala').count()).toBe(1);
      expect(await plan(page, 'Terraza').count()).toBe(1);
      expect(await page.getByRole('group', { name: 'Filtro de zonas' }).count()).toBe(0);
      await page.evaluate(() => localStorage.removeItem('selectedZoneFilter'));

      await updateVenue(copilotConfig(true));
      await page.reload();
      const zones = page.getByRole('group', { name: 'Filtro de zonas' });
      await zones.getByRole('button', { name: 'Sala' }).click();
      await plan(page, 'Sala').waitFor();
      await plan(page, 'Terraza').waitFor({ state: 'detached' });
      expect(await plan(page, 'Barra').count()).toBe(0);
      expect(await page.locator('.floor-table', { hasText: /^T\d/ }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('selectedZoneFilter'))).toBe('["Sala"]');
      await zones.getByRole('button', { name: 'Barra' }).click();
      await plan(page, 'Barra').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('selectedZoneFilter'))).toBe('["Sala","Barra"]');
      expect(await plan(page, 'Terraza').count()).toBe(0);

      // Turned off again: every room is back although the selection stays stored.
      await updateVenue(copilotConfig(false));
      await page.reload();
      await plan(page, 'Terraza').waitFor();
      expect(await page.getByRole('group', { name: 'Filtro de zonas' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
