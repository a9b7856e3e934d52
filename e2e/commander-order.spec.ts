import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { linesOf, openCommander, productButton, seatedWalkIn } from './support/commander.ts';
import { floorApi, floorTablet, toast } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 6, the commander (decision 015): Sala takes a table's order on the tablet, with options, a menú
 * del día whose dishes carry their own options, a comment and a staff note; a double tap is one order.
 * The order is checked through the floor API (another tablet's view of the account).
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof floorApi>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = floorApi(server.url, await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the commander', () => {
  it('takes an order with options, a menú del día, a comment and a staff note, and sends it once', async () => {
    const guest = await seatedWalkIn(api, 'Inés');
    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test');
    try {
      const commander = await openCommander(page, 'Inés');

      // A dish with a required side that costs extra, and the guest's comment.
      await commander.getByLabel('Buscar en la carta').fill('se');
      await commander.getByText('Escribe al menos tres caracteres para realizar la búsqueda.').waitFor();
      await commander.getByLabel('Buscar en la carta').fill('secreto');
      await productButton(commander, 'Secreto ibérico a la brasa').click();
      const secreto = page.getByRole('dialog', { name: 'Secreto ibérico a la brasa' });
      expect(await secreto.getByRole('button', { name: /^Añadir/ }).isDisabled()).toBe(true);
      await secreto.getByLabel('Pimientos de Padrón').check();
      await secreto.getByLabel('Comentario del plato').fill('Al punto');
      await secreto.getByLabel('Nota del personal para cocina y barra').fill('Mesa con prisa');
      await secreto.getByRole('button', { name: /^Añadir/ }).click();

      // The menú del día: one dish per course; the beer inside it comes in a size that costs extra.
      await commander.getByLabel('Buscar en la carta').fill('menú del día');
      await productButton(commander, 'Menú del día').click();
      const menu = page.getByRole('dialog', { name: 'Menú del día' });
      await menu
        .getByRole('group', { name: /^Primero/ })
        .getByLabel('Lentejas estofadas')
        .check();
      await menu
        .getByRole('group', { name: /^Segundo/ })
        .getByLabel('Pollo al ajillo')
        .check();
      await menu
        .getByRole('group', { name: /^Postre o café/ })
        .getByLabel('Fruta del tiempo')
        .check();
      const drink = menu.getByRole('group', { name: /^Bebida/ });
      await drink.getByLabel('Cerveza de barril').check();
      expect(await menu.getByRole('button', { name: /^Añadir/ }).isDisabled()).toBe(true);
      await drink.getByLabel('Doble').check();
      await menu.getByRole('button', { name: /^Añadir/ }).click();

      // A plain product adds in one tap; a second tap adds to the same line.
      await commander.getByLabel('Buscar en la carta').fill('coca');
      await productButton(commander, 'Coca-Cola').click();
      await productButton(commander, 'Coca-Cola').click();
      await commander.locator('.commander-line').filter({ hasText: 'Coca-Cola' }).getByText('2').waitFor();
      expect(await commander.locator('.commander-line').count()).toBe(3);

      // Double tap on send, both taps in one frame: one order, one confirmation.
      await commander
        .getByRole('button', { name: 'Enviar comanda' })
        .evaluate((button: HTMLButtonElement) => {
          button.click();
          button.click();
        });
      await toast(page, 'success', 'Comanda enviada a cocina y barra').waitFor();
      await commander.waitFor({ state: 'detached' });

      const lines = await linesOf(api, guest.id);
      expect(new Set(lines.map((line) => line.cartSessionOrderId)).size).toBe(1);
      const bySku = (sku: string) => lines.filter((line) => line.productSku === sku);
      expect(bySku('CAR-03')).toEqual([
        expect.objectContaining({
          units: 1,
          priceCents: 1900 + 150,
          choices: [expect.objectContaining({ choiceName: 'Pimientos de Padrón' })],
        }),
      ]);
      expect(bySku('MDD-00')).toHaveLength(1);
      expect(bySku('CER-01')).toEqual([
        expect.objectContaining({
          priceCents: 100,
          choices: [expect.objectContaining({ choiceName: 'Doble' })],
        }),
      ]);
      expect(bySku('BEB-03')).toEqual([expect.objectContaining({ units: 2 })]);
      expect(lines).toHaveLength(1 + 1 + 4 + 1);
    } finally {
      await context.close();
    }
  });

  it('refuses a sold-out dish with the server’s message and marks the line to remove', async () => {
    await seatedWalkIn(api, 'Tomás');
    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test');
    try {
      const commander = await openCommander(page, 'Tomás');
      await commander.getByLabel('Buscar en la carta').fill('coca');
      await productButton(commander, 'Coca-Cola').click();
      const products = await api.call<{ menuProducts: { id: number; sku: string }[] }>(
        '/world/api/product/menu/get',
        {},
      );
      const cola = products.menuProducts.find((product) => product.sku === 'BEB-03')!;
      await api.call('/world/api/product/menu/update-availability-product', {
        productId: cola.id,
        available: false,
      });
      try {
        await commander.getByRole('button', { name: 'Enviar comanda' }).click();
        await page.locator('.toast--error').first().waitFor();
        await commander.locator('.commander-line--sold-out').filter({ hasText: 'Coca-Cola' }).waitFor();
      } finally {
        await api.call('/world/api/product/menu/update-availability-product', {
          productId: cola.id,
          available: true,
        });
      }
    } finally {
      await context.close();
    }
  });
});
