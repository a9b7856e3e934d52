import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminMenusResponseSchema, type AdminProductInput } from '@sobremesa/contracts';
import {
  auditLog,
  menuCategories,
  menus,
  productOrders,
  products,
  realtimeEvents,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  releaseDemoTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * The menus section of the admin area (issue 22 item 4, decision 060): admin only, per venue, every
 * write validated, audited and announced; a product with orders is archived, a stale edit refused, and a
 * new price reaches new orders only.
 */
let t: TestApp;
let v: OrderingVenues;
let otraProductId: number;
let otraCategoryId: number;

const MENUS = '/world/api/admin/menus';
const CATEGORIES = '/world/api/admin/menu-categories';
const PRODUCTS = '/world/api/admin/products';
const OPTION_TYPES = '/world/api/admin/option-types';
const TRANSLATIONS = '/world/api/admin/translations';
const ORDER = '/world/api/admin/menu-order';

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  const [menu] = await t.ctx.db
    .insert(menus)
    .values({ venueId: v.other.venue.id, name: 'Carta otra', menuTypeName: 'carta' })
    .returning();
  const [category] = await t.ctx.db
    .insert(menuCategories)
    .values({ venueId: v.other.venue.id, menuId: menu!.id, name: 'Entrantes otra' })
    .returning();
  const [product] = await t.ctx.db
    .insert(products)
    .values({
      venueId: v.other.venue.id,
      sku: 'otra-1',
      name: 'Plato otra',
      priceCents: 500,
      vatRateBp: 1000,
    })
    .returning();
  otraProductId = product!.id;
  otraCategoryId = category!.id;
});
afterEach(() => releaseDemoTables(t, v));
afterAll(() => t.close());

const admin = (url: string, payload: object) => post(t, 'demo', url, payload, { token: v.tokens.admin });
const editor = async () => {
  const response = await call(t, 'demo', { method: 'GET', url: MENUS, token: v.tokens.admin });
  expect(response.statusCode, response.body).toBe(200);
  return adminMenusResponseSchema.parse(response.json());
};
const audits = (action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, v.demo.id), eq(auditLog.action, action)));

function productInput(overrides: Partial<AdminProductInput> = {}): AdminProductInput {
  return {
    name: 'Producto de prueba',
    description: '',
    priceCents: 900,
    vatRateBp: 1000,
    type: 'comida',
    isMenu: false,
    dishClassId: null,
    topChoice: false,
    isVisible: true,
    isUnitary: false,
    servingQtyMin: 1,
    unitaryIncrement: 1,
    allergens: [],
    categoryIds: [],
    optionTypeIds: [],
    ...overrides,
  };
}

async function created(url: string, payload: object): Promise<number> {
  const response = await admin(url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: number }).id;
}

async function givenCategory(name: string): Promise<{ menuId: number; categoryId: number }> {
  const menuId = await created(MENUS, { name: `Carta ${name}`, kind: 'carta' });
  const categoryId = await created(CATEGORIES, { menuId, parentId: null, name });
  return { menuId, categoryId };
}

async function givenProduct(overrides: Partial<AdminProductInput> = {}) {
  const id = await created(PRODUCTS, productInput(overrides));
  const product = (await editor()).products.find((row) => row.id === id);
  if (!product) throw new Error('created product missing');
  return product;
}

async function order(sku: string, reservationId?: number) {
  const table = reservationId ?? (await givenSeatedTable(t, v)).reservationId;
  const response = await post(
    t,
    'demo',
    '/world/api/cartsession/createcartsessionorder',
    {
      orderInfo: { reservationId: table, source: 1 },
      products: [{ sku, orderQuantity: 1, options: [] }],
    },
    { token: v.tokens.sala },
  );
  return { response, reservationId: table };
}

