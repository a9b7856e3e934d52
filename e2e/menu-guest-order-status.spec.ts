import type { CartSessionOrder } from '@sobremesa/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { guestJoinsTable } from './support/menu.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 18 item 6 (decision 028): after ordering, the guest's "Ver pedido" shows what the table ordered
 * and each dish's state in words, kept live while the kitchen works: started, ready, and a dish the
 * kitchen refused before making it, which the guest is told of.
 */
let server: RunningServer;
let browser: Browser;
let salaToken: string;
let kitchenToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  [salaToken, kitchenToken] = await Promise.all([
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'cocina@demo.test', DEMO_PASSWORD),
  ]);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function kitchen(action: string, productOrderId: number) {
  const reply = await callWithToken(server.url, `/world/api/productorder/${action}`, kitchenToken, {
    productOrderIds: [productOrderId],
  });
  expect(reply.status, await reply.clone().text()).toBe(200);
}

/** The dish as the table's order shows it: name, price or "No se cobra", choices and state. */
function orderedDish(page: Page, name: string) {
  return page
    .getByRole('dialog', { name: 'Tu pedido' })
    .getByRole('region', { name: 'Pedido de la mesa' })
    .getByRole('listitem')
    .filter({ hasText: name });
}

describe("the guest's order view", () => {
  it("shows the table's dishes and follows the kitchen live, refusal included", async () => {
    const guest = await guestJoinsTable(browser, server.url, salaToken, {
      tableName: 'Mesa Estado',
      guestName: 'Irene',
      locale: 'es-ES',
    });
    const { page } = guest;
    try {
      await page.getByRole('button', { name: 'Añadir Tortilla de patatas', exact: true }).click();
      const tortilla = page.getByRole('dialog', { name: 'Tortilla de patatas' });
      await tortilla.getByRole('radio', { name: /Jugosa/ }).check();
      await tortilla.getByRole('button', { name: /^Añadir al pedido/ }).click();
      await tortilla.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Añadir Pimientos de Padrón', exact: true }).click();
      const peppers = page.getByRole('dialog', { name: 'Pimientos de Padrón' });
      await peppers.getByRole('button', { name: /^Añadir al pedido/ }).click();
      await peppers.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /^Ver pedido \(2\)/ }).click();
      const sent = page.waitForResponse((response) => response.url().endsWith('/createcartsessionorder'));
      await page
        .getByRole('dialog', { name: 'Tu pedido' })
        .getByRole('button', { name: 'Enviar pedido' })
        .click();
      const order = ((await (await sent).json()) as { cartSessionOrder: CartSessionOrder }).cartSessionOrder;
      const lineOf = (name: string) => order.items.find((item) => item.name === name)!.productOrderId;
      await page.getByText('Pedido enviado. ¡Gracias!').waitFor();
      // No reload from here on: the marker would be gone.
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

      await page.getByRole('button', { name: /^Ver pedido/ }).click();
      await orderedDish(page, 'Tortilla de patatas').filter({ hasText: 'Pedido recibido' }).waitFor();
      const tortillaText = await orderedDish(page, 'Tortilla de patatas').innerText();
      expect(tortillaText).toContain('Jugosa');
      expect(tortillaText).toMatch(/\d+,\d{2}\s€/);
      await orderedDish(page, 'Pimientos de Padrón').filter({ hasText: 'Pedido recibido' }).waitFor();

      await kitchen('startpreparation', lineOf('Tortilla de patatas'));
      await orderedDish(page, 'Tortilla de patatas').filter({ hasText: 'En preparación' }).waitFor();
      await kitchen('finishpreparation', lineOf('Tortilla de patatas'));
      await orderedDish(page, 'Tortilla de patatas').filter({ hasText: 'Sale enseguida' }).waitFor();
      // The kitchen cannot make the peppers and refuses them before starting: the guest is told.
      await kitchen('mark-as-rejected', lineOf('Pimientos de Padrón'));
      const refused = orderedDish(page, 'Pimientos de Padrón').filter({
        hasText: 'No se ha podido preparar',
      });
      await refused.waitFor();
      expect(await refused.innerText()).toContain('No se cobra');
      await page
        .getByText('Lo sentimos: Pimientos de Padrón no se ha podido preparar. No se cobra.')
        .waitFor();
      await page
        .locator('[role="status"]', { hasText: 'Pimientos de Padrón: No se ha podido preparar' })
        .waitFor({ state: 'attached' });
      await expect(page.evaluate(() => 'stillTheSamePage' in window)).resolves.toBe(true);

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await guest.close();
    }
  });
});
