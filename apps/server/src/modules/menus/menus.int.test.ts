import zlib from 'node:zlib';
import { menuGetResponseSchema } from '@sobremesa/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, options, products, realtimeEvents } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { demoMenu, givenOrderingVenues, post, productsOf, type OrderingVenues } from './ordering.fixtures.ts';

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
});
afterAll(() => t.close());

async function productBySku(sku: string) {
  const [row] = await t.ctx.db
    .select()
    .from(products)
    .where(and(eq(products.venueId, v.demo.id), eq(products.sku, sku)));
  if (!row) throw new Error(`no ${sku}`);
  return row;
}

async function latestEvent() {
  const [row] = await t.ctx.db
    .select()
    .from(realtimeEvents)
    .where(eq(realtimeEvents.venueId, v.demo.id))
    .orderBy(desc(realtimeEvents.seq))
    .limit(1);
  return row;
}

describe('menu/get', () => {
  it('travels compressed to a phone that accepts it, and plain to a client that does not', async () => {
    const plain = await post(t, 'demo', '/world/api/menu/get', {});
    const brotli = await post(
      t,
      'demo',
      '/world/api/menu/get',
      {},
      { headers: { 'accept-encoding': 'br, gzip' } },
    );
    const gzip = await post(t, 'demo', '/world/api/menu/get', {}, { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('returns the menus tree with the spec fields, in the caller language', async () => {
    const menu = menuGetResponseSchema.parse(await demoMenu(t, 'en'));
    expect(menu.result).toBe(0);
    expect(menu.menus.length).toBeGreaterThan(1);
    expect(menu.menus.map((entry) => entry.sortOrderCustomer)).toEqual(
      [...menu.menus.map((entry) => entry.sortOrderCustomer)].sort((a, b) => a - b),
    );
    expect(menu.dishClasses.map((entry) => entry.name)).toContain('Drinks');
    const all = productsOf(menu);
    const croquetas = all.find((product) => product.sku === 'ENT-01');
    expect(croquetas).toMatchObject({
      name: 'Iberian ham croquettes',
      isUnitary: 'SI',
      servingQtyMin: 4,
      topChoice: 'SI',
      isMenu: 'NO',
      type: 'comida',
      priceCents: 200,
    });
    expect(croquetas?.allergens.map((allergen) => allergen.code)).toEqual(
      expect.arrayContaining(['gluten', 'milk', 'eggs']),
    );
    const dayMenu = all.find((product) => product.sku === 'MDD-00');
    expect(dayMenu?.isMenu).toBe('SI');
    expect(dayMenu?.menuCourses.length).toBe(4);
    expect(menu.optionTypePriceModifiers.some((entry) => entry.priceModifierCents > 0)).toBe(true);
    // No empty category and no invisible product reaches a guest.
    const empty = menu.menus.flatMap((entry) =>
      entry.menuCategories.filter(
        (category) => category.products.length === 0 && category.children.length === 0,
      ),
    );
    expect(empty).toEqual([]);
    expect(all.every((product) => product.isVisible)).toBe(true);
  });

  it('shows guests only options with enabled >= 1', async () => {
    const [option] = await t.ctx.db.select().from(options).where(eq(options.venueId, v.demo.id)).limit(1);
    await t.ctx.db.update(options).set({ enabled: false }).where(eq(options.id, option!.id));
    const menu = await demoMenu(t);
    const shown = productsOf(menu).flatMap((product) =>
      product.productOptions.flatMap((type) => type.options),
    );
    expect(shown.some((entry) => entry.id === option!.id)).toBe(false);
    expect(shown.every((entry) => entry.enabled >= 1)).toBe(true);
    await t.ctx.db.update(options).set({ enabled: true }).where(eq(options.id, option!.id));
  });

  it('refuses bad input and a foreign capability', async () => {
    expect((await post(t, 'demo', '/world/api/menu/get', { menuId: 'x' })).statusCode).toBe(400);
    expect((await post(t, 'demo', '/world/api/menu/get', { extra: 1 })).statusCode).toBe(400);
    expect((await post(t, 'demo', '/world/api/menu/get', { menuId: 999999 })).statusCode).toBe(404);
    expect((await post(t, 'demo', '/world/api/menu/get', { uid: 'x'.repeat(43) })).statusCode).toBe(401);
    // The other venue has no menus of the demo: its menu/get is simply empty.
    const other = await post(t, 'otra', '/world/api/menu/get', {});
    expect(other.statusCode).toBe(200);
    expect(other.json().menus).toEqual([]);
  });
});

describe('product/menu/*', () => {
  it('lists every product for staff, invisible ones too', async () => {
    const response = await post(t, 'demo', '/world/api/product/menu/get', {}, { token: v.tokens.sala });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().menuProducts as { sku: string; isVisible: boolean }[];
    expect(list.length).toBeGreaterThan(40);
    expect(list.some((product) => !product.isVisible)).toBe(true);
    expect((await post(t, 'demo', '/world/api/product/menu/get', {})).statusCode).toBe(401);
  });

  it('marks a dish unavailable: guests see it marked and staff screens hear it', async () => {
    const bravas = await productBySku('ENT-02');
    const url = '/world/api/product/menu/update-availability-product';
    const response = await post(
      t,
      'demo',
      url,
      { productId: bravas.id, available: false },
      { token: v.tokens.cocina },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ result: 0, available: false });
    expect(await latestEvent()).toMatchObject({
      topic: 'menu.product.changed',
      payload: expect.objectContaining({ productId: bravas.id, available: false }),
    });
    const guestView = productsOf(await demoMenu(t)).find((product) => product.sku === 'ENT-02');
    expect(guestView?.available).toBe(false);
    await post(t, 'demo', url, { productId: bravas.id, available: 1 }, { token: v.tokens.cocina });
    expect((await productBySku('ENT-02')).available).toBe(true);
  });

  it('refuses bad input, other venues ids and roles the matrix does not allow', async () => {
    const bravas = await productBySku('ENT-02');
    const url = '/world/api/product/menu/update-availability-product';
    expect((await post(t, 'demo', url, { productId: bravas.id }, { token: v.tokens.sala })).statusCode).toBe(
      400,
    );
    expect(
      (await post(t, 'demo', url, { productId: bravas.id, available: 'no' }, { token: v.tokens.sala }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          t,
          'otra',
          url,
          { productId: bravas.id, available: false },
          { token: v.other.tokens.staff },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await post(t, 'demo', url, { productId: bravas.id, available: false }, { token: v.tokens.tpv }))
        .statusCode,
    ).toBe(403);
    const top = '/world/api/product/menu/update-top-choice-product';
    expect(
      (await post(t, 'demo', top, { productId: bravas.id, topChoice: true }, { token: v.tokens.sala }))
        .statusCode,
    ).toBe(403);
    const ok = await post(
      t,
      'demo',
      top,
      { productId: bravas.id, topChoice: true },
      { token: v.tokens.sala1 },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await productBySku('ENT-02')).topChoice).toBe(true);
  });

  it('edits a product (day menu editing) and audits a price change', async () => {
    const bravas = await productBySku('ENT-02');
    const url = '/world/api/product/menu/update';
    const response = await post(
      t,
      'demo',
      url,
      { menuProduct: { id: bravas.id, priceCents: 700, name: 'Bravas de la casa' } },
      { token: v.tokens.admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().menuProduct).toMatchObject({ priceCents: 700, name: 'Bravas de la casa' });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.venueId, v.demo.id), eq(auditLog.action, 'product.price_change')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { priceCents: 650 },
      after: { priceCents: 700 },
      actorRole: 'admin',
    });
    expect(
      (
        await post(
          t,
          'demo',
          url,
          { menuProduct: { id: bravas.id, priceCents: 1.5 } },
          { token: v.tokens.admin },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          t,
          'demo',
          url,
          { menuProduct: { id: bravas.id, priceCents: 100 } },
          { token: v.tokens.pasante },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          t,
          'demo',
          url,
          { menuProduct: { id: bravas.id, categoryIds: [999999] } },
          { token: v.tokens.admin },
        )
      ).statusCode,
    ).toBe(404);
    await post(
      t,
      'demo',
      url,
      { menuProduct: { id: bravas.id, priceCents: 650 } },
      { token: v.tokens.admin },
    );
  });
});
