import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 18 item 11 in Debian's Chromium, which ships no date names for Basque or Galician: the booking
 * form's calendar is titled and headed in the guest's language ("2026(e)ko azaroa", "al."), not "2026 M11"
 * and "MON", as `Intl` alone wrote them here.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const EXPECTED = {
  'eu-ES': {
    title:
      /^\d{4}\(e\)ko (urtarrila|otsaila|martxoa|apirila|maiatza|ekaina|uztaila|abuztua|iraila|urria|azaroa|abendua)$/,
    weekdays: ['al.', 'ar.', 'az.', 'og.', 'or.', 'lr.', 'ig.'],
  },
  'gl-ES': {
    title:
      /^(xaneiro|febreiro|marzo|abril|maio|xuño|xullo|agosto|setembro|outubro|novembro|decembro) de \d{4}$/,
    weekdays: ['luns', 'mar.', 'mér.', 'xov.', 'ven.', 'sáb.', 'dom.'],
  },
} as const;

describe('dates in Basque and Galician on a browser without their locale data', () => {
  for (const [locale, expected] of Object.entries(EXPECTED)) {
    it(`writes the calendar in ${locale}`, async () => {
      const context = await browser.newContext({ ...PHONE, locale });
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/reservar`);
        const title = page.locator('.date-picker__month');
        await title.waitFor();
        expect(((await title.textContent()) ?? '').trim()).toMatch(expected.title);
        const headers = await page.locator('.date-picker thead th').allTextContents();
        expect(headers.map((text) => text.trim())).toEqual(expected.weekdays);
      } finally {
        await context.close();
      }
    });
  }
});
