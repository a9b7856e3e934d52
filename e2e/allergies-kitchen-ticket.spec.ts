import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { guestJoinsTable } from './support/menu.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { staffTablet } from './support/shell.ts';

/**
 * Issue 18 item 1: a guest saves "Gluten" in "Mis alergias" on the phone; the kitchen's ticket of the
 * table carries it and flags the dish that contains gluten; the table's tile on the floor shows it; the
 * notification names the allergen.
 */
let server: RunningServer;
let browser: Browser;
let staffToken: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  staffToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
}, 200_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function tablet(email: string): Promise<Page> {
  const { page, context } = await staffTablet(browser, server.url, email);
  contexts.push(context);
  return page;
}

interface MenuReply {
  menus: {
    menuCategories: {
      products: {
        sku: string;
        name: string;
        type: string;
        isMenu: string;
        isUnitary: string;
        productOptions: { minChoices: number }[];
        allergens: { code: string }[];
      }[];
    }[];
  }[];
}

describe('allergies declared on the phone', () => {
  it('reach the kitchen ticket, flag the dish with gluten, show on the tile and name the allergen', async () => {
    const guest = await guestJoinsTable(browser, server.url, staffToken, {
      tableName: 'Mesa Celíaca',
      guestName: 'Marta',
      locale: 'es-ES',
    });
    try {
      const { page } = guest;
      await page.getByRole('button', { name: 'Llamar y pedir la cuenta' }).click();
      await page
        .getByRole('dialog', { name: '¿Qué necesitas?' })
        .getByRole('button', { name: 'Mis alergias' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Mis alergias' });
      await dialog
        .getByRole('group', { name: 'Marca tus alergias e intolerancias' })
        .getByRole('checkbox', { name: 'Gluten' })
        .check();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Hemos avisado al personal de tus alergias.' })
        .waitFor();

      // Sala orders a dish with gluten for the table from the commander's API.
      const menu = (await (
        await callWithToken(server.url, '/world/api/menu/get', staffToken, {})
      ).json()) as MenuReply;
      const withGluten = menu.menus
        .flatMap((entry) => entry.menuCategories.flatMap((category) => category.products))
        .find(
          (product) =>
            product.type === 'comida' &&
            product.isMenu === 'NO' &&
            product.isUnitary === 'NO' &&
            product.productOptions.every((type) => type.minChoices === 0) &&
            product.allergens.some((allergen) => allergen.code === 'gluten'),
        )!;
      const ordered = await callWithToken(
        server.url,
        '/world/api/cartsession/createcartsessionorder',
        staffToken,
        {
          orderInfo: { reservationId: guest.table.reservationId, source: 1 },
          products: [{ sku: withGluten.sku, options: [], orderQuantity: 1 }],
        },
      );
      expect(ordered.status).toBe(201);

      const [cocina, sala] = await Promise.all([tablet('cocina@demo.test'), tablet('sala@demo.test')]);
      const ticket = cocina.locator(`.kitchen-ticket[data-reservation-id="${guest.table.reservationId}"]`);
      await ticket
        .locator('.kitchen-ticket__allergies', { hasText: 'Alergias: Gluten' })
        .waitFor({ timeout: 15_000 });
      const flagged = ticket.locator('.kitchen-line[data-allergen-clash="true"]', {
        hasText: withGluten.name,
      });
      expect(await flagged.locator('.kitchen-line__allergen').textContent()).toBe(
        'Alérgeno de la mesa: Gluten',
      );

      await sala
        .locator('.floor-table__allergy', { hasText: 'Alergias: Gluten' })
        .first()
        .waitFor({ timeout: 15_000 });
      // The reservation's detail says it too, beside the booking's comments.
      await sala
        .locator('.floor-table', { has: sala.locator('.floor-table__allergy') })
        .first()
        .click();
      const detail = sala.getByRole('dialog', { name: 'Mesa Celíaca' });
      await detail.locator('.floor-detail__allergies', { hasText: 'Gluten' }).waitFor();
      await sala.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      await sala
        .locator('.notification-centre [data-list="pending"] .notification', {
          hasText: 'Alergias declaradas: Gluten',
        })
        .first()
        .waitFor({ timeout: 15_000 });
    } finally {
      await guest.close();
    }
  }, 150_000);

  it('declared by staff in the reservation detail, with a dietary note, reach the tile and the kitchen ticket', async () => {
    const created = await callWithToken(server.url, '/world/reservation/createwalkin', staffToken, {
      name: 'Mesa Láctea',
      pax: 2,
    });
    expect(created.status).toBe(201);
    const { reservation } = (await created.json()) as { reservation: { id: number; table: string } };
    const [sala, cocina] = await Promise.all([tablet('sala@demo.test'), tablet('cocina@demo.test')]);
    await sala.locator('.floor-table', { hasText: 'Mesa Láctea' }).first().click();
    const detail = sala.getByRole('dialog', { name: 'Mesa Láctea' });
    await detail.getByRole('button', { name: 'Alérgenos de la mesa' }).click();
    await detail.getByRole('button', { name: 'Lácteos' }).click();
    await detail.getByLabel('Nota de dieta').fill('Sin lactosa');
    await detail.getByRole('button', { name: 'Guardar' }).click();
    await detail.locator('.floor-detail__allergies', { hasText: 'Lácteos' }).waitFor();
    await sala.keyboard.press('Escape');
    await sala.locator('.floor-table__allergy', { hasText: 'Alergias: Lácteos' }).first().waitFor();

    const ordered = await callWithToken(
      server.url,
      '/world/api/cartsession/createcartsessionorder',
      staffToken,
      {
        orderInfo: { reservationId: reservation.id, source: 1 },
        products: [{ sku: 'ENT-02', options: [], orderQuantity: 1 }],
      },
    );
    expect(ordered.status).toBe(201);
    await cocina
      .locator(`.kitchen-ticket[data-reservation-id="${reservation.id}"] .kitchen-ticket__allergies`, {
        hasText: 'Lácteos',
      })
      .filter({ hasText: 'Sin lactosa' })
      .waitFor({ timeout: 15_000 });
  }, 150_000);
});
