import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { bookThroughApi, chooseDate, freeTimes, offeredTimes, openDates } from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { translation } from './support/stored-values.ts';

/**
 * Issue 4: "open reservation forms see a slot disappear within a second when someone else takes it". Two
 * guests look at the same evening for a party of ten (one combination of tables fits it, so one booking fills
 * a time): the other guest's hold, then their booking, reach the first guest's open form through the live
 * availability stream.
 */
let server: RunningServer;
let browser: Browser;
let date: string;
let otherDate: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [date, otherDate] = (await openDates(server.url, 2, 4)) as [string, string];
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const NEXT_MONTH = translation('es', 'reservations', 'date.nextMonth');

async function openForm(day = date): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto(`${server.url}/reservar`);
  await page.getByLabel('Personas', { exact: true }).selectOption('10');
  await chooseDate(page, day, NEXT_MONTH);
  await page.getByRole('radio', { name: '21:00', exact: true }).waitFor();
  return page;
}

/** Waits until the form stops offering (or offers again) a time: live, however busy the machine. */
async function untilOffered(page: Page, time: string, offered: boolean): Promise<void> {
  await page.waitForFunction(
    ([wanted, shouldBe]) =>
      Array.from(document.querySelectorAll<HTMLInputElement>('input[name="booking-time"]')).some(
        (input) => input.value === wanted,
      ) === shouldBe,
    [time, offered] as const,
    { polling: 50 },
  );
}

describe('live availability in open forms', () => {
  it("another guest's hold and booking take the time away from an open form, live", async () => {
    const ana = await openForm();
    const bea = await openForm();
    try {
      expect(await offeredTimes(ana)).toContain('21:00');

      // Bea picks 21:00: her form holds the only table for ten, and Ana's form stops offering it.
      await bea.getByRole('radio', { name: '21:00', exact: true }).check();
      await bea.locator('[role="timer"]').waitFor();
      await untilOffered(ana, '21:00', false);
      // Bea still sees the time she holds.
      expect(await offeredTimes(bea)).toContain('21:00');

      // She changes her mind: the hold is released and the time comes back to Ana.
      await bea.getByRole('radio', { name: '13:00', exact: true }).check();
      await bea.locator('[role="timer"]').waitFor();
      await untilOffered(ana, '21:00', true);

      // Another guest books the last table for ten at 21:00 (any client: here the API).
      const booked = await bookThroughApi(server.url, {
        date,
        timeSlot: '21:00',
        pax: 10,
        name: 'Carlos Ruiz',
        email: 'carlos@ejemplo.es',
      });
      expect(booked.status).toBe(201);
      await untilOffered(ana, '21:00', false);
      expect(await freeTimes(server.url, date, 10)).not.toContain('21:00');
      expect(await offeredTimes(ana)).toEqual(await freeTimes(server.url, date, 10));
    } finally {
      await ana.context().close();
      await bea.context().close();
    }
  });

  it('a time chosen in a form that someone else then books leaves the form with a message', async () => {
    const page = await openForm(otherDate);
    try {
      // No hold for this guest (it fails), so only the live stream can tell them.
      await page.route('**/world/reservation/hold', (route) => route.abort());
      const time = (await offeredTimes(page)).find((candidate) => candidate.startsWith('13:'))!;
      await page.getByRole('radio', { name: time, exact: true }).check();
      await bookThroughApi(server.url, {
        date: otherDate,
        timeSlot: time,
        pax: 10,
        name: 'Diego Sanz',
        email: 'diego@ejemplo.es',
      });
      await page
        .getByRole('alert')
        .getByText(translation('es', 'reservations', 'time.gone'))
        .waitFor();
      expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
