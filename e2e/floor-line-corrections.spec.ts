import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi, floorTablet, openFromList, toast } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Every correction the server allows on an account's lines, on the floor's reservation detail (issue 25,
 * decision 052), in real Chromium through the real server: a line moved to another course, to another
 * account and to a new one, marked paid, rejected; a menú del día completed after a course was rejected,
 * and the spec's "No se ha podido completar el menu" when another tablet completed it first; the bill
 * asked for with its payment method. Roles the server refuses get its message.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof floorApi>;
let salaToken: string;
let cocinaToken: string;

interface DayLine {
  productOrderId: number;
  productSku: string;
  name: string;
  statusProductOrder: number;
  parentId: number | null;
  dishClass: number | null;
  paid: boolean;
}
interface DayAccount {
  id: number;
  name: string;
  state: string;
  requestedPaymentMethod: string | null;
  cartSession: { productOrders: DayLine[] } | null;
}
interface MenuReply {
  dishClasses: { id: number; name: string }[];
  menus: { menuCategories: MenuCategory[] }[];
}
interface MenuCategory {
  products: { sku: string; menuCourses: { id: number; name: string }[] }[];
  children: MenuCategory[];
}

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

async function accounts(): Promise<DayAccount[]> {
  return (await api.call<{ reservations: DayAccount[] }>('/world/api/reservation/getbyday', {})).reservations;
}
async function account(id: number): Promise<DayAccount> {
  return (await accounts()).find((candidate) => candidate.id === id)!;
}
const linesOf = async (id: number) => (await account(id)).cartSession?.productOrders ?? [];

async function owed(reservationId: number): Promise<number> {
  const reply = await api.call<{ paymentInfo: { total: number } }>('/world/api/reservation/payment-info', {
    reservationId,
  });
  return reply.paymentInfo.total;
}

async function order(reservationId: number, products: unknown[]) {
  const ordered = await callWithToken(
    server.url,
    '/world/api/cartsession/createcartsessionorder',
    salaToken,
    {
      orderInfo: { reservationId, source: 1 },
      products,
    },
  );
  expect(ordered.status, await ordered.clone().text()).toBe(201);
}

async function menu(): Promise<MenuReply> {
  return api.call<MenuReply>('/world/api/menu/get', {});
}
function courseIds(reply: MenuReply): Map<string, number> {
  const walk = (categories: MenuCategory[]): MenuCategory['products'] =>
    categories.flatMap((category) => [...category.products, ...walk(category.children)]);
  const dayMenu = reply.menus.flatMap((each) => walk(each.menuCategories)).find((p) => p.sku === 'MDD-00')!;
  return new Map(dayMenu.menuCourses.map((course) => [course.name, course.id]));
}

const line = (detail: Locator, name: string) => detail.locator('.floor-line').filter({ hasText: name });

