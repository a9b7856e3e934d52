import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi } from './support/floor.ts';
import { guestJoinsTable } from './support/menu.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 6, the guest side of decision 015: inside a menú del día, a course dish with options (the demo's
 * draught beer, "Doble" +1 €) shows them right under the pick; the sheet's price follows the option, the
 * cart keeps it, and the order the server stores has the option on that course dish, priced.
 */
let server: RunningServer;
let browser: Browser;
let staffToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  staffToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface StoredLine {
  productSku: string;
  priceCents: number;
  choices: { choiceName: string }[];
}

/** The lines of a reservation's account as another staff tablet reads them (the floor's day). */
async function storedLines(reservationId: number): Promise<StoredLine[]> {
  const found = (await floorApi(server.url, staffToken).reservation(reservationId)) as unknown as {
    cartSession: { productOrders: StoredLine[] } | null;
  };
  return found.cartSession?.productOrders ?? [];
}

describe('menú del día course dish options on a phone', () => {
  it('offers the options of a picked course dish, prices them and sends them on that dish', async () => {
    const { page, table, close } = await guestJoinsTable(browser, server.url, staffToken, {
      tableName: 'Mesa opciones',
      guestName: 'Marta',
      locale: 'es-ES',
    });
    try {
      await page.getByRole('button', { name: 'Menú del día', exact: true }).click();
      await page.getByRole('button', { name: 'Añadir Menú del día', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Menú del día' });
      const add = sheet.getByRole('button', { name: /^Añadir al pedido/ });
      await sheet
        .getByRole('group', { name: /^Primero/ })
        .getByLabel('Lentejas estofadas')
        .check();
      await sheet
        .getByRole('group', { name: /^Segundo/ })
        .getByLabel('Pollo al ajillo')
        .check();
      await sheet
        .getByRole('group', { name: /^Postre o café/ })
        .getByLabel('Fruta del tiempo')
        .check();
      const drink = sheet.getByRole('group', { name: /^Bebida/ });
      // No size is offered before the beer is the pick.
      expect(await drink.getByRole('group', { name: /^Tamaño/ }).count()).toBe(0);
      await drink.getByLabel('Cerveza de barril').check();

      // The beer's sizes appear under it, none chosen for the guest, each with its price; the sheet asks.
      const size = drink.getByRole('group', { name: /^Tamaño · obligatorio/ });
      await size.getByRole('radio', { name: /^Jarra/ }).waitFor();
      expect(await size.getByRole('radio', { checked: true }).count()).toBe(0);
      expect(await add.textContent()).toMatch(/14,50/);
      await add.click();
      await sheet
        .getByRole('alert')
        .filter({ hasText: 'Elige una opción en «Tamaño» de Cerveza de barril.' })
        .waitFor();
      await size.getByRole('radio', { name: /^Doble \+1,00/ }).check();
      expect(await add.textContent()).toMatch(/15,50/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await add.click();
      await sheet.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Ver pedido \(1\)/ }).click();
      const cart = page.getByRole('dialog', { name: 'Tu pedido' });
      await cart.getByText(/15,50/).first().waitFor();
      // The cart says which size the beer of the menu is.
      await cart.getByText(/Cerveza de barril \(Doble\)/).waitFor();
      await cart.getByRole('button', { name: 'Enviar pedido' }).click();
      await page.getByText('Pedido enviado. ¡Gracias!').waitFor();

      const lines = await storedLines(table.reservationId);
      const bySku = (sku: string) => lines.filter((line) => line.productSku === sku);
      expect(bySku('MDD-00')).toEqual([expect.objectContaining({ priceCents: 1450 })]);
      expect(bySku('CER-01')).toEqual([
        expect.objectContaining({
          priceCents: 100,
          choices: [expect.objectContaining({ choiceName: 'Doble' })],
        }),
      ]);
      expect(lines.map((line) => line.productSku).sort()).toEqual(
        ['CER-01', 'MDD-00', 'MDD-01', 'MDD-03', 'MDD-05'].sort(),
      );
    } finally {
      await close();
    }
  });
});
