import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { staffTablet, watchForProblems } from './support/shell.ts';

/**
 * Issue 25, item 4 (decision 053): a newcomer signs into the demo at any hour and finds a service under
 * way. The server starts as `npm start` does (DEMO_LIVE on), seeding today's service day before it serves.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ readyTimeoutMs: 150_000, env: { DEMO_LIVE: '1' } }),
    launchBrowser(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the live demo', () => {
  it('shows Cocina tickets waiting and being cooked the moment it signs in', async () => {
    const { page, context } = await staffTablet(browser, server.url, 'cocina@demo.test');
    try {
      const problems = watchForProblems(page);
      await page.getByRole('heading', { level: 1, name: 'Vista Cocina' }).waitFor();
      // The table the kitchen is cooking for (decision 053): its starters, one on the fire.
      const tickets = page.locator('.kitchen-ticket');
      await tickets.first().waitFor();
      expect(await tickets.count()).toBeGreaterThanOrEqual(2);
      await page.locator('.kitchen-line', { hasText: 'Patatas bravas' }).first().waitFor();
      await page.locator('.kitchen-line', { hasText: 'Ensalada mixta' }).first().waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows Sala today's bookings, seated tables and the party still to come", async () => {
    const token = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
    const day = (await floorApi(server.url, token).day()) as Awaited<
      ReturnType<ReturnType<typeof floorApi>['day']>
    > & { lists: Record<'toCome' | 'seated' | 'absent', number[]> };
    const named = (ids: number[]) => day.reservations.filter((reservation) => ids.includes(reservation.id));
    const seated = named(day.lists.seated);
    const toCome = named(day.lists.toCome);
    expect(named(day.lists.absent)).toHaveLength(1);
    expect(seated.length).toBeGreaterThanOrEqual(3);
    expect(toCome.length).toBeGreaterThanOrEqual(1);
    // A booking's comment is no allergy (decision 025, amended); the note staff took from one is.
    const booked = (name: string) => day.reservations.find((reservation) => reservation.name === name)!;
    expect(booked('Grupo Ferrer').allergies).toEqual({
      allergens: [],
      notes: [],
      bookingComment: 'Celebramos un cumpleaños.',
    });
    expect(booked('Marta Sanz').allergies).toEqual({
      allergens: [],
      notes: ['Celíaca'],
      bookingComment: 'Una persona celíaca.',
    });

    const { page, context } = await staffTablet(browser, server.url, 'sala@demo.test');
    try {
      await page.locator('.floor-day__label').filter({ hasText: 'HOY' }).waitFor();
      for (const reservation of seated)
        await page.locator('[data-list="seated"]').filter({ hasText: reservation.name }).waitFor();
      await page.locator('[data-list="toCome"]').filter({ hasText: toCome[0]!.name }).waitFor();
      await page
        .locator('[data-list="absent"]')
        .filter({ hasText: named(day.lists.absent)[0]!.name })
        .waitFor();
      expect(await page.locator('.floor-table__allergy', { hasText: /cumpleaños|empresa/ }).count()).toBe(0);
    } finally {
      await context.close();
    }

    // The same day in Basque says "today" in Basque (the spec's HOY was drawn in every language).
    const basque = await browser.newContext({ locale: 'eu-ES', viewport: { width: 1280, height: 800 } });
    try {
      const tablet = await basque.newPage();
      await tablet.goto(`${server.url}/login`);
      await tablet.evaluate((value) => localStorage.setItem('token', value), token);
      await tablet.goto(`${server.url}/copilot`);
      await tablet.locator('.floor-day__label').filter({ hasText: 'GAUR' }).waitFor();
    } finally {
      await basque.close();
    }
  });
});
