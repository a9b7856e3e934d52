import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWithToken, DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi, floorTablet, tableTile, toast, type FloorReservationReply } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 18 item 9: a walk-in no table fits ends in "No se ha podido asignar mesa." and, instead of a dead
 * end, the host picks any free table (larger ones too, each with its seats) and seats the party there, or
 * puts the party on the waitlist with a quoted wait and seats it from the list when a table frees.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof floorApi> & { token: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  const token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
  api = { ...floorApi(server.url, token), token };
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

  it('seats a couple at a larger table, or waitlists it and seats it when a table frees', async () => {
    // Every table a couple fits is taken: only tables for three or more stay free.
    const couples: FloorReservationReply[] = [];
    for (let index = 0; index < 40; index++) {
      const response = await callWithToken(server.url, '/world/reservation/createwalkin', api.token, {
        name: `Pareja ${index}`,
        pax: 2,
      });
      if (response.status === 409) break;
      expect(response.status).toBe(201);
      couples.push(((await response.json()) as { reservation: FloorReservationReply }).reservation);
    }
    expect(couples.length).toBeGreaterThan(0);
    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test', { bypassCSP: true });
    try {
      const walkIn = async (name: string) => {
        await page.getByRole('button', { name: 'De Paso' }).click();
        const dialog = page.getByRole('dialog', { name: 'De Paso' });
        await dialog.getByLabel('Nombre').fill(name);
        await dialog.getByLabel('Personas').fill('2');
        await dialog.getByRole('button', { name: 'Crear' }).click();
        await dialog.getByRole('alert').filter({ hasText: 'No se ha podido asignar mesa.' }).waitFor();
        return dialog;
      };

      // The override: a free table for six, labelled with its seats.
      const first = await walkIn('Lucía');
      const large = first
        .getByRole('group', { name: 'Mesas' })
        .getByRole('button')
        .filter({ hasText: 'Plazas: 6' });
      const tableName = await large.first().evaluate((button) => button.firstChild?.textContent ?? '');
      await large.first().click();
      await first.getByRole('button', { name: 'Crear' }).click();
      await toast(page, 'success', 'Cuenta creada para Lucía.').waitFor();
      const lucia = (await api.day()).reservations.find((reservation) => reservation.name === 'Lucía');
      expect(lucia?.tables.map((table) => table.name)).toEqual([tableName]);

      // The waitlist: a quoted wait, in minutes, since no couple's table is free.
      const second = await walkIn('Mario');
      await second.getByRole('button', { name: 'Añadir a la lista de espera' }).click();
      await toast(page, 'success', 'Mario está en la lista de espera. Espera indicada:').waitFor();
      await page.getByRole('button', { name: /^Lista de espera 1$/ }).click();
      const panel = page.getByRole('dialog', { name: 'Lista de espera' });
      const entry = panel.getByRole('listitem').filter({ hasText: 'Mario · 2' });
      const quoted = await entry.locator('dt:has-text("Espera indicada") + dd').textContent();
      expect(quoted).toMatch(/^[1-9]\d* min$/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Another tablet closes a couple's account: the list says a table is free, and Sentar seats Mario.
      const leaving = couples[0]!;
      await api.call(`/world/api/reservation/${leaving.id}/close`, {});
      await entry.getByText('Hay mesa libre').waitFor();
      await entry.getByRole('button', { name: 'Sentar', exact: true }).click();
      await toast(page, 'success', 'Mario ya está en la mesa.').waitFor();
      await panel.getByText('No hay nadie esperando.').waitFor();
      const mario = (await api.day()).reservations.find((reservation) => reservation.name === 'Mario');
      expect(mario?.state).toBe('seated');
      expect(mario?.tables.map((table) => table.name)).toEqual(leaving.tables.map((table) => table.name));

      // A party added from the list itself, then gone before a table freed.
      await panel.getByLabel('Nombre').fill('Sara');
      await panel.getByLabel('Personas').fill('2');
      await panel.getByRole('button', { name: 'Añadir a la lista de espera' }).click();
      await toast(page, 'success', 'Sara está en la lista de espera. Espera indicada:').waitFor();
      const sara = panel.getByRole('listitem').filter({ hasText: 'Sara · 2' });
      await sara.getByRole('button', { name: 'Quitar' }).click();
      await sara.getByRole('button', { name: 'Se ha ido' }).click();
      await toast(page, 'success', 'Sara ya no está en la lista de espera.').waitFor();
      await panel.getByText('No hay nadie esperando.').waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);
});
