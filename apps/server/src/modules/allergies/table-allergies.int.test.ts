import type { FloorReservation, GetByRoleResponse, MenuProduct, Notification } from '@sobremesa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  releaseDemoTables,
  type DemoAccount,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * Issue 18 item 1: a table's declared allergies (a guest's "Mis alergias", the booking's comment, staff)
 * reach every kitchen ticket and the floor's tile; a dish that clashes is flagged; the notification names
 * the allergens.
 */
let t: TestApp;
let v: OrderingVenues;
let catalogue: MenuProduct[];

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  catalogue = productsOf(await demoMenu(t));
}, 180_000);
afterAll(() => t.close());
afterEach(() => releaseDemoTables(t, v));

const as = (who: DemoAccount, path: string, body: Record<string, unknown>) =>
  post(t, 'demo', path, body, { token: v.tokens[who] });

/** A plain dish (no required choice, not a menu) that contains `code`, or does not when `contains` is false. */
function dish(code: string, contains: boolean): MenuProduct {
  const found = catalogue.find(
    (product) =>
      product.type === 'comida' &&
      product.isMenu === 'NO' &&
      product.isUnitary === 'NO' &&
      product.productOptions.every((type) => type.minChoices === 0) &&
      product.allergens.some((allergen) => allergen.code === code) === contains,
  );
  if (!found) throw new Error(`no dish ${contains ? 'with' : 'without'} ${code}`);
  return found;
}

async function floorReservation(id: number): Promise<FloorReservation> {
  const day = await as('sala', '/world/api/reservation/getbyday', {});
  expect(day.statusCode, day.body).toBe(200);
  return (day.json() as { reservations: FloorReservation[] }).reservations.find((row) => row.id === id)!;
}

async function kitchenItems(reservationId: number) {
  const board = await as('cocina', '/world/api/productorder/get-by-role', {});
  expect(board.statusCode, board.body).toBe(200);
  return (board.json() as GetByRoleResponse).groups
    .flatMap((group) => group.items)
    .filter((item) => item.reservationInfo.id === reservationId);
}

describe("a table's allergies", () => {
  it('declared on a phone: named in the notification, on every kitchen ticket and the tile, the clashing dish flagged', async () => {
    const table = await givenSeatedTable(t, v);
    const list = await call(t, 'demo', { method: 'GET', url: '/world/api/allergens/list' });
    const gluten = (list.json() as { allergens: { id: number; code: string }[] }).allergens.find(
      (allergen) => allergen.code === 'gluten',
    )!;
    const declared = await post(t, 'demo', '/world/api/user/updateallergens', {
      uid: table.guestUid,
      allergensId: [gluten.id],
    });
    expect(declared.statusCode, declared.body).toBe(200);
    const notices = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/notifications',
      token: v.tokens.sala,
    });
    const notice = (notices.json() as { pending: Notification[] }).pending.find(
      (row) => row.type === 'call_staff' && row.reservations[0]?.id === table.reservationId,
    );
    expect(notice?.data.allergenNames).toEqual(['Gluten']);

    const withGluten = dish('gluten', true);
    const withoutGluten = dish('gluten', false);
    const ordered = await as('sala', '/world/api/cartsession/createcartsessionorder', {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [withGluten, withoutGluten].map((product) => ({
        sku: product.sku,
        options: [],
        orderQuantity: 1,
      })),
    });
    expect(ordered.statusCode, ordered.body).toBe(201);

    const items = await kitchenItems(table.reservationId);
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items)
      expect(item.reservationInfo.allergies.allergens.map((allergen) => allergen.name)).toEqual(['Gluten']);
    const bySku = new Map(items.map((item) => [item.productSku, item]));
    expect(bySku.get(withGluten.sku)?.allergenClash.map((allergen) => allergen.code)).toEqual(['gluten']);
    expect(bySku.get(withoutGluten.sku)?.allergenClash).toEqual([]);

    const tile = await floorReservation(table.reservationId);
    expect(tile.allergies.allergens.map((allergen) => allergen.code)).toEqual(['gluten']);
  });

  it("declared by staff with a dietary note, refused with an unknown allergen, and the booking's comment carried", async () => {
    const table = await givenSeatedTable(t, v);
    // As a booking made on /reservar with "Celíaca" in its comments.
    await t.ctx.db
      .update(reservations)
      .set({ guestComments: 'Celíaca' })
      .where(eq(reservations.id, table.reservationId));
    const list = await call(t, 'demo', { method: 'GET', url: '/world/api/allergens/list' });
    const milk = (list.json() as { allergens: { id: number; code: string }[] }).allergens.find(
      (allergen) => allergen.code === 'milk',
    )!;
    const refused = await as('sala', '/world/reservation/update-allergies', {
      reservationWid: table.wid,
      allergensId: [9999],
      dietaryNotes: null,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Hay datos que no son válidos.' });

    const saved = await as('sala', '/world/reservation/update-allergies', {
      reservationWid: table.wid,
      allergensId: [milk.id],
      dietaryNotes: '  Sin lactosa  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = await floorReservation(table.reservationId);
    // The note staff took is an allergy note; what the guest wrote on the booking travels apart.
    expect(view.allergies).toEqual({
      allergens: [{ id: milk.id, code: 'milk', name: 'Lácteos' }],
      notes: ['Sin lactosa'],
      bookingComment: 'Celíaca',
    });
    expect(view.staffAllergenIds).toEqual([milk.id]);

    // Another venue's staff cannot reach this table (SEC-01).
    const foreign = await post(
      t,
      'otra',
      '/world/reservation/update-allergies',
      { reservationWid: table.wid, allergensId: [], dietaryNotes: null },
      { token: v.other.tokens.admin },
    );
    expect(foreign.statusCode).toBe(404);
  });
});
