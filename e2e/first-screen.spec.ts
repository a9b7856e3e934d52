import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Page errors and CSP refusals: the first screen must run under the server's policy without any. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return problems;
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe('first screen', () => {
  it('shows the venue, signs staff in with a live connection and events, and signs out', async () => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    const problems = watchForProblems(page);
    try {
      const venue = await json<{ venueConfig: { business_name: string } }>(
        await fetch(`${server.url}/world/api/venueconfig`, { method: 'POST' }),
      );
      const businessName = venue.venueConfig.business_name;
      expect(businessName).not.toBe('');

      await page.goto(server.url);
      await page.getByRole('heading', { level: 1, name: businessName }).waitFor();

      // A wrong password: the server's own localised message, announced in the live region.
      const refusal = await json<{ message: string }>(
        await fetch(`${server.url}/world/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-locale': 'es' },
          body: JSON.stringify({ userEmail: 'nadie@demo.test', password: 'no-es-esta' }),
        }),
      );
      await page.getByLabel('Correo electrónico').fill('sala@demo.test');
      await page.getByLabel('Contraseña').fill('no-es-esta');
      await page.getByRole('button', { name: 'Entrar' }).click();
      const errorRegion = page.locator('[aria-live="assertive"]');
      await errorRegion.filter({ hasText: refusal.message }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // The right password: the user, and the realtime connection's real state.
      await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).toBeTruthy();
      const me = await json<{ user: { name: string } }>(
        await callWithToken(server.url, '/world/api/user/logintoken', token ?? ''),
      );
      expect(await page.locator('.user-name').textContent()).toBe(me.user.name);
      await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 10_000 });

      // A reload keeps the session (the token in localStorage) and reconnects.
      await page.reload();
      await page.locator('.user-name', { hasText: me.user.name }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 10_000 });

      // Another staff member's change, made through the API, reaches the page within a second.
      const otherToken = await signInThroughApi(server.url, 'cocina@demo.test', DEMO_PASSWORD);
      const sentAt = Date.now();
      const rename = await callWithToken(server.url, '/world/api/user/update-user-name', otherToken, {
        userName: 'Chef de prueba',
      });
      expect(rename.status).toBe(200);
      const event = page.locator('.event-list__item', { hasText: 'staff.user.renamed' });
      await event.waitFor({ timeout: 1_000 });
      expect(Date.now() - sentAt).toBeLessThan(1_000);
      expect(await event.locator('.event-list__seq').textContent()).toMatch(/^#\d+$/);

      // Sign-out returns to the form, forgets the token, and the server refuses it from now on.
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.getByLabel('Correo electrónico').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const afterSignOut = await callWithToken(server.url, '/world/api/user/logintoken', token ?? '');
      expect(afterSignOut.status).toBe(401);

      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