describe('admin menu calls: access', () => {
  const writes: [string, object][] = [
    [MENUS, { name: 'X', kind: 'carta' }],
    [`${MENUS}/1`, { name: 'X', kind: 'carta' }],
    [`${MENUS}/1/remove`, {}],
    [CATEGORIES, { menuId: 1, name: 'X' }],
    [`${CATEGORIES}/1`, { menuId: 1, name: 'X' }],
    [`${CATEGORIES}/1/remove`, {}],
    [PRODUCTS, productInput()],
    [`${PRODUCTS}/1`, productInput({ version: 'x' })],
    [`${PRODUCTS}/1/remove`, {}],
    [`${PRODUCTS}/1/courses`, { courses: [] }],
    [OPTION_TYPES, { name: 'X' }],
    [`${OPTION_TYPES}/1`, { name: 'X' }],
    [`${OPTION_TYPES}/1/remove`, {}],
    [TRANSLATIONS, { key: 'menu.1.name', values: { en: 'X' } }],
    [ORDER, { list: 'menus', ids: [] }],
  ];

  it.each(['sala', 'cocina', 'barra', 'tpv', 'pasante'] as const)(
    'refuses %s on every call (403)',
    async (role) => {
      const read = await call(t, 'demo', { method: 'GET', url: MENUS, token: v.tokens[role] });
      expect(read.statusCode).toBe(403);
      for (const [url, payload] of writes) {
        const response = await post(t, 'demo', url, payload, { token: v.tokens[role] });
        expect(response.statusCode, `${url} ${response.body}`).toBe(403);
      }
    },
  );

  it('refuses a caller without a session (401)', async () => {
    expect((await call(t, 'demo', { method: 'GET', url: MENUS })).statusCode).toBe(401);
    expect((await post(t, 'demo', MENUS, { name: 'X', kind: 'carta' })).statusCode).toBe(401);
  });

  it("answers 404 for another venue's rows, in the path or in the body", async () => {
    const { categoryId, menuId } = await givenCategory('Ajena');
    const ours = await givenProduct();
    const cases: [string, object][] = [
      [`${PRODUCTS}/${otraProductId}`, productInput({ version: ours.version })],
      [`${PRODUCTS}/${otraProductId}/remove`, {}],
      [`${PRODUCTS}/${otraProductId}/courses`, { courses: [] }],
      [`${CATEGORIES}/${otraCategoryId}`, { menuId, name: 'X' }],
      [`${CATEGORIES}/${otraCategoryId}/remove`, {}],
      [CATEGORIES, { menuId, parentId: otraCategoryId, name: 'X' }],
      [PRODUCTS, productInput({ categoryIds: [categoryId, otraCategoryId] })],
      [`${PRODUCTS}/${ours.id}`, productInput({ version: ours.version, categoryIds: [otraCategoryId] })],
      [TRANSLATIONS, { key: `product.${otraProductId}.name`, values: { en: 'Stolen' } }],
      [ORDER, { list: 'products', categoryId: otraCategoryId, ids: [otraProductId] }],
    ];
    for (const [url, payload] of cases) {
      const response = await admin(url, payload);
      expect(response.statusCode, `${url} ${response.body}`).toBe(404);
    }
    const [foreign] = await t.ctx.db.select().from(products).where(eq(products.id, otraProductId));
    expect(foreign?.name).toBe('Plato otra');
  });
});

