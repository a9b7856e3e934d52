import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { guestJoinsTable } from './support/menu.ts';
import { PHONE } from './support/phone.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 18 item 10 on a 390x844 phone: a dish's required choices start empty and are asked for with a clear
 * message, an optional one can be taken back ("No, gracias"), and "Añadir al pedido" stays in view while the
 * guest scrolls through the choices.
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

const SCREEN_HEIGHT = PHONE.viewport?.height ?? 844;

/** Whether an element lies wholly on the phone's screen as it is now. */
async function onScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= SCREEN_HEIGHT;
}

describe('the guest option sheet on a phone', () => {
  it('asks for each required choice, lets an optional one go, and keeps the add button in view', async () => {
    const { page, close } = await guestJoinsTable(browser, server.url, staffToken, {
      tableName: 'Mesa hoja',
      guestName: 'Irene',
      locale: 'es-ES',
    });
    try {
      await page.getByRole('button', { name: 'Añadir Solomillo de ternera', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Solomillo de ternera' });
      const add = sheet.getByRole('button', { name: /^Añadir al pedido/ });
      const doneness = sheet.getByRole('group', { name: /^Punto de la carne · obligatorio/ });
      const side = sheet.getByRole('group', { name: /^Guarnición · obligatorio/ });
      const sauce = sheet.getByRole('group', { name: /^Salsa · opcional/ });
      await doneness.getByRole('radio', { name: 'Al punto' }).waitFor();

      // Nothing is chosen for the guest.
      expect(await doneness.getByRole('radio', { checked: true }).count()).toBe(0);
      expect(await side.getByRole('radio', { checked: true }).count()).toBe(0);
      expect(await sauce.getByRole('radio', { name: 'No, gracias' }).isChecked()).toBe(true);
      expect(await onScreen(add)).toBe(true);

      // Adding without the required choices asks for the first one, beside the button.
      await add.click();
      const alert = sheet.getByRole('alert');
      await alert.filter({ hasText: 'Elige una opción en «Punto de la carne».' }).waitFor();
      expect(await onScreen(alert)).toBe(true);
      await doneness.getByRole('radio', { name: 'Al punto' }).check();
      await alert.filter({ hasText: 'Elige una opción en «Guarnición».' }).waitFor();
      await side.getByRole('radio', { name: /^Patatas fritas/ }).check();
      await alert.waitFor({ state: 'detached' });

      // The sauce is added and taken back: the price follows.
      expect(await add.textContent()).toMatch(/26,00/);
      await sauce.getByRole('radio', { name: /^A la pimienta/ }).check();
      expect(await add.textContent()).toMatch(/27,50/);
      await sauce.getByRole('radio', { name: 'No, gracias' }).check();
      expect(await add.textContent()).toMatch(/26,00/);

      // Scrolled to the comment at the end of the choices, the button is still on screen.
      await sheet.getByLabel('Comentario para cocina').scrollIntoViewIfNeeded();
      await doneness.getByRole('radio', { name: 'Al punto' }).scrollIntoViewIfNeeded();
      expect(await onScreen(add)).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await add.click();
      await sheet.waitFor({ state: 'detached' });
      // Said without an agreement a feminine or plural dish would break ("Croquetas… añadido").
      await page
        .locator('[role="status"]', { hasText: 'Has añadido Solomillo de ternera a tu pedido' })
        .waitFor({ state: 'attached' });
      await page.getByRole('button', { name: /^Ver pedido \(1\)/ }).click();
      const cart = page.getByRole('dialog', { name: 'Tu pedido' });
      await cart.getByText(/Al punto/).waitFor();
      expect(await cart.textContent()).not.toMatch(/pimienta/);
      await page.keyboard.press('Escape');
      await cart.waitFor({ state: 'detached' });

      // A drink's note goes to the bar, and says so.
      await page.getByRole('button', { name: 'Bebidas', exact: true }).click();
      await page.getByRole('button', { name: 'Añadir Cerveza de barril', exact: true }).click();
      const beer = page.getByRole('dialog', { name: 'Cerveza de barril' });
      await beer.getByLabel('Comentario para barra').waitFor();
      expect(await beer.getByText('Comentario para cocina').count()).toBe(0);
    } finally {
      await close();
    }
  });
});
