import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { businessName, documentHead, signInThroughForm, watchForProblems } from './support/shell.ts';

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

async function withPage<T>(run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ locale: 'es-ES' });
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const DENIED_COPILOT = 'No estas autorizado para acceder a copilot';

describe('staff guards (spec §6)', () => {
  it.each([
    ['/copilot', '/login'],
    ['/kiosk', '/login?next=%2Fkiosk'],
    ['/ebitdata', '/login?next=%2Febitdata'],
  ])('sends %s without a token to %s', (route, login) =>
    withPage(async (page) => {
      await page.goto(`${server.url}${route}`);
      await page.waitForURL(`${server.url}${login}`);
      await page.getByRole('heading', { level: 1, name: 'Acceso del personal' }).waitFor();
    }),
  );

  it('sends an unknown or revoked token to /login and forgets it', () =>
    withPage(async (page, context) => {
      await context.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('token', 'not-a-real-token');
        }
      });
      await page.goto(`${server.url}/copilot`);
      await page.waitForURL(`${server.url}/login`);
      expect(await storedToken(page)).toBeNull();
    }));

  it("sends a 403 from the copilot role check to /login with 'No estas autorizado para acceder a copilot'", () =>
    withPage(async (page) => {
      await signInThroughForm(page, server.url, 'sala@demo.test');
      await page.waitForURL(`${server.url}/copilot`);
      // No demo account lacks the copilot role: the server's refusal is played back as it would come.
      await page.route('**/world/api/user/checkrolecopilot', (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ result: 403, code: 'FORBIDDEN', message: DENIED_COPILOT }),
        }),
      );
      await page.goto(`${server.url}/kiosk`);
      await page.waitForURL(`${server.url}/login?next=%2Fkiosk&denied=copilot`);
      const alert = page.getByRole('alert').filter({ hasText: DENIED_COPILOT });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Has iniciado sesión como Lucía Martín');
      // The session is kept (the user may sign out or in as someone else), not silently dropped.
      expect(await storedToken(page)).not.toBeNull();
      await alert.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.getByRole('alert').filter({ hasText: DENIED_COPILOT }).waitFor({ state: 'detached' });
      expect(await storedToken(page)).toBeNull();
    }));

  it("shows 'No estas autorizado para acceder a copilot' when a copilot call answers 403", () =>
    withPage(async (page) => {
      await signInThroughForm(page, server.url, 'barra@demo.test');
      await page.waitForURL(`${server.url}/copilot`);
      await page.route('**/world/api/accounting-config', (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ result: 403, code: 'FORBIDDEN', message: DENIED_COPILOT }),
        }),
      );
      // A fresh page load asks for the accounting config again.
      await page.reload();
      await page.locator('.toast--error').filter({ hasText: DENIED_COPILOT }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/copilot');
    }));

  it('lets only admins into /ebitdata', async () => {
    await withPage(async (page) => {
      await signInThroughForm(page, server.url, 'sala@demo.test');
      await page.waitForURL(`${server.url}/copilot`);
      await page.goto(`${server.url}/ebitdata`);
      await page.waitForURL(`${server.url}/login?next=%2Febitdata&denied=admin`);
      await page
        .getByRole('alert')
        .filter({ hasText: 'No tienes permisos de administración en este local.' })
        .waitFor();
    });
    await withPage(async (page) => {
      await signInThroughForm(page, server.url, 'admin@demo.test');
      await page.waitForURL(`${server.url}/copilot`);
      await page.goto(`${server.url}/ebitdata`);
      // The admin area opens on its venue section.
      await page.getByRole('heading', { level: 1, name: 'Local' }).waitFor();
      await documentHead(page, `Ebitdata - ${venue}`);
    });
  });
});

describe('sign-in and sign-out', () => {
  it("refuses a wrong password with the server's own message and keeps no token", () =>
    withPage(async (page) => {
      const refusal = (await (
        await fetch(`${server.url}/world/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-locale': 'es' },
          body: JSON.stringify({ userEmail: 'nadie@demo.test', password: 'no-es-esta' }),
        })
      ).json()) as { message: string };
      const problems = watchForProblems(page);

      await signInThroughForm(page, server.url, 'sala@demo.test', 'no-es-esta');
      await page.locator('[aria-live="assertive"]').filter({ hasText: refusal.message }).waitFor();
      expect(await page.getByLabel('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
      expect(await storedToken(page)).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(problems).toEqual([]);
    }));

  it('checks the fields before asking the server', () =>
    withPage(async (page) => {
      let loginCalls = 0;
      await page.route('**/world/api/user/login', (route) => {
        loginCalls += 1;
        return route.continue();
      });
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByText('Escribe tu correo electrónico.').waitFor();
      await page.getByLabel('Correo electrónico').fill('sala@demo');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByText('Escribe un correo electrónico válido, como nombre@restaurante.es.').waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
      expect(loginCalls).toBe(0);
    }));

  it('signs in to where the guard came from, keeps the session across a reload, and signs out for good', () =>
    withPage(async (page) => {
      const problems = watchForProblems(page);
      await page.goto(`${server.url}/kiosk`);
      await page.waitForURL(`${server.url}/login?next=%2Fkiosk`);
      await page.getByLabel('Correo electrónico').fill('tpv@demo.test');
      await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL(`${server.url}/kiosk`);
      await documentHead(page, `Kiosco - ${venue}`);

      // Spec §3: the token is kept as `token` in local storage (consent is accepted on staff routes).
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      const me = (await (
        await callWithToken(server.url, '/world/api/user/logintoken', token ?? '')
      ).json()) as {
        user: { name: string };
      };

      await page.goto(`${server.url}/copilot`);
      await page.getByText(me.user.name, { exact: true }).waitFor();
      await page.reload();
      await page.getByText(me.user.name, { exact: true }).waitFor();
      // With a session, /login goes straight on to the copilot.
      await page.goto(`${server.url}/login`);
      await page.waitForURL(`${server.url}/copilot`);

      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.waitForURL(`${server.url}/login`);
      await page.getByLabel('Correo electrónico').waitFor();
      expect(await storedToken(page)).toBeNull();
      expect((await callWithToken(server.url, '/world/api/user/logintoken', token ?? '')).status).toBe(401);
      // Signed out, the copilot is closed again.
      await page.goto(`${server.url}/copilot`);
      await page.waitForURL(`${server.url}/login`);
      expect(problems).toEqual([]);
    }));

  it('keeps working with a token signed in elsewhere', async () => {
    const token = await signInThroughApi(server.url, 'pasante@demo.test', DEMO_PASSWORD);
    await withPage(async (page, context) => {
      await context.addInitScript((value) => localStorage.setItem('token', value), token);
      await page.goto(`${server.url}/copilot`);
      await page.getByRole('heading', { level: 1, name: 'Vista Pasante' }).waitFor();
    });
  });
});
