import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi, floorTablet, toast } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 6, the menu tools (decision 015): Sala marks a dish sold out in the availability manager and a
 * second tablet (1 en Sala) sees it change live; 1 en Sala toggles a top choice, which Sala may not.
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

interface Product {
  id: number;
  sku: string;
  available: boolean;
  topChoice: 'SI' | 'NO';
}

async function product(sku: string): Promise<Product> {
  const { menuProducts } = await api.call<{ menuProducts: Product[] }>('/world/api/product/menu/get', {});
  return menuProducts.find((entry) => entry.sku === sku)!;
}

describe('the menu tools on two tablets', () => {
  it('marks a dish sold out and back, live on the other tablet, and toggles a top choice', async () => {
    const sala = await floorTablet(browser, server.url, 'sala@demo.test');
    const lead = await floorTablet(browser, server.url, 'sala1@demo.test');
    try {
      // Sala may not change top choices or edit menus (decision 009's matrix); 1 en Sala may.
      expect(await sala.page.getByRole('button', { name: 'Editar menús' }).count()).toBe(0);
      await lead.page.getByRole('button', { name: 'Editar menús' }).waitFor();

      await sala.page.getByRole('button', { name: 'Disponibilidad' }).click();
      const mine = sala.page.getByRole('dialog', { name: 'Disponibilidad de productos' });
      await mine.getByLabel('Buscar producto').fill('bravas');
      expect(await mine.getByRole('button', { name: /^Recomendado/ }).count()).toBe(0);

      await lead.page.getByRole('button', { name: 'Disponibilidad' }).click();
      const theirs = lead.page.getByRole('dialog', { name: 'Disponibilidad de productos' });
      await theirs.getByLabel('Buscar producto').fill('bravas');
      const theirRow = theirs.locator('.availability__row').filter({ hasText: 'Patatas bravas' });
      await theirRow.getByText('Disponible').waitFor();

      await mine.getByRole('button', { name: 'Agotar Patatas bravas' }).click();
      await toast(sala.page, 'success', 'Patatas bravas marcado como agotado').waitFor();
      await theirRow.getByText('Agotado').waitFor();
      expect((await product('ENT-02')).available).toBe(false);

      await theirs.getByRole('button', { name: 'Reponer Patatas bravas' }).click();
      await mine
        .locator('.availability__row')
        .filter({ hasText: 'Patatas bravas' })
        .getByText('Disponible')
        .waitFor();
      expect((await product('ENT-02')).available).toBe(true);

      const top = theirs.getByRole('button', { name: 'Recomendado Patatas bravas' });
      const before = (await product('ENT-02')).topChoice;
      expect(await top.getAttribute('aria-pressed')).toBe(String(before === 'SI'));
      await top.click();
      await toast(lead.page, 'success', 'Recomendado actualizado: Patatas bravas').waitFor();
      await theirs
        .getByRole('button', { name: 'Recomendado Patatas bravas', pressed: before !== 'SI' })
        .waitFor();
      expect((await product('ENT-02')).topChoice).toBe(before === 'SI' ? 'NO' : 'SI');
    } finally {
      await sala.context.close();
      await lead.context.close();
    }
  });
});
