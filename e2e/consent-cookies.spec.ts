import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { pauseClockNow } from './support/clock.ts';
import { PHONE } from './support/phone.ts';
import { startServer, type RunningServer } from './support/server.ts';
import {
  blockDocumentCookies,
  readStoredValues,
  setCookiesBlocked,
  translation,
} from './support/stored-values.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function withPage(test: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ ...PHONE, locale: 'es-ES' });
  const page = await context.newPage();
  try {
    await test(page, context);
  } finally {
    await context.close();
  }
}

function cookieBanner(page: Page) {
  return page.getByRole('region', { name: translation('es', 'consent', 'banner.title') });
}

function rejectedWarning(page: Page) {
  return page.getByRole('region', { name: '¡Cuidado!' });
}

/**
 * Stops the page's timers once `shown` is on screen, so the guest's clicks always beat the one-second
 * auto-accept. Not before: the app itself needs timers to start (TanStack Query notifies through setTimeout).
 */
async function holdClockOnceShown(page: Page, shown: Locator): Promise<void> {
  await shown.waitFor();
  // A page the server drew shows the banner before the app runs (decision 030); its clock starts once the app has
  // taken the page over and its first effects have run (`data-running`).
  await page.locator('#root[data-running]').waitFor({ state: 'attached' });
  await pauseClockNow(page);
}

/** Puts a token in local storage before the app's first load, as a guest identified earlier would have. */
async function seedToken(
  context: BrowserContext,
  key: 'token' | 'pending-token',
  value: string,
): Promise<void> {
  await context.addInitScript(
    ([storedKey, storedValue]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(storedKey, storedValue);
    },
    [key, value] as const,
  );
}

