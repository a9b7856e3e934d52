import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import {
  linesOf,
  openCommander,
  productButton,
  seatedWalkIn,
  type CommanderLine,
} from './support/commander.ts';
import { floorApi, floorTablet, toast } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Decision 058: a breakfast menu's dishes open the step-by-step breakfast overlay in the commander. A
 * waiter at a 1280x800 tablet takes toast and a full breakfast, by touch and by keyboard alone, repeats
 * one for a second guest, and sends; the floor API (another tablet's view) shows the lines with exactly
 * the options chosen and their price.
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

/** The text of the focused element, to follow where the keyboard is. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('the breakfast overlay', () => {
  it('takes breakfasts step by step, by touch and by keyboard, repeats one and sends them', async () => {
    const guest = await seatedWalkIn(api, 'Begoña Desayunos');
    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test', { bypassCSP: true });
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      const commander = await openCommander(page, 'Begoña Desayunos');
      await commander.getByRole('tab', { name: 'Tostadas y desayunos' }).click();

      // Touch: each one-choice step moves on by itself; the focus lands on the new step's heading.
      await productButton(commander, 'Tostada').click();
      const tostada = page.getByRole('dialog', { name: 'Tostada' });
      const add = tostada.getByRole('button', { name: /^Añadir/ });
      await tostada.getByRole('heading', { name: /^Paso 1 de 4: Pan/ }).waitFor();
      expect(await focusedText(page)).toMatch(/^Paso 1 de 4: Pan/);
      expect(await add.isDisabled()).toBe(true);
      await tostada.getByText('Falta elegir: Pan, Para untar').waitFor();
      const tile = await tostada.getByRole('radio', { name: 'Integral' }).boundingBox();
      expect(tile?.height).toBeGreaterThanOrEqual(44);
      await tostada.getByRole('radio', { name: 'Integral' }).click();
      await tostada.getByRole('heading', { name: /^Paso 2 de 4: Para untar/ }).waitFor();
      expect(await focusedText(page)).toMatch(/^Paso 2 de 4: Para untar/);
      // "Falta elegir" goes to the first step still missing, wherever the waiter is.
      const strip = tostada.getByRole('navigation', { name: 'Pasos del desayuno' });
      await strip.getByRole('button', { name: /^Notas/ }).click();
      await tostada.getByRole('heading', { name: /^Paso 4 de 4: Notas/ }).waitFor();
      await tostada.getByRole('button', { name: 'Falta elegir: Para untar' }).click();
      await tostada.getByRole('heading', { name: /^Paso 2 de 4: Para untar/ }).waitFor();
      await tostada.getByRole('radio', { name: /^Tomate y aceite/ }).click();
      // Several choices: "Siguiente" moves on; the price follows the extras.
      await tostada.getByRole('heading', { name: /^Paso 3 de 4: Extras/ }).waitFor();
      await tostada.getByRole('checkbox', { name: /^Aguacate/ }).check();
      expect(await add.textContent()).toMatch(/^Añadir · 3,70\s€$/);
      await tostada.getByRole('button', { name: 'Siguiente' }).click();
      await tostada.getByRole('heading', { name: /^Paso 4 de 4: Notas/ }).waitFor();
      await tostada.getByLabel('Comentario del plato').fill('Bien tostada');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // The strip goes back to a step: the bread becomes gluten-free (+0,50 €) and the overlay moves on.
      await strip.getByRole('button', { name: /^Pan/ }).click();
      await tostada.getByRole('radio', { name: /^Sin gluten/ }).click();
      await tostada.getByRole('heading', { name: /^Paso 2 de 4/ }).waitFor();
      expect(await strip.getByRole('listitem').first().textContent()).toBe('Pan: Sin gluten');
      await tostada.getByRole('button', { name: 'Uno más' }).click();
      expect(await add.textContent()).toMatch(/^Añadir 2 · 8,40\s€$/);
      await add.click();
      await tostada.waitFor({ state: 'detached' });
      const toastLine = commander.locator('.commander-line').filter({ hasText: 'Tostada' });
      await toastLine.getByText('Sin gluten, Tomate y aceite, Aguacate').waitFor();
      await toastLine.locator('.commander-stepper__quantity').filter({ hasText: /^2$/ }).waitFor();

      // A third guest wants the same: one tap.
      const again = commander.getByRole('button', {
        name: /^Repetir\s*Tostada · Sin gluten, Tomate y aceite, Aguacate$/,
      });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await again.click();
      await toastLine.locator('.commander-stepper__quantity').filter({ hasText: /^3$/ }).waitFor();

      // Keyboard alone: arrows move among the tiles, Enter or Space picks and moves on.
      await productButton(commander, 'Desayuno completo').focus();
      await page.keyboard.press('Enter');
      const full = page.getByRole('dialog', { name: 'Desayuno completo' });
      await full.getByRole('heading', { name: /^Paso 1 de 6: Café/ }).waitFor();
      expect(await focusedText(page)).toMatch(/^Paso 1 de 6: Café/);
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('Solo');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await focusedText(page)).toBe('Con leche');
      await page.keyboard.press('Enter');
      await full.getByRole('heading', { name: /^Paso 2 de 6: Leche/ }).waitFor();
      expect(await focusedText(page)).toMatch(/^Paso 2 de 6: Leche/);
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('Sin Leche');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
      expect(await focusedText(page)).toMatch(/^De avena\+0,30\s€$/);
      await page.keyboard.press('Space');
      await full.getByRole('heading', { name: /^Paso 3 de 6: Zumo/ }).waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await full.getByRole('heading', { name: /^Paso 4 de 6: Pan/ }).waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await full.getByRole('heading', { name: /^Paso 5 de 6: Para untar/ }).waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await full.getByRole('heading', { name: /^Paso 6 de 6: Notas/ }).waitFor();
      for (let i = 0; i < 8 && !(await focusedText(page)).startsWith('Añadir'); i++)
        await page.keyboard.press('Tab');
      expect(await focusedText(page)).toMatch(/^Añadir · 6,30\s€$/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await full.waitFor({ state: 'detached' });

      await commander.getByRole('button', { name: 'Enviar comanda' }).click();
      await toast(page, 'success', 'Comanda enviada a cocina y barra').waitFor();
      await commander.waitFor({ state: 'detached' });

      const lines = await linesOf(api, guest.id);
      const names = (line: CommanderLine) => line.choices.map((choice) => choice.choiceName);
      const toasts = lines.filter((line) => line.productSku === 'DES-01');
      // One line of three toasts, each at 2,50 € + 0,50 € gluten-free + 1,20 € avocado.
      expect(toasts).toEqual([expect.objectContaining({ units: 3, priceCents: 420 })]);
      expect(names(toasts[0]!).sort()).toEqual(['Aguacate', 'Sin gluten', 'Tomate y aceite']);
      const breakfasts = lines.filter((line) => line.productSku === 'DES-02');
      expect(breakfasts).toEqual([expect.objectContaining({ units: 1, priceCents: 630 })]);
      expect(names(breakfasts[0]!).sort()).toEqual(
        ['Con leche', 'De avena', 'Naranja natural', 'Integral', 'Tomate y aceite'].sort(),
      );
    } finally {
      await context.close();
    }
  });
});
