import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withCopilot<T>(
  email: string,
  run: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1180, height: 820 } });
  try {
    const page = await context.newPage();
    await signInThroughForm(page, server.url, email);
    await page.waitForURL(`${server.url}/copilot`);
    return await run(page, context);
  } finally {
    await context.close();
  }
}

const connected = (page: Page) => page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor();

async function roleIdByName(name: string): Promise<number> {
  const token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
  const reply = (await (await callWithToken(server.url, '/world/api/copilotrole/list', token)).json()) as {
    copilotRoles: { id: number; name: string }[];
  };
  const role = reply.copilotRoles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

describe('the copilot frame', () => {
  it('preselects the active role, keeps a new choice in the selectedRole cookie, and keeps it after a reload', () =>
    withCopilot('admin@demo.test', async (page, context) => {
      const problems = watchForProblems(page);
      // The admin may take every role; Sala is the active one.
      await page.getByRole('heading', { level: 1, name: 'Vista Sala' }).waitFor();
      await connected(page);

      const roleButton = page.getByRole('button', { name: /Rol: Sala/ });
      await roleButton.click();
      const picker = page.getByRole('dialog', { name: '¿En qué puesto trabajas?' });
      await picker.waitFor();
      for (const view of ['Sala', '1 en Sala', 'Cocina', 'Barra', 'TPV', 'Pasante']) {
        const tile = picker.getByRole('button', { name: new RegExp(`^${view}`) });
        expect(await tile.count()).toBe(1);
        // Touch targets for a tablet: well above the 44 px minimum.
        const box = await tile.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(56);
      }
      expect(await picker.getByRole('button', { name: /^Sala/ }).getAttribute('aria-pressed')).toBe('true');
      // The page behind the modal is inert while it is open.
      expect(await page.locator('.app').getAttribute('inert')).not.toBeNull();

      await picker.getByRole('button', { name: /^Cocina/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Vista Cocina' }).waitFor();
      await page.locator('.toast--success').filter({ hasText: 'Ahora trabajas como Cocina.' }).waitFor();
      expect(await page.locator('.app').getAttribute('inert')).toBeNull();

      const cocinaId = await roleIdByName('Cocina');
      const cookie = (await context.cookies(server.url)).find(
        (candidate) => candidate.name === 'selectedRole',
      );
      expect(cookie?.value).toBe(String(cocinaId));
      // Far-future expiry (spec §9; browsers cap cookies at 400 days).
      expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Vista Cocina' }).waitFor();
      await connected(page);
      await page.getByRole('button', { name: /Rol: Cocina/ }).click();
      expect(
        await page
          .getByRole('dialog', { name: '¿En qué puesto trabajas?' })
          .getByRole('button', { name: /^Cocina/ })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      expect(problems).toEqual([]);
    }));

  it('opens its overlays as modals: Escape closes them and focus goes back to the opener', () =>
    withCopilot('sala@demo.test', async (page) => {
      await connected(page);
      const settings = page.getByRole('button', { name: 'Configuración' });
      await settings.click();
      const config = page.getByRole('dialog', { name: 'Configuración de copilot' });
      await config.waitFor();
      const focusInDialog = () =>
        page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      // Focus moves into the modal as it opens.
      await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      await config.getByRole('combobox', { name: 'Idioma' }).waitFor();
      const interval = config.getByLabel('Intervalo de avisos hablados');
      expect(await interval.inputValue()).toBe('0');
      await interval.selectOption('5');
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.modal')!).zIndex)).toBe(
        '1060',
      );

      // Tab stays inside the modal.
      for (let step = 0; step < 6; step += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog()).toBe(true);
      }
      await page.keyboard.press('Escape');
      await config.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.textContent?.includes('Configuración'));

      await settings.click();
      expect(
        await page
          .getByRole('dialog', { name: 'Configuración de copilot' })
          .getByLabel('Intervalo de avisos hablados')
          .inputValue(),
      ).toBe('5');
    }));

  it('shows another staff member’s change through the live connection within a second', () =>
    withCopilot('sala1@demo.test', async (page) => {
      await connected(page);
      const otherToken = await signInThroughApi(server.url, 'cocina@demo.test', DEMO_PASSWORD);
      const rename = await callWithToken(server.url, '/world/api/user/update-user-name', otherToken, {
        userName: 'Chef de prueba',
      });
      expect(rename.status).toBe(200);
      const event = page.locator('.activity__item[data-topic="staff.user.renamed"]');
      // How fast it arrives is bench:notifications' to measure; here, that it arrives, in words.
      await event.filter({ hasText: 'Chef de prueba ha actualizado su nombre' }).waitFor();
      expect(Number(await event.getAttribute('data-seq'))).toBeGreaterThan(0);
    }));

  it("updates the signed-in user's own name when it changes elsewhere", () =>
    withCopilot('pasante@demo.test', async (page) => {
      await connected(page);
      const sameUser = await signInThroughApi(server.url, 'pasante@demo.test', DEMO_PASSWORD);
      await callWithToken(server.url, '/world/api/user/update-user-name', sameUser, { userName: 'Pablo R.' });
      await page.locator('.copilot__user-name', { hasText: 'Pablo R.' }).waitFor();
    }));
});
