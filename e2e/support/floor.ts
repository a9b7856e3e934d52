import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callWithToken } from './api.ts';
import { staffTablet } from './shell.ts';

/** What the floor specs read of a reservation in the API's replies. */
export interface FloorReservationReply {
  id: number;
  wid: string;
  version: number;
  name: string;
  pax: number;
  state: string;
  table: string | null;
  tables: { table_id: number; name: string; room: number }[];
  allergies: { allergens: { code: string; name: string }[]; notes: string[]; bookingComment: string | null };
}

export interface FloorDayReply {
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

/** A staff API session next to the browser (another tablet, in effect). */
export function floorApi(url: string, token: string) {
  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await callWithToken(url, path, token, body);
    const reply = (await response.json()) as T;
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
    return reply;
  }
  const day = (date?: string) => call<FloorDayReply>('/world/api/reservation/getbyday', date ? { date } : {});
  return {
    call,
    day,
    async reservation(id: number, date?: string): Promise<FloorReservationReply> {
      const found = (await day(date)).reservations.find((reservation) => reservation.id === id);
      if (!found) throw new Error(`reservation ${id} is not in the day ${date ?? 'today'}`);
      return found;
    },
    walkIn: async (name: string, pax: number) =>
      (await call<{ reservation: FloorReservationReply }>('/world/reservation/createwalkin', { name, pax }))
        .reservation,
    /** A phone reservation through the availability engine, at the first of the usual times that has room. */
    async phone(date: string, name: string, pax = 2): Promise<FloorReservationReply> {
      const refusals: string[] = [];
      for (const timeSlot of ['21:00', '21:30', '20:30', '22:00', '14:00', '13:30', '14:30', '13:00']) {
        const response = await callWithToken(url, '/world/reservation/create-phone', token, {
          date,
          timeSlot,
          pax,
          name,
          phone: '600 123 456',
        });
        if (response.status < 300)
          return ((await response.json()) as { reservation: FloorReservationReply }).reservation;
        refusals.push(`${timeSlot}: ${response.status} ${await response.text()}`);
      }
      throw new Error(`no phone reservation for ${name} on ${date}:\n${refusals.join('\n')}`);
    },
  };
}

/**
 * The next service day after the logical date that the demo venue opens (it closes on Mondays), and how
 * many "Día siguiente" taps it is from today.
 */
export function nextOpenDay(logicalDate: string): { date: string; taps: number } {
  const day = new Date(`${logicalDate}T12:00:00Z`);
  for (let taps = 1; ; taps++) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 1) return { date: day.toISOString().slice(0, 10), taps };
  }
}

/** A tablet-sized staff context signed in on the copilot, its realtime feed connected. */
export async function floorTablet(
  browser: Browser,
  url: string,
  email: string,
  // A spec that runs axe needs it: axe-core is injected as an inline script, which the server's policy refuses.
  options: { bypassCSP?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await staffTablet(browser, url, email, options);
  await page.locator('.floor-table').first().waitFor();
  return { page, context };
}

/** Taps "Día siguiente" until the screen shows `date`. */
export async function goToDay(page: Page, taps: number, date: string): Promise<void> {
  for (let i = 0; i < taps; i++) await page.getByRole('button', { name: 'Día siguiente' }).click();
  await page.locator(`.floor-day__label[data-date="${date}"]`).waitFor();
}

export const tableTile = (page: Page, tableName: string) =>
  page.locator('.floor-table', {
    has: page.locator('.floor-table__name', { hasText: new RegExp(`^${tableName}$`) }),
  });

/** A day list of the Sala view (`toCome`, `seated`, `forPayment`, `absent`, `finished`). */
export const dayList = (page: Page, list: string) => page.locator(`[data-list="${list}"]`);

/** Opens a reservation from a day list; returns its detail dialog. */
export async function openFromList(page: Page, list: string, name: string) {
  await dayList(page, list)
    .getByRole('button', { name: new RegExp(` ${name} `) })
    .click();
  const detail = page.getByRole('dialog', { name });
  await detail.waitFor();
  return detail;
}

export const toast = (page: Page, kind: 'success' | 'error', text: string) =>
  page.locator(`.toast--${kind}`).filter({ hasText: text });