describe('cookie consent', () => {
  it('is accepted by itself about one second after load when cookies work', async () => {
    await withPage(async (page) => {
      // The page's own clock, so a busy machine cannot stretch or shrink the second (the exact delays are
      // the consent controller's unit tests).
      await page.clock.install();
      await page.goto(`${server.url}/reservar`);
      await holdClockOnceShown(page, cookieBanner(page));
      expect((await readStoredValues(page)).cookies['cookies-accepted']).toBeUndefined();

      await page.clock.runFor(1_000);
      await expect.poll(async () => (await readStoredValues(page)).cookies['cookies-accepted']).toBe('true');
      await page.clock.resume();
      expect((await readStoredValues(page)).local['cookies-accepted']).toBe('true');
      await cookieBanner(page).waitFor({ state: 'hidden' });

      // Spec §9: far future (browsers cap cookies at 400 days).
      const [cookie] = await page.context().cookies(server.url);
      expect(cookie?.expires ?? 0).toBeGreaterThan((Date.now() + 390 * DAY_MS) / 1000);

      // A choice was made: the next visit shows no banner.
      await page.reload();
      // Once the app has drawn the form and taken the page over (its first effects run: `data-running`
      // then), the banner would be on screen: nothing to wait for beyond that.
      await page.getByLabel('Personas', { exact: true }).waitFor();
      await page.locator('#root[data-running]').waitFor({ state: 'attached' });
      expect(await cookieBanner(page).count()).toBe(0);
    });
  });

  it('accepting promotes the pending token', async () => {
    await withPage(async (page, context) => {
      await seedToken(context, 'pending-token', 'guest-token');
      await page.goto(`${server.url}/reservar`);
      await cookieBanner(page)
        .getByRole('button', { name: translation('es', 'consent', 'banner.accept') })
        .click();
      await cookieBanner(page).waitFor({ state: 'hidden' });
      const stored = await readStoredValues(page);
      expect(stored.local.token).toBe('guest-token');
      expect(stored.local['pending-token']).toBeUndefined();
      expect(stored.cookies['cookies-accepted']).toBe('true');
    });
  });

  it('rejecting clears the token and shows the ¡Cuidado! warning, which stays until the guest accepts', async () => {
    await withPage(async (page, context) => {
      await seedToken(context, 'token', 'old-token');
      await page.clock.install();
      await page.goto(`${server.url}/reservar`);
      await holdClockOnceShown(page, cookieBanner(page));
      await cookieBanner(page)
        .getByRole('button', { name: translation('es', 'consent', 'banner.reject') })
        .click();

      const warning = rejectedWarning(page);
      await warning.waitFor();
      expect(
        await warning
          .getByText(
            'Has rechazado las cookies. Algunas funciones de la aplicación pueden no funcionar correctamente sin ellas.',
            { exact: true },
          )
          .isVisible(),
      ).toBe(true);
      // Focus moves to the warning: the Reject button it was on is gone.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('¡Cuidado!');
      let stored = await readStoredValues(page);
      expect(stored.local.token).toBeUndefined();
      expect(stored.local['pending-token']).toBeUndefined();
      expect(stored.local['cookies-accepted']).toBe('false');
      expect(stored.cookies).toEqual({});

      // The auto-accept must not overrule the guest.
      await page.clock.runFor(5_000);
      expect((await readStoredValues(page)).local['cookies-accepted']).toBe('false');

      await page.clock.resume();
      await page.reload();
      await rejectedWarning(page).waitFor();
      expect(await cookieBanner(page).count()).toBe(0);

      await rejectedWarning(page)
        .getByRole('button', { name: translation('es', 'consent', 'rejected.accept') })
        .click();
      await rejectedWarning(page).waitFor({ state: 'hidden' });
      stored = await readStoredValues(page);
      expect(stored.local['cookies-accepted']).toBe('true');
      expect(stored.cookies['cookies-accepted']).toBe('true');
    });
  });

  it('is set to accepted on entering the routes other than Menu, Reserve and Home', async () => {
    await withPage(async (page) => {
      // The page arrives drawn by the server (decision 030): the rule applies once the app has taken it over,
      // which is when #root is marked `data-running` (and well before the one-second auto-accept).
      await page.addInitScript(() => {
        new MutationObserver((changes) => {
          for (const change of changes)
            if (
              (change.target as Element).id === 'root' &&
              (change.target as Element).hasAttribute('data-running')
            )
              (window as unknown as { appRunning: boolean }).appRunning = true;
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-running'] });
      });
      await page.goto(`${server.url}/takeaway-delivery`);
      await page.waitForFunction(() => (window as unknown as { appRunning?: boolean }).appRunning === true);
      expect((await readStoredValues(page)).local['cookies-accepted']).toBe('true');
      expect(await cookieBanner(page).count()).toBe(0);
    });
  });

  it('opens the privacy policy from the banner, with the venue text or a default one', async () => {
    await withPage(async (page) => {
      await page.clock.install();
      await page.goto(`${server.url}/reservar`);
      await holdClockOnceShown(page, cookieBanner(page));
      await cookieBanner(page)
        .getByRole('button', { name: translation('es', 'consent', 'banner.privacyPolicy') })
        .click();
      const dialog = page.getByRole('dialog', { name: translation('es', 'consent', 'privacy.title') });
      await dialog.waitFor();
      const firstParagraph = translation('es', 'consent', 'privacy.defaultText').split('\n\n')[0] ?? '';
      expect(await dialog.getByText(firstParagraph, { exact: true }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // The venue's own policy, as POST /world/api/venueconfig serves it, shown as text (markup stays text). On a
      // page the browser draws (a guest link in the fragment, which the server never sees: decision 072), so
      // the reply can be changed here.
      const policy = 'Política de <b>Casa Prueba</b>.\n\nSegundo párrafo.';
      await page.route('**/world/api/venueconfig', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { venueConfig: Record<string, unknown> };
        await route.fulfill({
          response,
          json: { ...body, venueConfig: { ...body.venueConfig, privacyPolicy: policy } },
        });
      });
      await page.clock.resume();
      // From elsewhere: to the same address with a new fragment the browser would only scroll.
      await page.goto('about:blank');
      await page.goto(`${server.url}/reservar#uid=no-such-guest`);
      await holdClockOnceShown(page, cookieBanner(page));
      await cookieBanner(page)
        .getByRole('button', { name: translation('es', 'consent', 'banner.privacyPolicy') })
        .click();
      await dialog.waitFor();
      expect(await dialog.getByText('Política de <b>Casa Prueba</b>.', { exact: true }).isVisible()).toBe(
        true,
      );
      expect(await dialog.getByText('Segundo párrafo.', { exact: true }).isVisible()).toBe(true);
      expect(await dialog.locator('b').count()).toBe(0);
    });
  });
});

describe('with cookies blocked', () => {
  it('keeps values in local storage, works, and syncs them into cookies once cookies are back', async () => {
    await withPage(async (page, context) => {
      const cdp = await blockDocumentCookies(context, page);
      await page.clock.install();
      await page.goto(`${server.url}/reservar`);
      await cookieBanner(page).waitFor();
      // No auto-accept without cookies: the page's clock is moved past the second instead of sleeping.
      await page.clock.runFor(1_600);
      expect(await cookieBanner(page).isVisible()).toBe(true);

      await page
        .getByRole('combobox', { name: translation('es', 'common', 'language.label') })
        .selectOption('gl');
      await page.waitForFunction(() => document.documentElement.lang === 'gl');
      await page.reload();
      await page.waitForFunction(() => document.documentElement.lang === 'gl');
      let stored = await readStoredValues(page);
      expect(stored.local.selectedLocale).toBe('gl');
      expect(stored.cookies).toEqual({});

      // Staff sign in on the same browser: /login accepts consent, the token lives in local storage.
      await page.goto(`${server.url}/login`);
      await page.getByLabel(translation('gl', 'auth', 'signIn.email')).fill('sala@demo.test');
      await page.getByLabel(translation('gl', 'auth', 'signIn.password')).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: translation('gl', 'auth', 'signIn.submit') }).click();
      await page.waitForURL(/\/copilot/);
      stored = await readStoredValues(page);
      expect(stored.local['cookies-accepted']).toBe('true');
      expect(stored.local.token).toBeTruthy();
      expect(stored.cookies).toEqual({});
      await page.reload();
      await page.waitForURL(/\/copilot/);
      expect(new URL(page.url()).pathname).toBe('/copilot');

      await setCookiesBlocked(cdp, false);
      await expect
        .poll(async () => (await readStoredValues(page)).cookies)
        .toMatchObject({ 'cookies-accepted': 'true', selectedLocale: 'gl' });
    });
  });

  it('accepts 500 ms after cookies become available when nobody chose', async () => {
    await withPage(async (page, context) => {
      const cdp = await blockDocumentCookies(context, page);
      await page.clock.install();
      await page.goto(`${server.url}/reservar`);
      await cookieBanner(page).waitFor();
      await page.clock.runFor(1_200);
      expect((await readStoredValues(page)).local['cookies-accepted']).toBeUndefined();

      await setCookiesBlocked(cdp, false);
      await cookieBanner(page).waitFor({ state: 'hidden' });
      expect((await readStoredValues(page)).cookies['cookies-accepted']).toBe('true');
    });
  });
});
