import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { adminTablet, watchForProblems } from './support/shell.ts';

/**
 * Issue 22 in Chromium through the real server (decision 061): the admin uploads a logo in the venue
 * screen through the file chooser, the guest /home shows it (the resized copy, not the file), and a menu
 * CSV with a mistake is refused row by row, then imported once fixed, after its preview.
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

/** The admin's tablet, closed with the spec's other contexts. */
async function adminPage(): Promise<Page> {
  const { page, context } = await adminTablet(browser, server.url);
  contexts.push(context);
  return page;
}

describe('venue images and the menu CSV', () => {
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    page = await adminPage();
    problems = watchForProblems(page);
  }, 120_000);

  it('uploads a logo through the file chooser and the guest home page shows the resized copy', async () => {
    await page.goto(`${server.url}/ebitdata`);
    const images = page.getByRole('region', { name: 'Logotipo e icono' });
    await images.waitFor();
    const logo = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#2a6f4e' } })
      .png()
      .toBuffer();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      images.getByLabel('Logotipo', { exact: true }).click(),
    ]);
    await chooser.setFiles({ name: 'logo-e2e.png', mimeType: 'image/png', buffer: logo });
    const preview = images.getByRole('img', { name: 'Logotipo actual' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{32}-512\.webp$/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const guestContext = await browser.newContext({ locale: 'es-ES' });
    contexts.push(guestContext);
    const guest = await guestContext.newPage();
    const guestProblems = watchForProblems(guest);
    await guest.goto(`${server.url}/home`);
    const shown = guest.locator('img.venue-home__logo');
    await shown.waitFor();
    expect(await shown.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{32}-512\.webp$/);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    expect(await guest.locator('img.guest__logo').getAttribute('src')).toBe(await shown.getAttribute('src'));
    expect(guestProblems).toEqual([]);
  });

  it('refuses a CSV with a mistake by row and column, then imports it fixed after the preview', async () => {
    await page.goto(`${server.url}/ebitdata`);
    await page
      .getByRole('navigation', { name: 'Secciones de administración' })
      .getByRole('link', { name: 'Importar carta' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Importar y exportar la carta' }).waitFor();
    const field = page.getByLabel('Archivo CSV para importar');
    const csv = (price: string) =>
      Buffer.from(
        `\uFEFFsku;name;price;vat;type\nE2E-CSV-1;Berenjenas e2e con miel;${price};10;comida\n`,
        'utf8',
      );

    await field.setInputFiles({ name: 'carta-e2e.csv', mimeType: 'text/csv', buffer: csv('doce') });
    const refusal = page.getByRole('alert');
    await refusal.getByText('El CSV tiene errores; no se ha cambiado nada.', { exact: false }).waitFor();
    await refusal
      .getByRole('cell', { name: 'Precio no válido: euros con coma o punto decimal, como 12,50.' })
      .waitFor();
    expect(await refusal.getByRole('row').nth(1).innerText()).toMatch(/^2\s+price\s+Precio no válido/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await field.setInputFiles({ name: 'carta-e2e.csv', mimeType: 'text/csv', buffer: csv('8,50') });
    await page.getByText('Nuevos: 1. Cambiados: 0. Sin cambios: 0.').waitFor();
    await page.getByRole('cell', { name: 'Berenjenas e2e con miel' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirmar e importar' }).click();
    await page.getByText('Carta importada.').waitFor();

    const exported = await page.evaluate(async () => {
      const response = await fetch('/world/api/admin/menus/export.csv', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return response.text();
    });
    expect(exported).toContain('E2E-CSV-1;Berenjenas e2e con miel;;8,50;10;comida;sí;');
    expect(problems).toEqual([]);
  });
});
