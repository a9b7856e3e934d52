import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi, floorTablet, tableTile, toast } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 18 item 9 (the override): a walk-in no table fits ends in "No se ha podido asignar mesa." and,
 * instead of a dead end, the host picks any free table and seats the party there.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof floorApi>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  api = floorApi(server.url, await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a walk-in no table fits', () => {
  it('lets the host seat the party at any free table', async () => {
    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test');
    try {
      // More than any table or joinable group of the demo seats.
      const party = 40;
      await page.getByRole('button', { name: 'De Paso' }).click();
      const dialog = page.getByRole('dialog', { name: 'De Paso' });
      await dialog.getByLabel('Nombre').fill('Peña');
      await dialog.getByLabel('Personas').fill(String(party));
      await dialog.getByRole('button', { name: 'Crear' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'No se ha podido asignar mesa. Elige cualquier mesa libre para sentarlos.' })
        .waitFor();

      // Only free tables are offered; the host takes one.
      const picker = dialog.getByRole('group', { name: 'Mesas' });
      const offered = picker.getByRole('button');
      expect(await offered.count()).toBeGreaterThan(0);
      // Each offered table reads its name and its state, and every one is free.
      expect(await picker.locator('small').allTextContents()).toEqual(
        Array.from({ length: await offered.count() }, () => 'Libre'),
      );
      const chosen = await offered.first().evaluate((button) => button.firstChild?.textContent ?? '');
      await offered.first().click();
      await dialog.getByRole('button', { name: 'Crear' }).click();
      await toast(page, 'success', 'Cuenta creada para Peña.').waitFor();

      const seated = (await api.day()).reservations.find((reservation) => reservation.name === 'Peña');
      expect(seated?.state).toBe('seated');
      expect(seated?.pax).toBe(party);
      expect(seated?.tables.map((table) => table.name)).toEqual([chosen]);
      await tableTile(page, chosen)
        .filter({ hasText: `Peña · ${party}` })
        .waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);
});
