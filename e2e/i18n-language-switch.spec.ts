import { LOCALES, type Locale } from '@sobremesa/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { trackNetwork } from './support/network-quiet.ts';
import { PHONE } from './support/phone.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { readStoredValues, translation } from './support/stored-values.ts';

let server: RunningServer;
let browser: Browser;
let venueName: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const reply = await fetch(`${server.url}/world/api/venueconfig`, { method: 'POST' });
  venueName = ((await reply.json()) as { venueConfig: { business_name: string } }).venueConfig.business_name;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A text every guest page shows, unique to each language: the footer. */
function footerText(locale: Locale): string {
  return translation(locale, 'shell', 'guest.footer').replace('{{venue}}', venueName);
}

async function expectLanguageShown(page: Page, locale: Locale): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.lang === expected, locale);
  await page.getByText(footerText(locale), { exact: true }).waitFor();
}

describe('language switch', () => {
  for (const locale of LOCALES) {
    it(`shows ${locale} and keeps it across a reload`, async () => {
      // Spanish is checked from an English browser, so the stored choice has to beat the browser's language.
      const start: Locale = locale === 'es' ? 'en' : 'es';
      const context = await browser.newContext({ ...PHONE, locale: start === 'es' ? 'es-ES' : 'en-GB' });
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/reservar`);
        await expectLanguageShown(page, start);

        const switcher = page.getByRole('combobox', { name: translation(start, 'common', 'language.label') });
        await switcher.selectOption(locale);
        await expectLanguageShown(page, locale);
        if (locale !== start) {
          expect(await page.getByText(footerText(start), { exact: true }).count()).toBe(0);
        }

        await page.reload();
        await expectLanguageShown(page, locale);
        const switcherAfterReload = page.getByRole('combobox', {
          name: translation(locale, 'common', 'language.label'),
        });
        expect(await switcherAfterReload.inputValue()).toBe(locale);

        // Kept in local storage at once, and in the far-future cookie once consent is accepted (1 s after load).
        expect((await readStoredValues(page)).local.selectedLocale).toBe(locale);
        await expect.poll(async () => (await readStoredValues(page)).cookies.selectedLocale).toBe(locale);
      } finally {
        await context.close();
      }
    });
  }

  it('downloads only the language the guest reads', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'eu-ES' });
    const page = await context.newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text());
    });
    const network = trackNetwork(page);
    try {
      await page.goto(`${server.url}/reservar`);
      await expectLanguageShown(page, 'eu');
      await network.quiet();
      const downloaded = (await Promise.all(scripts)).join('\n');
      for (const namespace of ['consent', 'shell'] as const) {
        const key = namespace === 'consent' ? 'banner.title' : 'guest.footer';
        expect(downloaded).toContain(translation('eu', namespace, key));
        expect(downloaded).not.toContain(translation('es', namespace, key));
        expect(downloaded).not.toContain(translation('en', namespace, key));
      }
    } finally {
      await context.close();
    }
  });

  it('localises the server messages through the selectedLocale cookie', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/reservar`);
      await page
        .getByRole('combobox', { name: translation('es', 'common', 'language.label') })
        .selectOption('eu');
      await expectLanguageShown(page, 'eu');
      await expect.poll(async () => (await readStoredValues(page)).cookies.selectedLocale).toBe('eu');

      const login = { userEmail: 'nadie@demo.test', password: 'no-es-esta' };
      const basque = await fetch(`${server.url}/world/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-locale': 'eu' },
        body: JSON.stringify(login),
      });
      const expected = ((await basque.json()) as { message: string }).message;
      // No X-Locale and a Spanish Accept-Language: only the cookie says Basque.
      const fromPage = await page.evaluate(async (body) => {
        const reply = await fetch('/world/api/user/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'es-ES' },
          body: JSON.stringify(body),
        });
        return ((await reply.json()) as { message: string }).message;
      }, login);
      expect(fromPage).toBe(expected);
    } finally {
      await context.close();
    }
  });
});
