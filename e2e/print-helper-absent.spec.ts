import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * A venue's tablet with no print helper on it (decision 081): the staff pages say printing is not installed
 * and log nothing in the browser's console. Chromium writes every refused WebSocket there as an error, so
 * a device that never found a helper does not knock on its port until someone asks it to look.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a staff tablet without a print helper', () => {
  it('shows printing as not installed and logs no console error', async () => {
    const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    const record = (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    };
    page.on('console', record);
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    try {
      // Nothing listens on the helper's port 7007 here: the copilot as a venue without a helper opens it.
      await signInThroughForm(page, server.url, 'sala@demo.test');
      await page.waitForURL(`${server.url}/copilot`);
      await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: /Impresión no instalada/ }).waitFor({ timeout: 10_000 });
      // Longer than the detection's 1 s and a reload's fresh look.
      await page.reload();
      await page.getByRole('button', { name: /Impresión no instalada/ }).waitFor({ timeout: 10_000 });
      await page.waitForTimeout(3_000);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
