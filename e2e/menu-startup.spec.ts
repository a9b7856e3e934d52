import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { seatedTableQr } from './support/menu.ts';
import { PHONE } from './support/phone.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Decision 017: on a phone's slow network the start-up script asks for the configuration, the guest's
 * identity, the menu, the route's code and its texts while the app's own code is still downloading, and the
 * app then uses those answers instead of asking again. The long carta is drawn in batches and ends complete.
 */
let server: RunningServer;
let browser: Browser;
let guestUid: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  const staff = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
  const table = await seatedTableQr(server.url, staff, 'Arranque');
  const joined = await fetch(`${server.url}/world/api/user/createguestusermenu`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      reservationWid: table.wid,
      hostCode: new URL(table.qrUrl).searchParams.get('uid'),
      name: 'Ada',
    }),
  });
  guestUid = ((await joined.json()) as { uid: string }).uid;
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Loaded {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

describe('guest menu start-up on a slow phone network', () => {
  it('asks for the menu while the app is downloading, and never twice', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Slow enough that the app's ~100 KB take most of a second to arrive.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    // A phone that keeps the guest from an earlier visit: the page the server drew (as for a phone that keeps
    // nothing) is drawn again by the app, whose calls start with the start-up script (decisions 017, 072).
    await context.addInitScript((uid) => localStorage.setItem('token', uid), guestUid);
    await page.goto(`${server.url}/menu?uid=${encodeURIComponent(guestUid)}`);
    // The app's own page, drawn over the server's: once it runs and shows its dishes.
    await page.locator('#root[data-running] .menu-product').first().waitFor();

    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
    );
    const find = (pattern: RegExp) => loaded.filter((entry: Loaded) => pattern.test(entry.path));
    // The app's entry and its libraries' chunk (React and the router: apps/web/build/code-splitting.ts).
    const appCode = find(/^\/assets\/(react|index)-[\w-]+\.js$/);
    const [menuGet] = find(/^\/world\/api\/menu\/get$/);
    const [menuRoute] = find(/^\/assets\/menu-route-[\w-]+\.js$/);
    const [bootScript] = find(/^\/assets\/boot-[\w-]+\.js$/);
    expect(appCode).toHaveLength(2);
    expect(menuGet && menuRoute && bootScript).toBeTruthy();
    // The page the server answers /menu with asks for the route's code itself, before the start-up script
    // has even arrived to ask for it; and it is fetched once.
    expect(menuRoute!.start).toBeLessThan(bootScript!.end);
    expect(find(/^\/assets\/menu-route-[\w-]+\.(js|css)$/)).toHaveLength(2);
    // Asked for before the app's code has all arrived: not after the app started.
    const appArrived = Math.max(...appCode.map((entry) => entry.end));
    expect(menuGet!.start).toBeLessThan(appArrived);
    expect(menuRoute!.start).toBeLessThan(appArrived);
    // The app found each answer in its cache: one request each.
    for (const call of [
      /\/world\/api\/menu\/get$/,
      /\/world\/api\/user\/find$/,
      /\/world\/api\/venueconfig$/,
    ])
      expect(find(call), String(call)).toHaveLength(1);
    expect(find(/\/world\/api\/systemconfig$/)).toHaveLength(1);
    // In the guest's language from the first request on (the start-up script sets it before asking).
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect
      .poll(() => page.getByRole('button', { name: /^Add / }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await context.close();
  });

  it('draws the whole carta in batches, and a jump to the last category finds it', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(`${server.url}/carta?uid=${encodeURIComponent(guestUid)}`);
    const menu = (await (
      await fetch(`${server.url}/world/api/menu/get`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-locale': 'es' },
        body: JSON.stringify({ uid: guestUid }),
      })
    ).json()) as { menus: { menuCategories: { name: string; products: { isVisible: boolean }[] }[] }[] };
    const carta = menu.menus[0]!;
    const shown = carta.menuCategories.flatMap((category) => category.products.filter((p) => p.isVisible));
    await expect.poll(() => page.locator('.menu-product').count(), { timeout: 15_000 }).toBe(shown.length);

    const chips = page.getByRole('navigation', { name: /categor/i }).getByRole('link');
    const last = chips.last();
    const name = (await last.textContent())!;
    await last.click();
    await expect
      .poll(() =>
        page
          .getByRole('heading', { name, exact: true })
          .evaluate((heading) => heading.getBoundingClientRect().top < window.innerHeight),
      )
      .toBe(true);
    await context.close();
  });
});