describe('admin menu calls: input', () => {
  it('names every refused field, in the caller language', async () => {
    const response = await post(
      t,
      'demo',
      PRODUCTS,
      { ...productInput({ name: ' ', priceCents: -5 }), vatRateBp: 1500 },
      { token: v.tokens.admin, headers: { 'x-locale': 'en' } },
    );
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; fields: { path: string }[] };
    expect(body.fields.map((field) => field.path).sort()).toEqual(['name', 'priceCents', 'vatRateBp']);
    expect(body.message).not.toMatch(/campos|datos/i);
  });

  it('refuses unknown fields, unknown kinds and a unit rule on a product sold whole', async () => {
    for (const [url, payload, path] of [
      [MENUS, { name: 'X', kind: 'tapas' }, 'kind'],
      [MENUS, { name: 'X', kind: 'carta', extra: 1 }, 'extra'],
      [PRODUCTS, productInput({ servingQtyMin: 6 }), 'isUnitary'],
      [OPTION_TYPES, { name: 'Punto', minChoices: 3, maxChoices: 1 }, 'maxChoices'],
      [TRANSLATIONS, { key: 'venue.1.name', values: { en: 'X' } }, 'key'],
    ] as const) {
      const response = await admin(url, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { fields: { path: string }[] }).fields.map((field) => field.path)).toContain(
        path,
      );
    }
  });

  it('refuses a category placed inside itself', async () => {
    const { menuId, categoryId } = await givenCategory('Ciclo');
    const child = await created(CATEGORIES, { menuId, parentId: categoryId, name: 'Hija' });
    const response = await admin(`${CATEGORIES}/${categoryId}`, { menuId, parentId: child, name: 'Ciclo' });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { fields: { path: string }[] }).fields[0]?.path).toBe('parentId');
  });

  it('refuses an order that is not exactly the list it reorders', async () => {
    const { menuId, categoryId } = await givenCategory('Orden');
    const response = await admin(ORDER, {
      list: 'categories',
      menuId,
      parentId: null,
      ids: [categoryId, 99999],
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('building a menu', () => {
  it('creates a menu, nested categories and translated products that guests see in their language', async () => {
    const { menuId, categoryId } = await givenCategory('Raciones admin');
    const subId = await created(CATEGORIES, { menuId, parentId: categoryId, name: 'Frituras admin' });
    const [gluten] = (await editor()).allergens.filter((row) => row.code === 'gluten');
    const product = await givenProduct({
      name: 'Croquetas admin',
      description: 'De jamón',
      priceCents: 1150,
      categoryIds: [subId],
      allergens: [{ allergenId: gluten!.id, mayContainTraces: false }],
      isUnitary: true,
      servingQtyMin: 6,
      unitaryIncrement: 2,
    });
    const translated = await admin(TRANSLATIONS, {
      key: `product.${product.id}.name`,
      values: { en: 'Admin croquettes', de: 'Admin-Kroketten' },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    await admin(TRANSLATIONS, { key: `menu.${menuId}.name`, values: { en: 'Admin menu' } });

    const english = await demoMenu(t, 'en');
    const menu = english.menus.find((row) => row.id === menuId);
    expect(menu?.name).toBe('Admin menu');
    expect(menu?.menuCategories[0]?.children[0]?.products[0]).toMatchObject({
      name: 'Admin croquettes',
      priceCents: 1150,
      isUnitary: 'SI',
      servingQtyMin: 6,
      unitaryIncrement: 2,
      allergens: [{ code: 'gluten' }],
    });
    const spanish = productsOf(await demoMenu(t, 'es')).find((row) => row.id === product.id);
    expect(spanish?.name).toBe('Croquetas admin');

    const view = await editor();
    expect(view.translations[`product.${product.id}.name`]).toMatchObject({
      es: 'Croquetas admin',
      en: 'Admin croquettes',
      de: 'Admin-Kroketten',
    });
    expect(view.categories.find((row) => row.id === subId)).toMatchObject({
      parentId: categoryId,
      productIds: [product.id],
    });
    expect((await audits('product.create')).some((row) => row.entityId === String(product.id))).toBe(true);
    const topics = (
      await t.ctx.db.select().from(realtimeEvents).where(eq(realtimeEvents.venueId, v.demo.id))
    ).map((row) => row.topic);
    expect(topics).toContain('menu.changed');
    expect(topics).toContain('menu.product.changed');
  });

  it('a Spanish translation is the row name too', async () => {
    const { menuId, categoryId } = await givenCategory('Postres admin');
    const response = await admin(TRANSLATIONS, {
      key: `category.${categoryId}.name`,
      values: { es: 'Dulces' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await editor()).categories.find((row) => row.id === categoryId)?.name).toBe('Dulces');
    expect((await admin(TRANSLATIONS, { key: `menu.${menuId}.name`, values: { es: '' } })).statusCode).toBe(
      400,
    );
  });

  it('reorders categories and a category products', async () => {
    const { menuId, categoryId } = await givenCategory('Orden A');
    const second = await created(CATEGORIES, { menuId, parentId: null, name: 'Orden B' });
    const first = await givenProduct({ name: 'Primero', categoryIds: [categoryId] });
    const last = await givenProduct({ name: 'Segundo', categoryIds: [categoryId] });
    expect((await editor()).categories.find((row) => row.id === categoryId)?.productIds).toEqual([
      first.id,
      last.id,
    ]);

    const categoriesMoved = await admin(ORDER, {
      list: 'categories',
      menuId,
      parentId: null,
      ids: [second, categoryId],
    });
    expect(categoriesMoved.statusCode, categoriesMoved.body).toBe(200);
    const productsMoved = await admin(ORDER, { list: 'products', categoryId, ids: [last.id, first.id] });
    expect(productsMoved.statusCode, productsMoved.body).toBe(200);

    const view = await editor();
    expect(
      view.categories.filter((row) => row.menuId === menuId && row.parentId === null).map((row) => row.id),
    ).toEqual([second, categoryId]);
    expect(view.categories.find((row) => row.id === categoryId)?.productIds).toEqual([last.id, first.id]);
  });

  it('keeps option types with their price modifiers, and a set menu with courses and supplements', async () => {
    const typeId = await created(OPTION_TYPES, {
      name: 'Punto admin',
      minChoices: 1,
      maxChoices: 1,
      options: [
        { name: 'Poco hecho', priceModifierCents: 0 },
        { name: 'Con foie', priceModifierCents: 350 },
      ],
    });
    const dish = await givenProduct({ name: 'Entrecot admin', optionTypeIds: [typeId] });
    let view = await editor();
    const type = view.optionTypes.find((row) => row.id === typeId);
    expect(type?.options.map((row) => row.priceModifierCents)).toEqual([0, 350]);
    expect(view.products.find((row) => row.id === dish.id)?.optionTypeIds).toEqual([typeId]);

    const kept = type!.options[1]!;
    const updated = await admin(`${OPTION_TYPES}/${typeId}`, {
      name: 'Punto admin',
      minChoices: 0,
      maxChoices: 1,
      options: [{ id: kept.id, name: 'Con foie', priceModifierCents: 400 }],
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const setMenu = await givenProduct({ name: 'Menú admin', isMenu: true, priceCents: 1600 });
    const courses = await admin(`${PRODUCTS}/${setMenu.id}/courses`, {
      courses: [
        {
          name: 'Primeros',
          minChoices: 1,
          maxChoices: 1,
          items: [{ productId: dish.id, supplementCents: 500 }],
        },
      ],
    });
    expect(courses.statusCode, courses.body).toBe(200);
    view = await editor();
    expect(view.optionTypes.find((row) => row.id === typeId)?.options).toEqual([
      { id: kept.id, name: 'Con foie', priceModifierCents: 400, enabled: true },
    ]);
    expect(view.products.find((row) => row.id === setMenu.id)?.courses).toEqual([
      expect.objectContaining({
        name: 'Primeros',
        items: [{ productId: dish.id, categoryId: null, supplementCents: 500 }],
      }),
    ]);
    const notMenu = await admin(`${PRODUCTS}/${dish.id}/courses`, { courses: [] });
    expect(notMenu.statusCode).toBe(400);
  });
});

describe('guard rails', () => {
  it('refuses a stale edit (409) and lets exactly one of two concurrent edits through', async () => {
    const product = await givenProduct({ name: 'Concurrente' });
    const [a, b] = await Promise.all([
      admin(`${PRODUCTS}/${product.id}`, productInput({ name: 'Versión A', version: product.version })),
      admin(`${PRODUCTS}/${product.id}`, productInput({ name: 'Versión B', version: product.version })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Versión A' : 'Versión B';
    const loser = a.statusCode === 409 ? a : b;
    expect((loser.json() as { code: string }).code).toBe('CONFLICT');
    expect((await editor()).products.find((row) => row.id === product.id)?.name).toBe(winner);

    const stale = await admin(`${PRODUCTS}/${product.id}`, productInput({ version: product.version }));
    expect(stale.statusCode).toBe(409);
    const missing = await admin(`${PRODUCTS}/${product.id}`, productInput());
    expect(missing.statusCode).toBe(400);
  });

  it('deletes a product never ordered', async () => {
    const product = await givenProduct({ name: 'Sin pedidos' });
    const response = await admin(`${PRODUCTS}/${product.id}/remove`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { removal: string }).removal).toBe('deleted');
    expect(await t.ctx.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(await audits('product.remove')).toHaveLength(1);
  });

  it('archives a product with orders: kept for history, gone from menus and ordering', async () => {
    const { categoryId } = await givenCategory('Archivo');
    const product = await givenProduct({ name: 'Con pedidos', categoryIds: [categoryId] });
    const first = await order(product.sku);
    expect(first.response.statusCode, first.response.body).toBe(201);

    const response = await admin(`${PRODUCTS}/${product.id}/remove`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { removal: string }).removal).toBe('archived');

    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    const lines = await t.ctx.db.select().from(productOrders).where(eq(productOrders.productId, product.id));
    expect(lines.map((line) => line.productName)).toEqual(['Con pedidos']);
    expect(productsOf(await demoMenu(t)).some((entry) => entry.id === product.id)).toBe(false);
    expect((await editor()).products.some((entry) => entry.id === product.id)).toBe(false);
    expect((await order(product.sku, first.reservationId)).response.statusCode).not.toBe(201);
    expect((await admin(`${PRODUCTS}/${product.id}/remove`, {})).statusCode).toBe(404);
    expect(await audits('product.archive')).toHaveLength(1);
  });

  it('a price change reaches new orders only: lines ordered before keep their price', async () => {
    const product = await givenProduct({ name: 'Precio cambiante', priceCents: 900 });
    const before = await order(product.sku);
    expect(before.response.statusCode, before.response.body).toBe(201);

    const repriced = await admin(
      `${PRODUCTS}/${product.id}`,
      productInput({ name: 'Precio cambiante', priceCents: 1200, vatRateBp: 2100, version: product.version }),
    );
    expect(repriced.statusCode, repriced.body).toBe(200);
    const after = await order(product.sku, before.reservationId);
    expect(after.response.statusCode, after.response.body).toBe(201);

    const lines = await t.ctx.db
      .select({ priceCents: productOrders.priceCents, vatRateBp: productOrders.vatRateBp })
      .from(productOrders)
      .where(eq(productOrders.productId, product.id))
      .orderBy(productOrders.id);
    expect(lines).toEqual([
      { priceCents: 900, vatRateBp: 1000 },
      { priceCents: 1200, vatRateBp: 2100 },
    ]);
    const [audit] = (await audits('product.price_change')).filter(
      (row) => row.entityId === String(product.id),
    );
    expect(audit?.before).toMatchObject({ priceCents: 900, vatRateBp: 1000 });
    expect(audit?.after).toMatchObject({ priceCents: 1200, vatRateBp: 2100 });
  });
});
