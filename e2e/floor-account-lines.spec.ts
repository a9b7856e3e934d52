import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi, floorTablet, openFromList, toast } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * A table's order in the floor's reservation detail (Sala, in real Chromium through the real server):
 * each line with its status and price, and what the waiter may put right — a dish counted in the menú del
 * día and charged again, a line entered by mistake voided after a confirmation, a dish the kitchen had
 * started written off — with what the table owes following each step.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof floorApi>;
let salaToken: string;
let cocinaToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  [salaToken, cocinaToken] = await Promise.all([
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'cocina@demo.test', DEMO_PASSWORD),
  ]);
  api = floorApi(server.url, await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD));
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What the table owes, as the TPV reads it. */
async function owed(reservationId: number): Promise<number> {
  const reply = await api.call<{ paymentInfo: { total: number } }>('/world/api/reservation/payment-info', {
    reservationId,
  });
  return reply.paymentInfo.total;
}

const line = (detail: Locator, name: string) => detail.locator('.floor-line').filter({ hasText: name });

describe('the account’s order on the floor', () => {
  it('shows what was chosen for a line, so the pint is served and not the small beer', async () => {
    const table = await api.walkIn('Mesa Jarra', 2);
    type Option = { id: number; name: string };
    type Product = { sku: string; productOptions: { id: number; options: Option[] }[] };
    type Category = { products: Product[]; children: Category[] };
    const menu = (await (await callWithToken(server.url, '/world/api/menu/get', salaToken, {})).json()) as {
      menus: { menuCategories: Category[] }[];
    };
    const walk = (categories: Category[]): Product[] =>
      categories.flatMap((category) => [...category.products, ...walk(category.children)]);
    const beer = walk(menu.menus.flatMap((entry) => entry.menuCategories)).find((product) =>
      product.productOptions.some((type) => type.options.some((option) => option.name === 'Jarra')),
    )!;
    const size = beer.productOptions.find((type) => type.options.some((option) => option.name === 'Jarra'))!;
    const pint = size.options.find((option) => option.name === 'Jarra')!;
    const ordered = await callWithToken(
      server.url,
      '/world/api/cartsession/createcartsessionorder',
      salaToken,
      {
        orderInfo: { reservationId: table.id, source: 1 },
        products: [
          {
            sku: beer.sku,
            options: [{ optionTypeId: size.id, productChoiceId: pint.id }],
            orderQuantity: 1,
          },
        ],
      },
    );
    expect(ordered.status, await ordered.text()).toBe(201);

    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test', { bypassCSP: true });
    try {
      const detail = await openFromList(page, 'seated', 'Mesa Jarra');
      const order = detail.getByRole('region', { name: 'Pedido de la mesa' });
      await order.locator('.floor-line').first().waitFor();
      expect(await order.locator('.floor-line').first().textContent()).toMatch(/^1× .+Jarra/);
    } finally {
      await context.close();
    }
  });

  it('counts a dish in the menu and back, voids a line after asking, and writes off one the kitchen started', async () => {
    const table = await api.walkIn('Mesa Pedido', 2);
    const ordered = await callWithToken(
      server.url,
      '/world/api/cartsession/createcartsessionorder',
      salaToken,
      {
        orderInfo: { reservationId: table.id, source: 1 },
        products: [
          { sku: 'ENT-02', options: [], orderQuantity: 1 },
          { sku: 'CER-03', options: [], orderQuantity: 2 },
        ],
      },
    );
    expect(ordered.status).toBe(201);
    const { cartSessionOrder } = (await ordered.json()) as {
      cartSessionOrder: { items: { productOrderId: number; productSku: string }[] };
    };
    const bravasId = cartSessionOrder.items.find((item) => item.productSku === 'ENT-02')!.productOrderId;
    expect(await owed(table.id)).toBe(1350);

    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test', { bypassCSP: true });
    try {
      const detail = await openFromList(page, 'seated', 'Mesa Pedido');
      const order = detail.getByRole('region', { name: 'Pedido de la mesa' });
      const bravas = line(order, 'Patatas bravas');
      const beers = line(order, 'Cerveza gallega');
      await bravas.waitFor();
      expect(await bravas.textContent()).toMatch(/1× Patatas bravas.*Aceptado.*6,50\s€/);
      expect(await beers.textContent()).toMatch(/2× Cerveza gallega.*Aceptado.*7,00\s€/);
      const bravasActions = order.getByRole('group', { name: 'Qué hacer con Patatas bravas' });
      // Nothing made yet: it can be voided or counted in the menu, not written off.
      expect(await bravasActions.getByRole('button').allInnerTexts()).toEqual([
        'Incluir en el menú',
        'Anular',
      ]);

      // Counted in the menú del día: it costs nothing, and charging it again restores its price.
      await bravasActions.getByRole('button', { name: 'Incluir en el menú' }).click();
      await toast(page, 'success', 'Patatas bravas: precio cambiado').waitFor();
      await bravas.filter({ hasText: /en el menú.*0,00\s€/ }).waitFor();
      expect(await owed(table.id)).toBe(700);
      await bravasActions.getByRole('button', { name: 'Cobrar aparte' }).click();
      await bravas.filter({ hasText: /Aceptado6,50\s€/ }).waitFor();
      expect(await owed(table.id)).toBe(1350);

      // Beers entered by mistake: a void asks first, and "No" leaves them as they were.
      const beerActions = order.getByRole('group', { name: /^Qué hacer con Cerveza gallega/ });
      await beerActions.getByRole('button', { name: 'Anular' }).click();
      const ask = order.getByRole('group', {
        name: /^¿Anular Cerveza gallega .*\? Ni se prepara ni se cobra\.$/,
      });
      const focused = (target: Locator) => target.evaluate((element) => element === document.activeElement);
      // The question takes the focus on its safe answer, and gives it back to the order once answered.
      expect(await focused(ask.getByRole('button', { name: 'No' }))).toBe(true);
      await page.keyboard.press('Enter');
      await beerActions.waitFor();
      expect(await focused(order.getByRole('heading', { name: 'Pedido de la mesa' }))).toBe(true);
      expect(await owed(table.id)).toBe(1350);
      await beerActions.getByRole('button', { name: 'Anular' }).click();
      await ask.getByRole('button', { name: 'Sí, anular' }).click();
      await beers.filter({ hasText: 'Cancelado' }).waitFor();
      expect(await beers.getAttribute('class')).toContain('floor-line--gone');
      expect(await beers.getByRole('button').count()).toBe(0);
      expect(await owed(table.id)).toBe(650);

      // The kitchen starts the bravas, then drops them: the floor sees it live and writes them off.
      const started = await callWithToken(
        server.url,
        '/world/api/productorder/startpreparation',
        cocinaToken,
        {
          productOrderIds: [bravasId],
        },
      );
      expect(started.status).toBe(200);
      await bravas.filter({ hasText: 'En preparación' }).waitFor();
      await bravasActions.getByRole('button', { name: 'Merma' }).click();
      await order
        .getByRole('group', { name: '¿Anotar Patatas bravas como merma? No se cobra.' })
        .getByRole('button', { name: 'Sí, es merma' })
        .click();
      await toast(page, 'success', 'Patatas bravas: anotado como merma').waitFor();
      await bravas.filter({ hasText: 'Merma' }).waitFor();
      expect(await owed(table.id)).toBe(0);

      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Another round ordered meanwhile shows in the open detail without a reload.
      const again = await callWithToken(
        server.url,
        '/world/api/cartsession/createcartsessionorder',
        salaToken,
        {
          orderInfo: { reservationId: table.id, source: 1 },
          products: [{ sku: 'CER-03', options: [], orderQuantity: 1 }],
        },
      );
      expect(again.status).toBe(201);
      await beers.filter({ hasText: /1× Cerveza gallega.*Aceptado/ }).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);
});
