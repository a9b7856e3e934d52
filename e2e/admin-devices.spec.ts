import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { refusalOf } from './support/field-errors.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { adminTablet, staffTablet, watchForProblems } from './support/shell.ts';

/**
 * Issue 22 item 6 in Chromium through the real server: with the TPV's copilot already open, the admin sees
 * a drawer without a name or coins and a reader without its kind refused under those fields (decision 048),
 * then adds a cash drawer holding only 2 € coins and 20 € notes, a card reader, and sends the Fogones station's
 * tickets to the "cocina" printer, by keyboard and with nothing serious for axe; the TPV's till count
 * then offers the new drawer with exactly those denominations, without a reload.
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

describe('the devices section', () => {
  it('adds a drawer, a card reader and a station printer; the TPV counts the new denominations', async () => {
    const tpv = await staffTablet(browser, server.url, 'tpv@demo.test');
    contexts.push(tpv.context);
    const till = tpv.page.getByRole('region', { name: 'Caja', exact: true });
    await till.getByText('Caja cerrada').waitFor({ timeout: 15_000 });

    const page = await adminPage();
    const problems = watchForProblems(page);
    await page.goto(`${server.url}/ebitdata`);
    await page
      .getByRole('navigation', { name: 'Secciones de administración' })
      .getByRole('link', { name: 'Dispositivos' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Dispositivos' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A drawer sent without a name or a coin is refused by the server at both fields, in Spanish.
    const drawers = page.getByRole('region', { name: 'Cajones de efectivo' });
    const newDrawer = drawers.locator('form').last();
    const drawerName = newDrawer.getByLabel('Nombre del cajón');
    await newDrawer.getByRole('button', { name: 'Añadir cajón' }).click();
    await newDrawer.getByText('Escribe un nombre', { exact: true }).waitFor();
    expect(await refusalOf(drawerName)).toEqual({ invalid: 'true', description: 'Escribe un nombre' });
    expect(await refusalOf(newDrawer.getByRole('group', { name: 'Monedas y billetes del cajón' }))).toEqual({
      invalid: 'true',
      description: 'Elige al menos una moneda o billete',
    });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The new drawer, typed and ticked from the keyboard.
    await drawerName.fill('Terraza');
    await newDrawer.getByRole('checkbox', { name: '2,00\u00a0€', exact: true }).focus();
    await page.keyboard.press('Space');
    await newDrawer.getByRole('checkbox', { name: '20,00\u00a0€', exact: true }).check();
    await newDrawer.getByRole('button', { name: 'Añadir cajón' }).press('Enter');
    await drawers.getByRole('article', { name: 'Terraza', exact: true }).waitFor();
    expect((await refusalOf(drawerName)).invalid).toBeNull();

    const readers = page.getByRole('region', { name: 'Datáfonos' });
    // The demo venue already has a "Datáfono terraza": the new reader takes a name of its own.
    await readers.getByLabel('Nombre del datáfono').last().fill('Datáfono patio');
    // Without its kind the reader is refused under that field, and its name stays as typed.
    const kind = readers.getByLabel(/^Tipo/).last();
    await readers.getByRole('button', { name: 'Añadir datáfono' }).click();
    await readers.getByText('Escribe el tipo de datáfono', { exact: true }).waitFor();
    expect(await refusalOf(kind)).toEqual({ invalid: 'true', description: 'Escribe el tipo de datáfono' });
    expect(await readers.getByLabel('Nombre del datáfono').last().inputValue()).toBe('Datáfono patio');
    await kind.fill('SumUp');
    await readers.getByRole('button', { name: 'Añadir datáfono' }).click();
    await readers.getByRole('article', { name: 'Datáfono patio', exact: true }).waitFor();

    const printers = page.getByRole('region', { name: 'Impresoras por estación' });
    await printers.getByLabel('Impresora de Fogones').fill('cocina');
    await printers.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Impresoras guardadas').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const reply = await fetch(`${server.url}/world/api/venueconfig`, { method: 'POST' });
    const { venueConfig } = (await reply.json()) as {
      venueConfig: { stationPrinters: Record<string, string>; cashDrawers: { name: string }[] };
    };
    expect(Object.values(venueConfig.stationPrinters)).toEqual(['cocina']);
    expect(venueConfig.cashDrawers.map((drawer) => drawer.name)).toContain('Terraza');

    // The TPV, open all along, picks the new drawer up live: its count has exactly 20 € and 2 €.
    await till.getByRole('button', { name: 'Abrir caja' }).click();
    const dialog = tpv.page.getByRole('dialog', { name: 'Abrir caja' });
    await dialog.getByLabel('Cajón').selectOption({ label: 'Terraza' });
    await dialog.getByRole('button', { name: /^Añadir uno de 20,00/ }).waitFor();
    expect(await dialog.getByRole('spinbutton', { name: /^Unidades de/ }).count()).toBe(2);
    expect(await dialog.getByRole('button', { name: /^Añadir uno de 50,00/ }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);
});
