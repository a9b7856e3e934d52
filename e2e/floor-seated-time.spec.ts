import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi, tableTile } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * Issue 18 item 3: the time since seated on a table's tile. The demo venue is in Europe/Madrid, an hour or
 * two ahead of UTC; a seated time read as UTC made every table "Nuevo" for its first hour or two.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof floorApi>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  api = floorApi(server.url, await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the time since seated', () => {
  it('counts from the moment the party sat, whatever the venue offset', async () => {
    const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await signInThroughForm(page, server.url, 'sala@demo.test');
      await page.waitForURL(`${server.url}/copilot`);
      // The tablet's clock is the test's to move; it runs on its own until then.
      await context.clock.install();
      await context.clock.resume();
      await page.reload();
      await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 10_000 });

      const walkIn = await api.walkIn('Inés', 2);
      expect(walkIn.table).not.toBeNull();
      const elapsed = tableTile(page, walkIn.table!).locator('.floor-table__elapsed');
      await elapsed.filter({ hasText: /^Nuevo$/ }).waitFor();

      // Twenty-five minutes later on the tablet (the screen ages from the server's time plus what passed).
      await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 25 * 60_000);
      await elapsed.filter({ hasText: /^2[5-6]'$/ }).waitFor({ timeout: 30_000 });

      // And an hour on, whole hours.
      await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 60 * 60_000);
      await elapsed.filter({ hasText: /^1h$/ }).waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});
