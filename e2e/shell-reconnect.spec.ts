import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  freePort,
  makeDataDir,
  removeDataDir,
  spawnServer,
  waitUntilServing,
  type ServerProcess,
} from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

const RECONNECT_TITLE = '¡Ups! Hemos perdido la conexión';

const dataDir = makeDataDir();
let port: number;
let url: string;
let server: ServerProcess;
let browser: Browser;

/** The server on the same folder and port, as a restart after a crash or an update brings it back. */
async function startOnSamePort(): Promise<void> {
  server = spawnServer({ dataDir, port });
  url = await server.ready;
  await waitUntilServing(url);
}

beforeAll(async () => {
  port = await freePort();
  [, browser] = await Promise.all([startOnSamePort(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  removeDataDir(dataDir);
});

describe('the reconnect modal (spec §2) follows the real connection', () => {
  it('appears when the server goes away, leaves when it returns, and Recargar reloads', async () => {
    const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1180, height: 820 } });
    try {
      const page = await context.newPage();
      // Every socket goes through here: passed on to the server, unless the test refuses it.
      let refuseSockets = false;
      let lastSocket: WebSocketRoute | undefined;
      await page.routeWebSocket(/\/world\/ws$/, (socket) => {
        if (refuseSockets) return socket.close({ code: 1011 });
        lastSocket = socket;
        socket.connectToServer();
      });

      // The page's clock runs on its own, and the test moves it on where it would otherwise sleep.
      await page.clock.install();
      await signInThroughForm(page, url, 'sala@demo.test');
      await page.waitForURL(`${url}/copilot`);
      const status = page.getByRole('status').filter({ hasText: /Conectado|Conectando|Sin conexión/ });
      await status.filter({ hasText: 'Conectado' }).waitFor({ timeout: 10_000 });
      const modal = page.getByRole('alertdialog', { name: RECONNECT_TITLE });
      expect(await modal.count()).toBe(0);
      /** Moves the page's clock on, a few seconds at a time, until the modal is there. */
      const untilModal = () =>
        expect
          .poll(
            async () => {
              if ((await modal.count()) === 0) await page.clock.runFor(4_000);
              return modal.count();
            },
            { timeout: 30_000 },
          )
          .toBe(1);

      // The server process stops: the link is really lost, but the modal waits 12 s before it interrupts
      // (decision 051): until then only the pill says so.
      expect(await server.stop()).toEqual({ code: 0, signal: null });
      await status.filter({ hasText: /Conectando|Sin conexión/ }).waitFor({ timeout: 10_000 });
      expect(await modal.count()).toBe(0);
      await untilModal();
      await status.filter({ hasText: 'Sin conexión' }).waitFor();
      expect(await modal.getByRole('button', { name: 'Recargar' }).count()).toBe(1);
      // It cannot be dismissed: Escape leaves it there.
      await page.keyboard.press('Escape');
      expect(await modal.count()).toBe(1);

      // The server comes back on the same folder and port: the client reconnects by itself.
      await startOnSamePort();
      await modal.waitFor({ state: 'detached', timeout: 45_000 });
      await status.filter({ hasText: 'Conectado' }).waitFor();

      // Lost again, and this time the user reloads. The client resets its backoff only once a connection has
      // held for 10 s (realtime-client.ts): the page's clock is moved past that instead of sleeping.
      await page.clock.runFor(10_500);
      refuseSockets = true;
      await lastSocket?.close({ code: 1011 });
      await untilModal();
      await page.evaluate(() => ((window as { beforeReload?: boolean }).beforeReload = true));
      await Promise.all([page.waitForEvent('load'), modal.getByRole('button', { name: 'Recargar' }).click()]);
      expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
      // The reloaded page is still refused, so it says so; once the link is allowed again it connects.
      await untilModal();
      refuseSockets = false;
      await status.filter({ hasText: 'Conectado' }).waitFor({ timeout: 20_000 });
      expect(await modal.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/copilot');
    } finally {
      await context.close();
    }
  }, 120_000);
});
