import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import {
  dayList,
  floorApi,
  floorTablet,
  goToDay,
  nextOpenDay,
  openFromList,
  tableTile,
  toast,
} from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 5, the reservation actions through their overlays on one tablet (Sala), seen live on a second
 * (admin, also the Sala view) without reload. Walk-in creation, moves and merges made through the API,
 * and the De Paso negative message, are in floor-live.spec.ts.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof floorApi>;

beforeAll(async () => {
  // A loaded machine (parallel test runs) can take over a minute to migrate and seed.
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  api = floorApi(server.url, await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const row = (page: Page, list: string, name: string) => dayList(page, list).filter({ hasText: ` ${name} ` });

describe('the reservation actions on two tablets', () => {
  it('takes a phone booking, seats, edits, moves, merges, marks absent, reactivates and cancels, live', async () => {
    const one = await floorTablet(browser, server.url, 'sala@demo.test');
    const two = await floorTablet(browser, server.url, 'admin@demo.test');
    try {
      const { date, taps } = nextOpenDay((await api.day()).logicalDate);
      await goToDay(one.page, taps, date);
      await goToDay(two.page, taps, date);

      // New reservation by phone, through the availability engine (the form's date is the shown day).
      await one.page.getByRole('button', { name: 'Reserva por teléfono' }).click();
      const phone = one.page.getByRole('dialog', { name: 'Reserva por teléfono' });
      expect(await phone.getByLabel('Fecha').inputValue()).toBe(date);
      await phone.getByLabel('Nombre').fill('Marta');
      await phone.getByLabel('Teléfono').fill('600 111 222');
      await phone.getByRole('button', { name: 'Crear' }).click();
      await toast(one.page, 'success', 'Cuenta creada para Marta.').waitFor();
      await row(two.page, 'toCome', 'Marta').waitFor();
      const booked = (await api.day(date)).reservations.find((reservation) => reservation.name === 'Marta')!;
      expect(booked.state).toBe('confirmed');
      expect(booked.tables.length).toBeGreaterThan(0);

      // Seat (enable-reservation): the other tablet moves it from "Por llegar" to "Sentados con carta".
      const marta = await openFromList(one.page, 'toCome', 'Marta');
      await marta.getByRole('button', { name: 'Sentar' }).click();
      await toast(one.page, 'success', 'Marta ya está en la mesa.').waitFor();
      await row(two.page, 'seated', 'Marta').waitFor();
      expect(await row(two.page, 'toCome', 'Marta').count()).toBe(0);
      await marta.getByRole('button', { name: 'Listos para pedir' }).click();
      await toast(one.page, 'success', 'Marta está listo para pedir.').waitFor();
      expect(await marta.getByRole('button', { name: 'Sentar' }).count()).toBe(0);

      // Update pax: bad input is refused with the spec's text before any call; a good one is saved.
      await marta.getByRole('button', { name: 'Cambiar personas' }).click();
      await marta.getByLabel('Personas').fill('-1');
      await marta.getByRole('button', { name: 'Guardar' }).click();
      await marta
        .getByRole('alert')
        .filter({ hasText: 'Ha ocurrido un error actualizando los comensales' })
        .filter({ hasText: 'Los números negativos no son válidos.' })
        .waitFor();
      await marta.getByLabel('Personas').fill('dos');
      await marta.getByRole('button', { name: 'Guardar' }).click();
      await marta.getByRole('alert').filter({ hasText: 'Indica un número entero de personas.' }).waitFor();
      expect((await api.reservation(booked.id, date)).pax).toBe(2);
      await marta.getByLabel('Personas').fill('4');
      await marta.getByRole('button', { name: 'Guardar' }).click();
      await toast(one.page, 'success', 'Cambios guardados.').waitFor();
      await row(two.page, 'seated', 'Marta · 4').waitFor();

      // Update table: another free table of the same room, big enough.
      const day = await api.day(date);
      const current = day.reservations.find((reservation) => reservation.id === booked.id)!;
      const used = new Set(
        day.reservations.flatMap((reservation) => reservation.tables.map((t) => t.table_id)),
      );
      const room = day.tables.find((table) => table.table_id === current.tables[0]!.table_id)!.roomName;
      const free = day.tables.find(
        (table) => table.active && table.roomName === room && table.maxPax >= 4 && !used.has(table.table_id),
      )!;
      await marta.getByRole('button', { name: 'Cambiar mesa' }).click();
      const picker = marta.locator('.floor-table-picker__table');
      for (const table of current.tables) {
        await picker.filter({ hasText: new RegExp(`^${table.name}(?![0-9])`) }).click();
      }
      await picker.filter({ hasText: new RegExp(`^${free.name}(?![0-9])`) }).click();
      await marta.getByRole('button', { name: 'Guardar' }).click();
      await toast(one.page, 'success', 'Cambios guardados.').waitFor();
      await row(two.page, 'seated', `Marta · 4 · ${free.name}`).waitFor();
      expect((await api.reservation(booked.id, date)).tables.map((table) => table.name)).toEqual([free.name]);
      await one.page.keyboard.press('Escape');

      // Merge through the overlay: Olga's booking joins Marta's account; both tablets redraw.
      const olga = await api.phone(date, 'Olga', 2);
      await row(one.page, 'toCome', 'Olga').waitFor();
      const olgaDetail = await openFromList(one.page, 'toCome', 'Olga');
      await olgaDetail.getByRole('button', { name: 'Unir con otra cuenta' }).click();
      await olgaDetail.getByLabel('Unir con la cuenta de').selectOption(String(booked.id));
      await olgaDetail.getByRole('button', { name: 'Guardar' }).click();
      await toast(one.page, 'success', 'Olga unido a Marta.').waitFor();
      await row(two.page, 'finished', 'Olga').waitFor();
      await row(two.page, 'seated', 'Marta · 6').waitFor();
      expect(await row(two.page, 'toCome', 'Olga').count()).toBe(0);
      expect((await api.reservation(olga.id, date)).state).toBe('merged');
      await one.page.keyboard.press('Escape');

      // No-show, reactivate and cancel through the overlay, each seen on the other tablet.
      await api.phone(date, 'Pilar', 2);
      const pilar = await openFromList(one.page, 'toCome', 'Pilar');
      await pilar.getByRole('button', { name: 'No presentado' }).click();
      await toast(one.page, 'success', 'Pilar marcado como ausente.').waitFor();
      await row(two.page, 'absent', 'Pilar').waitFor();
      await pilar.getByRole('button', { name: 'Reactivar' }).click();
      await toast(one.page, 'success', 'Pilar reactivado.').waitFor();
      await row(two.page, 'toCome', 'Pilar').waitFor();
      expect(await row(two.page, 'absent', 'Pilar').count()).toBe(0);
      await pilar.getByRole('button', { name: 'Anular reserva' }).click();
      await toast(one.page, 'success', 'Reserva de Pilar anulada.').waitFor();
      // A cancellation is in no list.
      await row(two.page, 'toCome', 'Pilar').waitFor({ state: 'detached' });
    } finally {
      await one.context.close();
      await two.context.close();
    }
  }, 120_000);

  it('says why a reactivation fails: a table taken, a reservation no longer absent, or merged', async () => {
    const one = await floorTablet(browser, server.url, 'sala@demo.test');
    const two = await floorTablet(browser, server.url, 'admin@demo.test');
    try {
      // Close an account, sit another party at its table (Sin Recibir), then the closed one cannot return.
      const carmen = await api.walkIn('Carmen', 2);
      const table = carmen.tables[0]!.name;
      await tableTile(one.page, table).filter({ hasText: 'Carmen · 2' }).click();
      const detail = one.page.getByRole('dialog', { name: 'Carmen' });
      await detail.getByRole('button', { name: 'Cerrar cuenta' }).click();
      await toast(one.page, 'success', 'Cuenta de Carmen cerrada.').waitFor();
      await row(two.page, 'finished', 'Carmen').waitFor();
      await tableTile(two.page, table).filter({ hasText: 'Libre' }).waitFor();
      await one.page.keyboard.press('Escape');

      await tableTile(one.page, table).filter({ hasText: 'Libre' }).click();
      const sitIn = one.page.getByRole('dialog', { name: 'Sin Recibir' });
      await sitIn
        .locator('.floor-table-picker__table[aria-pressed="true"]')
        .filter({ hasText: new RegExp(`^${table}(?![0-9])`) })
        .waitFor();
      await sitIn.getByLabel('Nombre').fill('Pablo');
      await sitIn.getByLabel('Personas').fill('2');
      await sitIn.getByRole('button', { name: 'Crear' }).click();
      await toast(one.page, 'success', 'Cuenta creada para Pablo.').waitFor();
      await tableTile(two.page, table).filter({ hasText: 'Pablo · 2' }).waitFor();

      const closed = await openFromList(one.page, 'finished', 'Carmen');
      await closed.getByRole('button', { name: 'Reactivar' }).click();
      await toast(one.page, 'error', 'No se ha podido reactivar la cuenta.').waitFor();
      expect((await api.reservation(carmen.id)).state).toBe('finished');
      await one.page.keyboard.press('Escape');

      // A tablet whose screen is behind (its day no longer refreshes) still shows Rocío absent.
      const { date, taps } = nextOpenDay((await api.day()).logicalDate);
      await goToDay(one.page, taps, date);
      const rocio = await api.phone(date, 'Rocío', 2);
      const host = await api.phone(date, 'Héctor', 2);
      await api.call('/world/api/reservation/set-no-show', { reservationWid: rocio.wid });
      const stale = await openFromList(one.page, 'absent', 'Rocío');
      await one.page.route('**/world/api/reservation/getbyday', (route) => route.abort());
      await api.call('/world/api/reservation/reactivate', { reservationWid: rocio.wid });
      await stale.getByRole('button', { name: 'Reactivar' }).click();
      await toast(
        one.page,
        'error',
        'Error al reactivar la reserva: no está finalizada ni desactivada.',
      ).waitFor();

      await api.call('/world/reservation/merge', {
        reservationWid: rocio.wid,
        targetReservationWid: host.wid,
      });
      await stale.getByRole('button', { name: 'Reactivar' }).click();
      await toast(one.page, 'error', 'Error al reactivar la reserva: se ha unido a otra cuenta.').waitFor();
      await one.page.unroute('**/world/api/reservation/getbyday');
      // Back in touch, the screen shows the truth: merged, so nothing to do on it.
      await one.page.keyboard.press('Escape');
      await one.page.getByRole('button', { name: 'Día siguiente' }).click();
      await one.page.getByRole('button', { name: 'Día anterior' }).click();
      await row(one.page, 'finished', 'Rocío').waitFor();
      expect(await row(one.page, 'absent', 'Rocío').count()).toBe(0);
    } finally {
      await one.context.close();
      await two.context.close();
    }
  }, 120_000);

  it('says so when no table fits a walk-in', async () => {
    const one = await floorTablet(browser, server.url, 'sala1@demo.test');
    try {
      await one.page.getByRole('button', { name: 'De Paso' }).click();
      const dialog = one.page.getByRole('dialog', { name: 'De Paso' });
      await dialog.getByLabel('Nombre').fill('Grupo');
      await dialog.getByLabel('Personas').fill('60');
      await dialog.getByRole('button', { name: 'Crear' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'No se ha podido asignar mesa.' }).waitFor();
      expect((await api.day()).reservations.some((reservation) => reservation.name === 'Grupo')).toBe(false);
    } finally {
      await one.context.close();
    }
  });
});
