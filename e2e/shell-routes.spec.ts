import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { trackNetwork } from './support/network-quiet.ts';
import { startServer, type RunningServer } from './support/server.ts';
import {
  businessName,
  documentHead,
  staffModulesIn,
  watchForProblems,
  watchScripts,
} from './support/shell.ts';

let server: RunningServer;
let browser: Browser;
let venue: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  venue = await businessName(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withContext<T>(run: (context: BrowserContext) => Promise<T>, userAgent?: string): Promise<T> {
  const context = await browser.newContext({ locale: 'es-ES', ...(userAgent ? { userAgent } : {}) });
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NATIVE_APP = `${CHROME} SobremesaApp/2.3`;

/** A phone that kept a guest's cart from an earlier visit: it draws every guest page itself (decision 072). */
async function keepsACart(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('guestCart', '{}'));
}

describe('guest routes (spec §2)', () => {
  it.each([
    ['/reservar', 'Reservas', '/favicons/default.svg', ''],
    // The menu's class lifts toasts above its dock of buttons.
    ['/menu', 'Menú', '/favicons/menu.svg', 'page-menu'],
    ['/carta', 'Carta', '/favicons/menu.svg', 'page-menu'],
    ['/takeaway-delivery', 'Para llevar y a domicilio', '/favicons/menu.svg', ''],
    ['/home', 'Inicio', '/favicons/default.svg', ''],
    ['/iframe-reservar', 'Reservas', '/favicons/default.svg', ''],
    ['/widget', 'Reservas', '/favicons/default.svg', ''],
  ])(
    '%s is titled "%s - <venue>", has its icon, no staff class, and downloads no staff code',
    (route, title, icon, bodyClass) =>
      withContext(async (context) => {
        const page = await context.newPage();
        const problems = watchForProblems(page);
        const scripts = watchScripts(page);
        const network = trackNetwork(page);
        await page.goto(`${server.url}${route}`);

        const head = await documentHead(page, `${title} - ${venue}`);
        expect(head).toEqual({ title: `${title} - ${venue}`, favicon: icon, bodyClass });
        expect(new URL(page.url()).pathname).toBe(route);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await network.quiet();

        expect(scripts.size).toBeGreaterThan(0);
        expect(staffModulesIn(scripts)).toEqual([]);
        const iconReply = await fetch(`${server.url}${icon}`);
        expect(iconReply.status).toBe(200);
        expect(iconReply.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        expect(problems).toEqual([]);
      }),
  );

  it('sends / to /reservar in a browser and any other path to /reservar', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForURL(`${server.url}/reservar`);
      await page.goto(`${server.url}/no/such/page?x=1`);
      await page.waitForURL(`${server.url}/reservar`);
      await documentHead(page, `Reservas - ${venue}`);
    }, CHROME));

  it('sends / to /copilot inside the native app shell (the SobremesaApp user-agent token)', async () => {
    const token = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
    for (const [userAgent, destination] of [
      [NATIVE_APP, '/copilot'],
      [CHROME, '/reservar'],
    ] as const) {
      await withContext(async (context) => {
        await context.addInitScript((value) => localStorage.setItem('token', value), token);
        const page = await context.newPage();
        await page.goto(`${server.url}/`);
        await page.waitForURL(`${server.url}${destination}`);
      }, userAgent);
    }
  });

  it('shows the loading screen while start-up loads the configuration', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      // Hold the venue config back until the start-up screen has been seen.
      let release = (): void => undefined;
      const seen = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/world/api/venueconfig', async (route) => {
        await seen;
        await route.continue();
      });
      // A page the browser draws: the server draws guest pages with their configuration (decision 030), and a
      // phone that keeps a guest's cart draws the page itself (decision 072).
      await keepsACart(page);
      await page.goto(`${server.url}/reservar`);
      await page.getByRole('status').filter({ hasText: 'Cargando…' }).waitFor();
      release();
      await page.getByRole('heading', { level: 1, name: 'Reserva tu mesa' }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Cargando…' }).count()).toBe(0);
    }));

  it.each([
    [423, 'VENUE_SUSPENDED', 'Este local está temporalmente fuera de servicio'],
    [404, 'VENUE_NOT_FOUND', 'Este local no está disponible'],
  ])('says plainly that the venue is not available when venue config answers %i', (status, code, heading) =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.route('**/world/api/venueconfig', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ result: status, code, error: code, message: 'x' }),
        }),
      );
      // Drawn in the browser (a phone that keeps a guest's cart, decision 072), so the reply can be changed on its
      // way; the server draws no page for a venue it does not serve.
      await keepsACart(page);
      await page.goto(`${server.url}/reservar`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect((await documentHead(page, 'Local no disponible')).favicon).toBe('/favicons/default.svg');
    }),
  );
});

describe('staff routes (spec §2)', () => {
  it('titles /login, /copilot, /kiosk and /ebitdata, with their icons and body classes', async () => {
    const token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
    await withContext(async (context) => {
      const page = await context.newPage();
      const problems = watchForProblems(page);
      await page.goto(`${server.url}/login`);
      expect(await documentHead(page, `Acceso del personal - ${venue}`)).toMatchObject({
        favicon: '/favicons/login.svg',
        bodyClass: 'page-login',
      });

      await page.evaluate((value) => localStorage.setItem('token', value), token);
      for (const [route, title, favicon, bodyClass] of [
        ['/copilot', 'WECOPILOT', '/favicons/copilot.svg', 'page-copilot'],
        ['/kiosk', 'Kiosco', '/favicons/kiosk.svg', 'page-kiosk'],
        ['/ebitdata', 'Ebitdata', '/favicons/default.svg', ''],
      ] as const) {
        await page.goto(`${server.url}${route}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(new URL(page.url()).pathname).toBe(route);
        expect(await documentHead(page, `${title} - ${venue}`)).toEqual({
          title: `${title} - ${venue}`,
          favicon,
          bodyClass,
        });
      }
      for (const icon of ['/favicons/login.svg', '/favicons/copilot.svg', '/favicons/kiosk.svg']) {
        expect((await fetch(`${server.url}${icon}`)).status).toBe(200);
      }
      expect(problems).toEqual([]);
    });
  });

  it('moves the body class with client-side navigation', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/home`);
      await documentHead(page, `Inicio - ${venue}`);
      await page.getByRole('link', { name: 'Carta' }).click();
      expect(await documentHead(page, `Carta - ${venue}`)).toMatchObject({
        favicon: '/favicons/menu.svg',
        bodyClass: 'page-menu',
      });
      await page.goto(`${server.url}/login`);
      await documentHead(page, `Acceso del personal - ${venue}`);
      await page.goBack();
      expect(await documentHead(page, `Carta - ${venue}`)).toMatchObject({ bodyClass: 'page-menu' });
    }));
});
