import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { businessName, staffTablet, watchForProblems } from './support/shell.ts';

/**
 * Issue 22 items 1 and 7 in Chromium through the real server: the admin opens /ebitdata on a tablet,
 * sees the server refuse a wrong NIF at its field, saves a right one and a new venue name, a waiter's
 * copilot shows the new name without a reload, and the change log shows both changes with before and
 * after; axe finds nothing serious or critical on either admin screen.
 */
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
}, 200_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function adminTablet(): Promise<Page> {
  const token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
  const context = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  return page;
}

describe('the admin area', () => {
  it('saves the venue settings with the server’s errors at their fields, live on the copilot, logged', async () => {
    const oldName = await businessName(server.url);
    const waiter = await staffTablet(browser, server.url, 'sala@demo.test');
    contexts.push(waiter.context);
    await waiter.page.locator('.copilot__venue', { hasText: oldName }).waitFor();

    const page = await adminTablet();
    const problems = watchForProblems(page);
    await page.goto(`${server.url}/ebitdata`);
    await page.waitForURL(`${server.url}/ebitdata/venue`);
    await page.getByRole('heading', { level: 1, name: 'Local' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A NIF whose check digit is wrong: refused by the server, explained beside the field.
    const fiscal = page.getByRole('region', { name: 'Datos fiscales' });
    const taxId = fiscal.getByLabel('NIF', { exact: true });
    await taxId.fill('B12345678');
    await fiscal.getByRole('button', { name: 'Guardar' }).click();
    await fiscal.getByText('Este NIF no es válido: revisa el último carácter.').waitFor();
    expect(await taxId.getAttribute('aria-invalid')).toBe('true');
    expect(await taxId.getAttribute('aria-describedby')).toContain('error');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await taxId.fill('b-87654323');
    await fiscal.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado: Datos fiscales.').waitFor();
    await expect.poll(() => taxId.inputValue()).toBe('B87654323');

    // The venue's new name reaches the waiter's copilot through the realtime feed, without a reload.
    const identity = page.getByRole('region', { name: 'Nombre y dirección web' });
    await identity.getByLabel('Nombre del local').fill('Casa Sobremesa Nueva');
    await identity.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado: Nombre y dirección web.').waitFor();
    await page.locator('.staff-page__venue', { hasText: 'Casa Sobremesa Nueva' }).waitFor();
    await waiter.page.locator('.copilot__venue', { hasText: 'Casa Sobremesa Nueva' }).waitFor();

    // The change log, one section away, with who, before and after.
    await page
      .getByRole('navigation', { name: 'Secciones de administración' })
      .getByRole('link', { name: 'Registro de cambios' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Registro de cambios' }).waitFor();
    const table = page.getByRole('table');
    const renamed = table.getByRole('row').filter({ hasText: 'Casa Sobremesa Nueva' });
    await renamed.filter({ hasText: oldName }).filter({ hasText: 'venue.identity.update' }).waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: 'B87654323' })
      .filter({ hasText: 'venue.config.update' })
      .waitFor();
    await page.getByLabel('Acción').selectOption('venue.identity.update');
    await expect
      .poll(() => table.getByRole('row').filter({ hasText: 'venue.config.update' }).count())
      .toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