describe('correcting an account’s lines on the floor', () => {
  it('moves a line to another course, another account and a new one, marks one paid and rejects one', async () => {
    const table = await api.walkIn('Mesa Cambios', 3);
    const other = await api.walkIn('Mesa Destino', 2);
    await order(table.id, [
      { sku: 'ENT-02', options: [], orderQuantity: 1 },
      { sku: 'ENT-03', options: [], orderQuantity: 1 },
      { sku: 'CER-03', options: [], orderQuantity: 2 },
      { sku: 'CAF-01', options: [], orderQuantity: 1 },
    ]);
    const { dishClasses } = await menu();
    const segundos = dishClasses.find((dishClass) => dishClass.name === 'Segundos')!;
    const before = await owed(table.id);

    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test', { bypassCSP: true });
    try {
      const detail = await openFromList(page, 'seated', 'Mesa Cambios');
      const lines = detail.getByRole('region', { name: 'Pedido de la mesa' });
      const bravas = line(lines, 'Patatas bravas');
      await bravas.waitFor();

      // The usual buttons stay as they were; the corrections open behind "Más".
      const more = lines.getByRole('button', { name: 'Más para Patatas bravas' });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.click();
      const corrections = lines.getByRole('group', { name: 'Más correcciones de Patatas bravas' });
      expect(await corrections.getByRole('button').allInnerTexts()).toEqual([
        'Rechazar',
        'Marcar pagado',
        'Cambiar de curso',
        'Mover a otra cuenta',
      ]);

      // Another course: the line's own is marked and cannot be picked again.
      await corrections.getByRole('button', { name: 'Cambiar de curso' }).click();
      const courses = lines.getByRole('group', { name: '¿A qué curso pasa Patatas bravas?' });
      expect(await courses.getByRole('button', { name: 'Primeros' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await courses.getByRole('button', { name: 'Segundos' }).click();
      await toast(page, 'success', 'Patatas bravas: pasa a Segundos').waitFor();
      const moved = (await linesOf(table.id)).find((each) => each.productSku === 'ENT-02')!;
      expect(moved.dishClass).toBe(segundos.id);

      // The beers go to the next table's account: off this bill, on that one.
      await lines.getByRole('button', { name: 'Más para Cerveza gallega' }).click();
      await lines
        .getByRole('group', { name: 'Más correcciones de Cerveza gallega' })
        .getByRole('button', { name: 'Mover a otra cuenta' })
        .click();
      const targets = lines.getByRole('group', { name: /^¿A qué cuenta pasa Cerveza gallega/ });
      await targets.getByRole('button', { name: /Mesa Destino$/ }).click();
      await page
        .locator('.toast--success')
        .filter({ hasText: /Cerveza gallega.*: movido a .*Mesa Destino/ })
        .waitFor();
      await line(lines, 'Cerveza gallega').waitFor({ state: 'detached' });
      expect((await linesOf(other.id)).map((each) => each.productSku)).toEqual(['CER-03']);
      expect(await owed(other.id)).toBe(700);
      expect(await owed(table.id)).toBe(before - 700);

      // The coffee to a new account at the same table: a guest paying apart.
      await lines.getByRole('button', { name: 'Más para Café solo' }).click();
      await lines
        .getByRole('group', { name: 'Más correcciones de Café solo' })
        .getByRole('button', { name: 'Mover a otra cuenta' })
        .click();
      const coffeeMove = lines.getByRole('group', { name: '¿A qué cuenta pasa Café solo?' });
      await coffeeMove.getByLabel('Nombre de la cuenta').fill('Lucía');
      await coffeeMove.getByRole('button', { name: 'Mover a una cuenta nueva' }).click();
      await toast(page, 'success', 'Café solo: movido a Lucía').waitFor();
      const lucia = (await accounts()).find((candidate) => candidate.name === 'Lucía')!;
      expect(lucia.state).toBe('seated');
      expect(lucia.cartSession?.productOrders.map((each) => each.productSku)).toEqual(['CAF-01']);

      // The peppers paid apart, after a confirmation.
      await lines.getByRole('button', { name: 'Más para Pimientos de Padrón' }).click();
      await lines
        .getByRole('group', { name: 'Más correcciones de Pimientos de Padrón' })
        .getByRole('button', { name: 'Marcar pagado' })
        .click();
      await lines
        .getByRole('group', { name: /^¿Marcar Pimientos de Padrón como pagado\?/ })
        .getByRole('button', { name: 'Sí, está pagado' })
        .click();
      await toast(page, 'success', 'Pimientos de Padrón: pagado').waitFor();
      await line(lines, 'Pimientos de Padrón').filter({ hasText: 'pagado' }).waitFor();
      expect((await linesOf(table.id)).find((each) => each.productSku === 'ENT-03')?.paid).toBe(true);

      // The kitchen cannot make the bravas: rejected, and no longer charged.
      const owedBefore = await owed(table.id);
      await lines.getByRole('button', { name: 'Más para Patatas bravas' }).click();
      await lines
        .getByRole('group', { name: 'Más correcciones de Patatas bravas' })
        .getByRole('button', { name: 'Rechazar' })
        .click();
      await lines
        .getByRole('group', { name: /^¿Rechazar Patatas bravas\?/ })
        .getByRole('button', { name: 'Sí, rechazar' })
        .click();
      await toast(page, 'success', 'Patatas bravas: rechazado').waitFor();
      await bravas.filter({ hasText: 'Rechazado' }).waitFor();
      expect((await linesOf(table.id)).find((each) => each.productSku === 'ENT-02')?.statusProductOrder).toBe(
        -4,
      );
      expect(await owed(table.id)).toBe(owedBefore - 650);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 150_000);

  it('completes a menú del día a course was rejected from, and says so when it cannot', async () => {
    const table = await api.walkIn('Mesa Menú', 1);
    const ids = courseIds(await menu());
    const choice = (course: string, sku: string) => ({ courseId: ids.get(course)!, sku });
    await order(table.id, [
      {
        sku: 'MDD-00',
        options: [],
        orderQuantity: 1,
        menuChoices: [
          choice('Primero', 'MDD-01'),
          choice('Segundo', 'MDD-03'),
          choice('Postre o café', 'MDD-05'),
          choice('Bebida', 'BEB-01'),
        ],
      },
    ]);

    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test', { bypassCSP: true });
    try {
      const detail = await openFromList(page, 'seated', 'Mesa Menú');
      const lines = detail.getByRole('region', { name: 'Pedido de la mesa' });
      await line(lines, 'Lentejas estofadas').waitFor();
      // A complete menu offers no completion.
      await lines.getByRole('button', { name: 'Más para Menú del día' }).click();
      const menuCorrections = lines.getByRole('group', { name: 'Más correcciones de Menú del día' });
      expect(await menuCorrections.getByRole('button', { name: 'Completar menú' }).count()).toBe(0);

      // The kitchen is out of lentils: the course is rejected, and the menu can be completed.
      await lines.getByRole('button', { name: 'Más para Lentejas estofadas' }).click();
      await lines
        .getByRole('group', { name: 'Más correcciones de Lentejas estofadas' })
        .getByRole('button', { name: 'Rechazar' })
        .click();
      await lines.getByRole('button', { name: 'Sí, rechazar' }).click();
      await line(lines, 'Lentejas estofadas').filter({ hasText: 'Rechazado' }).waitFor();
      await lines.getByRole('button', { name: 'Más para Menú del día' }).click();
      await menuCorrections.getByRole('button', { name: 'Completar menú' }).click();

      const overlay = page.getByRole('dialog', { name: 'Completar menú: Menú del día' });
      await overlay.waitFor();
      // Only the course that lacks a dish is offered.
      expect(await overlay.getByRole('group').allInnerTexts()).toEqual([
        expect.stringMatching(/^Primero: elige 1/),
      ]);
      const complete = overlay.getByRole('button', { name: 'Completar menú' });
      expect(await complete.isDisabled()).toBe(true);
      await overlay.getByLabel('Crema de calabaza').check();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await complete.click();
      await toast(page, 'success', 'Menú del día: menú completado').waitFor();
      await overlay.waitFor({ state: 'detached' });
      await line(lines, 'Crema de calabaza').waitFor();
      const added = (await linesOf(table.id)).find((each) => each.productSku === 'MDD-02')!;
      expect(added.parentId).not.toBeNull();
      expect(added.statusProductOrder).toBe(1);

      // The cream is rejected too; while the overlay is open another tablet completes the menu first.
      const rejected = await callWithToken(
        server.url,
        '/world/api/productorder/mark-as-rejected',
        cocinaToken,
        {
          productOrderIds: [added.productOrderId],
        },
      );
      expect(rejected.status).toBe(200);
      await line(lines, 'Crema de calabaza').filter({ hasText: 'Rechazado' }).waitFor();
      await lines.getByRole('button', { name: 'Más para Menú del día' }).click();
      await menuCorrections.getByRole('button', { name: 'Completar menú' }).click();
      await overlay.waitFor();
      await overlay.getByLabel('Ensalada mixta').check();
      const first = await callWithToken(server.url, '/world/api/productorder/complete-menu', salaToken, {
        productOrderId: added.parentId,
        menuChoices: [choice('Primero', 'ENS-02')],
      });
      expect(((await first.json()) as { result: number }).result).toBe(0);
      await complete.click();
      // Spec §8, word for word; the overlay stays with the choice for the waiter to see.
      await overlay.getByRole('alert').filter({ hasText: 'No se ha podido completar el menu' }).waitFor();
      expect(await overlay.getByLabel('Ensalada mixta').isChecked()).toBe(true);
      const standing = (await linesOf(table.id)).filter(
        (each) => each.parentId === added.parentId && each.statusProductOrder >= 0,
      );
      expect(standing.map((each) => each.productSku).sort()).toEqual([
        'BEB-01',
        'ENS-02',
        'MDD-03',
        'MDD-05',
      ]);
    } finally {
      await context.close();
    }
  }, 150_000);

  it('asks for the bill with the payment method, which the kitchen may not', async () => {
    const table = await api.walkIn('Mesa Cuenta', 2);
    const { page, context } = await floorTablet(browser, server.url, 'sala@demo.test');
    try {
      const detail = await openFromList(page, 'seated', 'Mesa Cuenta');
      await detail.getByRole('button', { name: 'Pedir la cuenta' }).click();
      const methods = detail.getByRole('group', { name: '¿Cómo va a pagar la mesa?' });
      expect(await methods.getByRole('button').allInnerTexts()).toEqual(['Tarjeta', 'Efectivo', 'Otro']);
      await methods.getByRole('button', { name: 'Tarjeta' }).click();
      await toast(page, 'success', 'Mesa Cuenta pide la cuenta (Tarjeta).').waitFor();
      await detail.locator('[data-state="for_payment"]').waitFor();
      // Once asked, it is not offered again.
      expect(await detail.getByRole('button', { name: 'Pedir la cuenta' }).count()).toBe(0);
      expect(await account(table.id)).toMatchObject({ state: 'for_payment', requestedPaymentMethod: 'card' });
    } finally {
      await context.close();
    }

    // The kitchen has no floor to ask from; the server refuses it anyway, in the user's words.
    const other = await api.walkIn('Mesa Cocina', 2);
    const refused = await callWithToken(server.url, '/world/api/reservation/request-ticket', cocinaToken, {
      reservationWid: other.wid,
      paymentMethod: 'cash',
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('Tu rol no permite esta acción.');
    expect((await account(other.id)).state).toBe('seated');
  }, 120_000);
});
