import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminMenusResponseSchema, type AdminProductInput } from '@sobremesa/contracts';
import { options, productOrders, products } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  releaseDemoTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * A dish never costs less than nothing (decision 078): every save of the menu that would let some choice
 * of options price a dish below 0 € is refused at the field that did it, in the admin's language, and
 * nothing is written; an order of a dish whose stored options still allow it is refused, not priced at 0 €.
 */
let t: TestApp;
let v: OrderingVenues;

const PRODUCTS = '/world/api/admin/products';
const OPTION_TYPES = '/world/api/admin/option-types';

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
});
afterEach(() => releaseDemoTables(t, v));
afterAll(() => t.close());

const admin = (url: string, payload: object, locale = 'es') =>
  post(t, 'demo', url, payload, { token: v.tokens.admin, headers: { 'x-locale': locale } });

async function editor() {
  const response = await call(t, 'demo', {
    method: 'GET',
    url: '/world/api/admin/menus',
    token: v.tokens.admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminMenusResponseSchema.parse(response.json());
}

function productInput(overrides: Partial<AdminProductInput>): AdminProductInput {
  return {
    name: 'Plato',
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

interface OptionTypeBody {
  name: string;
  minChoices: number;
  maxChoices: number;
  options: { id?: number; name: string; priceModifierCents: number }[];
}

async function created(url: string, payload: object): Promise<number> {
  const response = await admin(url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: number }).id;
}

/** A dish offering one optional discount (a type of a single option), both created through the editor. */
async function dishWithDiscount(
  dish: { name: string; priceCents: number },
  discount: { type: string; option: string; cents: number },
): Promise<{ typeId: number; dishId: number }> {
  const typeId = await created(OPTION_TYPES, {
    name: discount.type,
    minChoices: 0,
    maxChoices: 1,
    options: [{ name: discount.option, priceModifierCents: discount.cents }],
  });
  const dishId = await created(PRODUCTS, productInput({ ...dish, optionTypeIds: [typeId] }));
  return { typeId, dishId };
}

/** An option type as stored, its options with their ids, ready to be sent back changed. */
async function storedType(id: number): Promise<OptionTypeBody> {
  const type = (await editor()).optionTypes.find((row) => row.id === id)!;
  return {
    name: type.name,
    minChoices: type.minChoices,
    maxChoices: type.maxChoices,
    options: type.options.map(({ id: optionId, name, priceModifierCents }) => ({
      id: optionId,
      name,
      priceModifierCents,
    })),
  };
}

async function storedProduct(id: number) {
  return (await editor()).products.find((row) => row.id === id)!;
}

/** The product's form as stored, with `changes`, sent on the version it was read at. */
async function edited(id: number, changes: Partial<AdminProductInput>): Promise<AdminProductInput> {
  const product = await storedProduct(id);
  return productInput({
    version: product.version,
    name: product.name,
    priceCents: product.priceCents,
    optionTypeIds: product.optionTypeIds,
    ...changes,
  });
}

/** What a refusal says: the status, the message, the refused fields. */
function refusal(response: { statusCode: number; json: () => unknown }) {
  const body = response.json() as {
    code: string;
    message: string;
    fields?: { path: string; message: string }[];
  };
  return { status: response.statusCode, code: body.code, message: body.message, fields: body.fields ?? [] };
}

describe('saving an option type', () => {
  it('refuses a discount that would make a 65 € dish cost less than nothing, at that discount', async () => {
    const garnish = await created(OPTION_TYPES, {
      name: 'Guarnición PF',
      minChoices: 0,
      maxChoices: 1,
      options: [
        { name: 'Con patatas', priceModifierCents: 0 },
        { name: 'Sin guarnición', priceModifierCents: -200 },
      ],
    });
    const steak = await created(
      PRODUCTS,
      productInput({ name: 'Chuletón PF', priceCents: 6500, optionTypeIds: [garnish] }),
    );
    const type = await storedType(garnish);
    const tooMuch = {
      ...type,
      options: [type.options[0]!, { ...type.options[1]!, priceModifierCents: -100_000 }],
    };

    const refused = refusal(await admin(`${OPTION_TYPES}/${garnish}`, tooMuch));
    expect(refused).toEqual({
      status: 409,
      code: 'CONFLICT',
      message:
        'Con sus opciones, «Chuletón PF» podría costar -935,00 €, y un plato nunca cuesta menos de 0 €. Sube su precio o rebaja el descuento de la opción.',
      fields: [
        {
          path: 'options.1.priceModifierCents',
          message: 'Con estas opciones, «Chuletón PF» podría costar menos de 0 €',
        },
      ],
    });
    // The admin reading English reads it in English, the field too.
    const english = refusal(await admin(`${OPTION_TYPES}/${garnish}`, tooMuch, 'en'));
    expect(english.message).toMatch(/^With its options, “Chuletón PF” could cost -935,00 €/);
    expect(english.fields[0]?.message).toBe('With these options, “Chuletón PF” could cost less than €0');
    expect((await storedType(garnish)).options[1]?.priceModifierCents).toBe(-200);

    // A real half portion is fine: the dish still costs 59 € at least.
    const halfPortion = {
      ...type,
      options: [...type.options, { name: 'Media ración', priceModifierCents: -600 }],
    };
    expect((await admin(`${OPTION_TYPES}/${garnish}`, halfPortion)).statusCode).toBe(200);
    expect((await storedProduct(steak)).priceCents).toBe(6500);
  });

  it('counts every discount a guest may take at once: raising the maximum can be refused too', async () => {
    const extras = await created(OPTION_TYPES, {
      name: 'Sin extras PF',
      minChoices: 0,
      maxChoices: 1,
      options: [
        { name: 'Sin queso', priceModifierCents: -300 },
        { name: 'Sin bacon', priceModifierCents: -400 },
        { name: 'Con huevo', priceModifierCents: 100 },
      ],
    });
    await created(
      PRODUCTS,
      productInput({ name: 'Hamburguesa PF', priceCents: 500, optionTypeIds: [extras] }),
    );
    const type = await storedType(extras);
    const refused = refusal(await admin(`${OPTION_TYPES}/${extras}`, { ...type, maxChoices: 2 }));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('«Hamburguesa PF» podría costar -2,00 €');
    expect(refused.fields.map((field) => field.path)).toEqual([
      'options.0.priceModifierCents',
      'options.1.priceModifierCents',
    ]);
    expect((await storedType(extras)).maxChoices).toBe(1);
  });

  it('refuses removing a type a guest must pick from when it held another discount above 0 €', async () => {
    const size = await created(OPTION_TYPES, {
      name: 'Tamaño PF',
      minChoices: 1,
      maxChoices: 1,
      options: [
        { name: 'Caña', priceModifierCents: 200 },
        { name: 'Pinta', priceModifierCents: 400 },
      ],
    });
    const without = await created(OPTION_TYPES, {
      name: 'Sin alcohol PF',
      minChoices: 0,
      maxChoices: 1,
      options: [{ name: 'Sin alcohol', priceModifierCents: -150 }],
    });
    await created(
      PRODUCTS,
      productInput({ name: 'Cerveza PF', priceCents: 0, optionTypeIds: [size, without] }),
    );
    const optional = { ...(await storedType(size)), minChoices: 0 };
    const refused = refusal(await admin(`${OPTION_TYPES}/${size}`, optional));
    expect(refused.status).toBe(409);
    expect(refused.fields.map((field) => field.path)).toEqual(['options']);
    const removal = refusal(await admin(`${OPTION_TYPES}/${size}/remove`, {}));
    expect(removal.status).toBe(409);
    expect(removal.message).toContain('«Cerveza PF» podría costar -1,50 €');
    expect((await editor()).optionTypes.some((row) => row.id === size)).toBe(true);
  });
});

describe('saving a product', () => {
  it('refuses a price its options would take below 0 €, at the price', async () => {
    const { dishId: id } = await dishWithDiscount(
      { name: 'Bocadillo PF', priceCents: 500 },
      { type: 'Sin pan PF', option: 'Sin pan', cents: -400 },
    );
    const refused = refusal(await admin(`${PRODUCTS}/${id}`, await edited(id, { priceCents: 300 })));
    expect(refused.status).toBe(409);
    expect(refused.fields).toEqual([
      { path: 'priceCents', message: 'Con estas opciones, «Bocadillo PF» podría costar menos de 0 €' },
    ]);
    expect((await storedProduct(id)).priceCents).toBe(500);
    // The price that still covers the discount, 4 €, is saved: a dish may come to exactly 0 €.
    const fine = await admin(`${PRODUCTS}/${id}`, await edited(id, { priceCents: 400 }));
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses attaching option types that would take it below 0 €, at the options, and creating one so', async () => {
    const without = await created(OPTION_TYPES, {
      name: 'Sin postre PF',
      minChoices: 0,
      maxChoices: 1,
      options: [{ name: 'Sin postre', priceModifierCents: -250 }],
    });
    const id = await created(PRODUCTS, productInput({ name: 'Café PF', priceCents: 150 }));
    const attached = refusal(
      await admin(`${PRODUCTS}/${id}`, await edited(id, { optionTypeIds: [without] })),
    );
    expect(attached.status).toBe(409);
    expect(attached.message).toContain('«Café PF» podría costar -1,00 €');
    expect(attached.fields.map((field) => field.path)).toEqual(['optionTypeIds']);
    expect((await storedProduct(id)).optionTypeIds).toEqual([]);

    const before = (await editor()).products.length;
    const create = refusal(
      await admin(PRODUCTS, productInput({ name: 'Infusión PF', priceCents: 0, optionTypeIds: [without] })),
    );
    expect(create.status).toBe(409);
    expect(create.fields.map((field) => field.path)).toEqual(['optionTypeIds']);
    expect((await editor()).products.length).toBe(before);
  });

  it("refuses the staff menu tools' price change too, at the price", async () => {
    const { dishId: id } = await dishWithDiscount(
      { name: 'Refresco PF', priceCents: 250 },
      { type: 'Sin hielo PF', option: 'Sin hielo', cents: -100 },
    );
    const response = await post(
      t,
      'demo',
      '/world/api/product/menu/update',
      { menuProduct: { id, priceCents: 50 } },
      { token: v.tokens.admin },
    );
    expect(refusal(response)).toMatchObject({
      status: 409,
      fields: [
        {
          path: 'menuProduct.priceCents',
          message: 'Con estas opciones, «Refresco PF» podría costar menos de 0 €',
        },
      ],
    });
    expect((await storedProduct(id)).priceCents).toBe(250);
  });
});

describe('importing the menu as CSV', () => {
  it('refuses a new price a product’s options would take below 0 €, at that row’s price', async () => {
    const { dishId: id } = await dishWithDiscount(
      { name: 'Pasta PF', priceCents: 1200 },
      { type: 'Sin salsa PF', option: 'Sin salsa', cents: -500 },
    );
    const { sku } = (
      await t.ctx.db.select({ sku: products.sku }).from(products).where(eq(products.id, id))
    )[0]!;
    const response = await call(t, 'demo', {
      method: 'POST',
      url: '/world/api/admin/menus/import',
      payload: Buffer.from(`sku;name;price\r\n${sku};Pasta PF;4\r\n`, 'utf8'),
      headers: { 'content-type': 'text/csv', 'x-locale': 'es' },
      token: v.tokens.admin,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { rowErrors: unknown }).rowErrors).toEqual([
      {
        row: 2,
        column: 'price',
        message:
          'Con sus opciones, «Pasta PF» podría costar -1,00 €, y un plato nunca cuesta menos de 0 €. Sube su precio o rebaja el descuento de la opción.',
      },
    ]);
    expect((await storedProduct(id)).priceCents).toBe(1200);
  });
});

describe('ordering a dish its stored options still take below 0 €', () => {
  it('is refused with the dish named, and nothing is ordered, rather than priced at 0 €', async () => {
    const { typeId: garnish, dishId: id } = await dishWithDiscount(
      { name: 'Entrecot PF', priceCents: 6500 },
      { type: 'Guarnición antigua PF', option: 'Sin guarnición', cents: -200 },
    );
    // A menu written before the rule: the discount set straight in the table, as an old row would hold it.
    const [option] = await t.ctx.db
      .update(options)
      .set({ priceModifierCents: -100_000 })
      .where(and(eq(options.venueId, v.demo.id), eq(options.optionTypeId, garnish)))
      .returning();
    const { sku } = (
      await t.ctx.db.select({ sku: products.sku }).from(products).where(eq(products.id, id))
    )[0]!;
    const table = await givenSeatedTable(t, v);
    const response = await post(
      t,
      'demo',
      '/world/api/cartsession/createcartsessionorder',
      {
        orderInfo: { reservationId: table.reservationId, source: 1 },
        products: [
          { sku, orderQuantity: 1, options: [{ optionTypeId: garnish, productChoiceId: option!.id }] },
        ],
      },
      { token: v.tokens.sala },
    );
    expect(refusal(response)).toEqual({
      status: 409,
      code: 'CONFLICT',
      message:
        '«Entrecot PF» no se puede pedir con estas opciones: costaría menos de 0 €. Avisa al encargado para que revise sus opciones en la carta.',
      fields: [],
    });
    const lines = await t.ctx.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.reservationId, table.reservationId));
    expect(lines).toEqual([]);
  });
});

describe('two admins saving at once', () => {
  // Deterministic on PostgreSQL only (the embedded database runs one transaction at a time): another
  // connection holds the venue's event counter, which every menu save takes last before its commit, so
  // both saves have checked and written before either can commit.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "the staff tools' lower price and the editor's bigger discount, each fine alone, are checked in turn",
    async () => {
      const { typeId: sides, dishId: dish } = await dishWithDiscount(
        { name: 'Merluza PF', priceCents: 1000 },
        { type: 'Acompañamiento PF', option: 'Sin acompañamiento', cents: -200 },
      );
      const type = await storedType(sides);
      // Alone, 4 € less 2 € and 10 € less 7 € are both fine; together, 4 € less 7 € is not.
      const biggerDiscount = { ...type, options: [{ ...type.options[0]!, priceModifierCents: -700 }] };

      const counter = new pg.Client({ connectionString: t.database.url });
      await counter.connect();
      try {
        await counter.query('begin');
        await counter.query('select value from venue_counters where venue_id = $1 for update', [v.demo.id]);
        const waiting = async (count: number) => {
          for (let attempt = 0; attempt < 200; attempt += 1) {
            const { rows } = await counter.query<{ count: number }>(
              `select count(*)::int as count from pg_locks l join pg_stat_activity a on a.pid = l.pid
               where not l.granted and a.datname = current_database()`,
            );
            if ((rows[0]?.count ?? 0) >= count) return;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        // The price first, held at its commit; then the discount, which waits for the price's turn (on the
        // counter, without it: both would have checked a menu without the other's change and been written).
        const lowerPrice = post(
          t,
          'demo',
          '/world/api/product/menu/update',
          { menuProduct: { id: dish, priceCents: 400 } },
          { token: v.tokens.admin },
        );
        await waiting(1);
        const addDiscount = admin(`${OPTION_TYPES}/${sides}`, biggerDiscount);
        await waiting(2);
        await counter.query('commit');
        const [priceAnswer, discountAnswer] = await Promise.all([lowerPrice, addDiscount]);

        expect(priceAnswer.statusCode, priceAnswer.body).toBe(200);
        const refused = refusal(discountAnswer);
        expect(refused.status).toBe(409);
        expect(refused.message).toContain('«Merluza PF» podría costar -3,00 €');
        const price = (await storedProduct(dish)).priceCents;
        const discount = (await storedType(sides)).options[0]!.priceModifierCents;
        expect(price + discount).toBeGreaterThanOrEqual(0);
      } finally {
        await counter.end();
      }
    },
  );
});
