import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { trackNetwork } from './support/network-quiet.ts';
import { PHONE } from './support/phone.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { blockDocumentCookies, consentSettled, translation } from './support/stored-values.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Spec §5's guest route tree, and the staff sign-in a guest's phone may also open. */
const ROUTES = [
  '/reservar',
  '/iframe-reservar',
  '/widget',
  '/menu',
  '/carta',
  '/takeaway-delivery',
  '/home',
  '/login',
];

async function withPhone(test: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  // bypassCSP: axe-core is injected as an inline script, which the server's policy rightly refuses.
  const context = await browser.newContext({ ...PHONE, locale: 'es-ES', bypassCSP: true });
  const page = await context.newPage();
  try {
    await test(page, context);
  } finally {
    await context.close();
  }
}

/** Loaded, settled and, where the route shows one, past the cookie banner's first second. */
async function openSettled(page: Page, path: string): Promise<void> {
  const network = trackNetwork(page);
  await page.goto(`${server.url}${path}`);
  await page.locator('main').waitFor();
  await network.quiet();
}

describe('accessibility on a phone (WCAG 2.1 AA, axe-core)', () => {
  for (const route of ROUTES) {
    it(`${route} has no serious or critical violations`, async () => {
      await withPhone(async (page) => {
        await openSettled(page, route);
        await consentSettled(page);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
      });
    });
  }

  it('the cookie banner, the privacy policy and the ¡Cuidado! warning have none either', async () => {
    await withPhone(async (page, context) => {
      // With cookies blocked the banner stays (no auto-accept), and axe needs running timers, so no fake clock.
      await blockDocumentCookies(context, page);
      await openSettled(page, '/reservar');
      const banner = page.getByRole('region', { name: translation('es', 'consent', 'banner.title') });
      await banner.waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await banner
        .getByRole('button', { name: translation('es', 'consent', 'banner.privacyPolicy') })
        .click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await banner.getByRole('button', { name: translation('es', 'consent', 'banner.reject') }).click();
      await page.getByRole('region', { name: '¡Cuidado!' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });

  it('the Basque guest page has none', async () => {
    await withPhone(async (page, context) => {
      await context.addInitScript(() => localStorage.setItem('selectedLocale', 'eu'));
      await openSettled(page, '/reservar');
      await page.waitForFunction(() => document.documentElement.lang === 'eu');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });
});
