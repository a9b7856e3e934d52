import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { goToDay, nextOpenDay } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * Issue 5, the floor live on two tablets: what one does (through the screen or the API as another
 * session) shows on the other within a second or two, through the staff realtime feed.
 */
let server: RunningServer;
let browser: Browser;
let token: string;

interface FloorReservationReply {
  id: number;
  wid: string;
  version: number;
  name: string;
  state: string;
  table: string | null;
  tables: { table_id: number; name: string; room: number }[];
}
interface DayReply {
  date: string;
  logicalDate: string;
  reservations: FloorReservationReply[];
  tables: {
    table_id: number;
    name: string;
    roomName: string;
    state: string;
    maxPax: number;
    active: boolean;
  }[];
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function call<T>(path: string, body: unknown): Promise<T> {
  const response = await callWithToken(server.url, path, token, body);
  const reply = (await response.json()) as T & { result: number; message?: string };
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

const day = (date?: string) => call<DayReply>('/world/api/reservation/getbyday', date ? { date } : {});

async function tablet(email: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInThroughForm(page, server.url, email);
  await page.waitForURL(`${server.url}/copilot`);
  await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor();
  await page.locator('.floor-table').first().waitFor();
  return { page, context };
}

const tile = (page: Page, tableName: string) =>
  page.locator('.floor-table', {
    has: page.locator('.floor-table__name', { hasText: new RegExp(`^${tableName}$`) }),
  });

describe('the floor on two tablets', () => {
  it('shows a walk-in made on one tablet on the other, and seats, moves, merges it live', async () => {
    const one = await tablet('sala1@demo.test'); // 1 en Sala: the room only
    const two = await tablet('admin@demo.test'); // Sala: plan and lists
    try {
      expect(await one.page.locator('.floor-lists').count()).toBe(0);
      expect(await two.page.locator('.floor-lists').count()).toBe(1);
      await one.page.locator('.floor-day__label').filter({ hasText: 'HOY' }).waitFor();

      // De Paso through the screen, with the spec's message for a negative party first.
      await one.page.getByRole('button', { name: 'De Paso' }).click();
      const dialog = one.page.getByRole('dialog', { name: 'De Paso' });
      await dialog.getByLabel('Nombre').fill('Ana');
      await dialog.getByLabel('Personas').fill('-2');
      await dialog.getByRole('button', { name: 'Crear' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Los números negativos no son válidos.' }).waitFor();
      await dialog.getByLabel('Personas').fill('3');
      await dialog.getByRole('button', { name: 'Crear' }).click();
      await one.page.locator('.toast--success').filter({ hasText: 'Cuenta creada para Ana.' }).waitFor();

      const ana = (await day()).reservations.find((reservation) => reservation.name === 'Ana');
      expect(ana?.state).toBe('seated');
      const anaTable = ana!.tables[0]!.name;
      await tile(two.page, anaTable).filter({ hasText: 'Ana · 3' }).waitFor();
      await two.page.locator('[data-list="seated"]').filter({ hasText: 'Ana' }).waitFor();

      // Move table (through the API as a third session): both tablets redraw.
      const today = await day();
      const free = today.tables.find(
        (table) =>
          table.active &&
          table.state === 'free' &&
          table.maxPax >= 3 &&
          table.roomName === today.tables.find((t) => t.name === anaTable)?.roomName,
      )!;
      const current = today.reservations.find((reservation) => reservation.id === ana!.id)!;
      await call('/world/api/reservation/updatetable', {
        reservationWid: current.wid,
        tableIds: [free.table_id],
        expectedVersion: current.version,
      });
      for (const page of [one.page, two.page]) {
        await tile(page, free.name).filter({ hasText: 'Ana · 3' }).waitFor();
        await tile(page, anaTable).filter({ hasText: 'Libre' }).waitFor();
      }

      // A change made elsewhere while a form is open: the save is refused (409), said so, and redrawn.
      await two.page.getByRole('button', { name: new RegExp(`^Mesa ${free.name} `) }).click();
      const detail = two.page.getByRole('dialog', { name: 'Ana' });
      await detail.getByRole('button', { name: 'Cambiar personas' }).click();
      await call('/world/api/reservation/updatepax', { reservationWid: current.wid, pax: 4 });
      await tile(two.page, free.name).filter({ hasText: 'Ana · 4' }).waitFor();
      await detail.getByLabel('Personas').fill('5');
      await detail.getByRole('button', { name: 'Guardar' }).click();
      await two.page
        .locator('.toast--error')
        .filter({ hasText: 'Se muestran los datos actuales.' })
        .waitFor();
      await detail.locator('dd').filter({ hasText: /^4$/ }).first().waitFor();
      await two.page.keyboard.press('Escape');

      // Merge: a second walk-in merged into Ana's account disappears from both screens.
      const { reservation: luis } = await call<{ reservation: FloorReservationReply }>(
        '/world/reservation/createwalkin',
        { name: 'Luis', pax: 2 },
      );
      const luisTable = luis.tables[0]!.name;
      await tile(one.page, luisTable).filter({ hasText: 'Luis · 2' }).waitFor();
      const target = (await day()).reservations.find((reservation) => reservation.id === ana!.id)!;
      await call('/world/reservation/merge', {
        reservationWid: luis.wid,
        targetReservationWid: target.wid,
        expectedVersion: luis.version,
        targetExpectedVersion: target.version,
      });
      for (const page of [one.page, two.page]) {
        await tile(page, luisTable).filter({ hasText: 'Libre' }).waitFor();
      }
    } finally {
      await one.context.close();
      await two.context.close();
    }
  });

  it('shows a phone reservation of the next open day, its no-show and its reactivation live', async () => {
    const two = await tablet('admin@demo.test');
    try {
      const today = await day();
      // Tomorrow, unless the venue closes then (the demo closes on Mondays).
      const { date, taps } = nextOpenDay(today.logicalDate);
      let nieves: FloorReservationReply | undefined;
      const refusals: string[] = [];
      for (const timeSlot of ['21:00', '20:30', '21:30', '14:00', '13:30', '13:00', '20:00', '22:00']) {
        const response = await callWithToken(server.url, '/world/reservation/create-phone', token, {
          date,
          timeSlot,
          pax: 2,
          name: 'Nieves',
          phone: '600 123 456',
        });
        if (response.status < 300) {
          nieves = ((await response.json()) as { reservation: FloorReservationReply }).reservation;
          break;
        }
        refusals.push(`${timeSlot}: ${response.status} ${await response.text()}`);
      }
      expect(nieves, refusals.join('\n')).toBeDefined();

      await goToDay(two.page, taps, date);
      expect(await two.page.locator('.floor-day__label').textContent()).toBe(taps === 1 ? 'MAÑANA' : date);
      await two.page.locator('[data-list="toCome"]').filter({ hasText: 'Nieves' }).waitFor();

      await call('/world/api/reservation/set-no-show', {
        reservationWid: nieves!.wid,
        expectedVersion: nieves!.version,
      });
      await two.page.locator('[data-list="absent"]').filter({ hasText: 'Nieves' }).waitFor();

      // Reactivate through the screen: only the actions the state allows are offered.
      await two.page
        .locator('[data-list="absent"]')
        .getByRole('button', { name: /Nieves/ })
        .click();
      const detail = two.page.getByRole('dialog', { name: 'Nieves' });
      expect(await detail.getByRole('button', { name: 'No presentado' }).count()).toBe(0);
      await detail.getByRole('button', { name: 'Reactivar' }).click();
      await two.page.locator('.toast--success').filter({ hasText: 'Nieves reactivado.' }).waitFor();
      await two.page.locator('[data-list="toCome"]').filter({ hasText: 'Nieves' }).waitFor();
    } finally {
      await two.context.close();
    }
  });

  it('hides the other rooms with the zone filter and keeps it in local storage', async () => {
    const one = await tablet('sala@demo.test');
    try {
      const zones = one.page.getByRole('group', { name: 'Filtro de zonas' });
      await zones.getByRole('button', { name: 'Terraza' }).click();
      await one.page.getByRole('region', { name: 'Plano de Terraza' }).waitFor();
      expect(await one.page.getByRole('region', { name: 'Plano de Sala' }).count()).toBe(0);
      expect(await one.page.evaluate(() => localStorage.getItem('selectedZoneFilter'))).toBe('["Terraza"]');
      await one.page.reload();
      await one.page.getByRole('region', { name: 'Plano de Terraza' }).waitFor();
      expect(await one.page.getByRole('region', { name: 'Plano de Barra' }).count()).toBe(0);
    } finally {
      await one.context.close();
    }
  });
});
