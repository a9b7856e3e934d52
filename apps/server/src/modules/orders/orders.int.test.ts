import type { CartSessionOrder, MenuProduct } from '@sobremesa/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartSessionOrders,
  cartSessions,
  guestTokens,
  productOrders,
  products,
  realtimeEvents,
  reservations,
  venues,
} from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

const CREATE = '/world/api/cartsession/createcartsessionorder';
const PROCESS = '/world/api/cartsession/processorder';

let t: TestApp;
let v: OrderingVenues;
let catalogue: MenuProduct[];
let DRINK = '';

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  catalogue = productsOf(await demoMenu(t));
  DRINK = plain(2100).sku;
});
afterAll(() => t.close());

function product(sku: string): MenuProduct {
  const found = catalogue.find((entry) => entry.sku === sku);
  if (!found) throw new Error(`no ${sku}`);
  return found;
}

/** A product with a required option type and an option that costs extra, and that choice. */
function optionedProduct() {
  const found = catalogue.find(
    (entry) =>
      entry.isMenu === 'NO' &&
      entry.isUnitary === 'NO' &&
      entry.productOptions.length > 0 &&
      entry.productOptions.some((type) => type.options.some((option) => option.priceModifierCents > 0)),
  );
  if (!found) throw new Error('no product with priced options');
  const options = found.productOptions.flatMap((type) => {
    if (type.minChoices === 0 && !type.options.some((option) => option.priceModifierCents > 0)) return [];
    const best = [...type.options].sort((a, b) => b.priceModifierCents - a.priceModifierCents)[0]!;
    return [{ optionTypeId: type.id, productChoiceId: best.id, priceModifierCents: best.priceModifierCents }];
  });
  return { product: found, options };
}

/** A product ordered as is (no options, not by the piece), with the given VAT rate. */
function plain(vatRateBp: number): MenuProduct {
  const found = catalogue.find(
    (entry) =>
      entry.isMenu === 'NO' &&
      entry.isUnitary === 'NO' &&
      entry.productOptions.every((type) => type.minChoices === 0) &&
      entry.vatRateBp === vatRateBp &&
      entry.sku !== 'ENT-02',
  );
  if (!found) throw new Error(`no plain product at ${vatRateBp}`);
  return found;
}

function orderInfo(reservationId: number | string, extra: Record<string, unknown> = {}) {
  return {
    name: 'Lucía',
    pax: 2,
    source: 2,
    clientMessage: 'Sin prisa',
    orderReservationName: 'Mesa',
    reservationId,
    av: 0,
    ...extra,
  };
}

async function latestEvents(venueId: number, limit = 3) {
  return t.ctx.db
    .select()
    .from(realtimeEvents)
    .where(eq(realtimeEvents.venueId, venueId))
    .orderBy(desc(realtimeEvents.seq))
    .limit(limit);
}

async function setOrderConfig(changes: Record<string, unknown>) {
  const [row] = await t.ctx.db.select().from(venues).where(eq(venues.id, v.demo.id));
  const settings = row!.settings as Record<string, Record<string, unknown>>;
  await t.ctx.db
    .update(venues)
    .set({
      settings: {
        ...settings,
        defaultMenuOrderConfig: { ...settings.defaultMenuOrderConfig, ...changes },
      } as (typeof venues.$inferInsert)['settings'],
    })
    .where(eq(venues.id, v.demo.id));
  t.ctx.venues.invalidate();
}

describe('createcartsessionorder from the guest phone', () => {
  it('creates the order, prices every line from the catalogue and ignores client prices', async () => {
    const table = await givenSeatedTable(t, v);
    const { product: optioned, options } = optionedProduct();
    const dayMenu = product('MDD-00');
    const choices = dayMenu.menuCourses.map((course) => {
      const item = [...course.items].sort((a, b) => b.supplementCents - a.supplementCents)[0]!;
      return { courseId: course.id, sku: item.sku, supplementCents: item.supplementCents };
    });
    const response = await post(
      t,
      'demo',
      CREATE,
      {
        uid: table.guestUid,
        orderInfo: orderInfo(table.reservationId, { total: 1 }),
        products: [
          {
            sku: 'ENT-01',
            options: [],
            orderQuantity: 1,
            units: 6,
            isShareable: true,
            price: 1,
            priceCents: 1,
          },
          {
            sku: optioned.sku,
            options: options.map(({ optionTypeId, productChoiceId }) => ({ optionTypeId, productChoiceId })),
            orderQuantity: 2,
            comments: 'Sin sal',
            unitPrice: 0,
          },
          {
            sku: 'MDD-00',
            options: [],
            orderQuantity: 1,
            menuChoices: choices.map(({ courseId, sku }) => ({ courseId, sku })),
          },
          { sku: DRINK, options: [], orderQuantity: 3, total: 0 },
        ],
      },
      { headers: { 'idempotency-key': 'order-1' } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().cartSessionOrder as CartSessionOrder;
    const optionedUnit =
      optioned.priceCents + options.reduce((sum, option) => sum + option.priceModifierCents, 0);
    const supplements = choices.reduce((sum, choice) => sum + choice.supplementCents, 0);
    const expected =
      200 * 6 + optionedUnit * 2 + dayMenu.priceCents + supplements + plain(2100).priceCents * 3;
    expect(order.totalCents).toBe(expected);
    expect(order.cartSessionStatus).toBe(2);
    expect(order.clientMessage).toBe('Sin prisa');
    const parent = order.items.find((item) => item.productSku === 'MDD-00')!;
    expect(order.items.filter((item) => item.parentId === parent.productOrderId)).toHaveLength(
      choices.length,
    );
    expect(order.items.every((item) => item.statusProductOrder === 1)).toBe(true);
    // VAT snapshot per line: beer at 21 %, food at 10 %.
    const rows = await t.ctx.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.cartSessionOrderId, order.id));
    expect(rows.find((row) => row.productSku === DRINK)).toMatchObject({
      vatRateBp: 2100,
      units: 3,
      productType: 'bebida',
    });
    expect(rows.find((row) => row.productSku === 'ENT-01')).toMatchObject({
      vatRateBp: 1000,
      units: 6,
      priceCents: 200,
    });
    expect(rows.find((row) => row.productSku === optioned.sku)).toMatchObject({
      comments: 'Sin sal',
      priceCents: optionedUnit,
    });
    const [event] = await latestEvents(v.demo.id, 1);
    expect(event).toMatchObject({
      topic: 'order.created',
      payload: expect.objectContaining({ cartSessionOrderId: order.id, reservationId: table.reservationId }),
    });
  });

  it('refuses bad input with the fields named', async () => {
    const table = await givenSeatedTable(t, v);
    const base = { uid: table.guestUid, orderInfo: orderInfo(table.reservationId) };
    const cases: unknown[] = [
      { ...base, products: [] },
      { ...base, products: [{ sku: 'ENT-02', options: [], orderQuantity: 0 }] },
      { ...base, products: [{ sku: 'ENT-01', options: [], orderQuantity: 1, units: 3 }] },
      { ...base, products: [{ sku: 'ENT-02', options: [], orderQuantity: 1, staffComments: 'x' }] },
      {
        ...base,
        products: [
          { sku: 'ENT-02', options: [{ optionTypeId: 999999, productChoiceId: 1 }], orderQuantity: 1 },
        ],
      },
      { ...base, products: [{ sku: 'MDD-00', options: [], orderQuantity: 1, menuChoices: [] }] },
      { ...base, products: [{ sku: 'ENT-02', options: [], orderQuantity: 1, unknown: true }] },
      {
        ...base,
        orderInfo: { ...base.orderInfo, status: 2 },
        products: [{ sku: 'ENT-02', options: [], orderQuantity: 1 }],
      },
    ];
    for (const payload of cases) {
      const response = await post(t, 'demo', CREATE, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    // The demo's optioned dish asks for a choice: sending it without one is refused.
    expect(optionedProduct().product.productOptions.some((type) => type.minChoices > 0)).toBe(true);
    const missing = await post(t, 'demo', CREATE, {
      ...base,
      products: [{ sku: optionedProduct().product.sku, options: [], orderQuantity: 1 }],
    });
    expect(missing.statusCode).toBe(400);
    expect(
      (await t.ctx.db.select().from(cartSessionOrders).where(eq(cartSessionOrders.venueId, v.demo.id)))
        .length,
    ).toBe(1);
  });

  it('refuses an unavailable dish and orders nothing', async () => {
    const table = await givenSeatedTable(t, v);
    const bravas = product('ENT-02');
    const toggle = '/world/api/product/menu/update-availability-product';
    await post(t, 'demo', toggle, { productId: bravas.id, available: false }, { token: v.tokens.cocina });
    try {
      const before = await t.ctx.db.select().from(cartSessionOrders);
      const response = await post(t, 'demo', CREATE, {
        uid: table.guestUid,
        orderInfo: orderInfo(table.reservationId),
        products: [
          { sku: DRINK, options: [], orderQuantity: 1 },
          { sku: 'ENT-02', options: [], orderQuantity: 1 },
        ],
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', unavailableSkus: ['ENT-02'] });
      expect(await t.ctx.db.select().from(cartSessionOrders)).toHaveLength(before.length);
    } finally {
      await post(t, 'demo', toggle, { productId: bravas.id, available: true }, { token: v.tokens.cocina });
    }
  });

  it('answers result -2 "La reserva ha finalizado" for a finished reservation', async () => {
    const table = await givenSeatedTable(t, v);
    await t.ctx.db
      .update(reservations)
      .set({ finishedAt: t.clock.now() })
      .where(eq(reservations.id, table.reservationId));
    const response = await post(t, 'demo', CREATE, {
      uid: table.guestUid,
      orderInfo: orderInfo(table.reservationId),
      products: [{ sku: DRINK, options: [], orderQuantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      result: -2,
      code: 'RESERVATION_FINISHED',
      message: 'La reserva ha finalizado',
    });
  });

  it("never reaches another venue's reservation, products or capabilities", async () => {
    const table = await givenSeatedTable(t, v);
    const lines = [{ sku: DRINK, options: [], orderQuantity: 1 }];
    // A demo guest's capability is unknown on the other venue.
    const foreignUid = await post(t, 'otra', CREATE, {
      uid: table.guestUid,
      orderInfo: orderInfo(table.reservationId),
      products: lines,
    });
    expect(foreignUid.statusCode).toBe(401);
    // The other venue's staff cannot order on a demo reservation id.
    const foreignReservation = await post(
      t,
      'otra',
      CREATE,
      { orderInfo: orderInfo(table.reservationId, { source: 1 }), products: lines },
      { token: v.other.tokens.staff },
    );
    expect(foreignReservation.statusCode).toBe(404);
    // Nor a demo sku on their own table.
    const otherTable = await givenSeatedTable(t, v, 'otra', v.other.tokens.staff);
    const foreignSku = await post(
      t,
      'otra',
      CREATE,
      { orderInfo: orderInfo(otherTable.reservationId, { source: 1 }), products: lines },
      { token: v.other.tokens.staff },
    );
    expect(foreignSku.statusCode).toBe(404);
    // A guest's uid names one reservation: another id of the same venue is 404.
    const other = await givenSeatedTable(t, v);
    const wrongRef = await post(t, 'demo', CREATE, {
      uid: table.guestUid,
      orderInfo: orderInfo(other.reservationId),
      products: lines,
    });
    expect(wrongRef.statusCode).toBe(404);
    // Without a uid or a token: 401.
    expect(
      (await post(t, 'demo', CREATE, { orderInfo: orderInfo(table.reservationId), products: lines }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a revoked or expired guest link with 410 and takes no order', async () => {
    const lines = [{ sku: DRINK, options: [], orderQuantity: 1 }];
    const countOrders = async () => (await t.ctx.db.select().from(cartSessionOrders)).length;
    for (const change of [
      { revokedAt: t.clock.now() },
      { expiresAt: new Date(t.clock.now().getTime() - 1000) },
    ]) {
      const table = await givenSeatedTable(t, v);
      await t.ctx.db
        .update(guestTokens)
        .set(change)
        .where(eq(guestTokens.tokenHash, hashToken(table.guestUid)));
      const before = await countOrders();
      const refused = await post(t, 'demo', CREATE, {
        uid: table.guestUid,
        orderInfo: orderInfo(table.reservationId),
        products: lines,
      });
      expect(refused.statusCode, refused.body).toBe(410);
      expect(refused.json()).toMatchObject({ code: 'LINK_EXPIRED' });
      expect(await countOrders()).toBe(before);
    }
  });

  it('turns 50 concurrent taps with one Idempotency-Key into one order and 49 replays', async () => {
    const table = await givenSeatedTable(t, v);
    const payload = {
      uid: table.guestUid,
      orderInfo: orderInfo(table.reservationId),
      products: [{ sku: DRINK, options: [], orderQuantity: 2 }],
    };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(t, 'demo', CREATE, payload, { headers: { 'idempotency-key': 'tap-tap' } }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(201));
    expect(replies.filter((reply) => reply.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    const ids = new Set(replies.map((reply) => (reply.json().cartSessionOrder as CartSessionOrder).id));
    expect(ids.size).toBe(1);
    const lines = await t.ctx.db
      .select()
      .from(productOrders)
      .where(and(eq(productOrders.venueId, v.demo.id), eq(productOrders.reservationId, table.reservationId)));
    expect(lines).toHaveLength(1);
    // The same key with another body is refused.
    const changed = await post(
      t,
      'demo',
      CREATE,
      { ...payload, products: [{ sku: DRINK, options: [], orderQuantity: 3 }] },
      {
        headers: { 'idempotency-key': 'tap-tap' },
      },
    );
    expect(changed.statusCode).toBe(422);
  });
});

describe('the guest limits of createcartsessionorder (SEC-04, decision 054)', () => {
  it('counts every attempt of a capability, failed and replayed ones too, then answers 429 and orders nothing', async () => {
    const table = await givenSeatedTable(t, v);
    const body = (sku: string) => ({
      uid: table.guestUid,
      orderInfo: orderInfo(table.reservationId),
      products: [{ sku, options: [], orderQuantity: 1 }],
    });
    // 58 refused (an unknown dish), one order and its replay: the capability's 60 of ten minutes.
    for (let attempt = 0; attempt < 58; attempt++)
      expect((await post(t, 'demo', CREATE, body('NO-EXISTE'))).statusCode).toBe(404);
    const key = 'limit-order-1';
    const first = await post(t, 'demo', CREATE, body(DRINK), { headers: { 'idempotency-key': key } });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await post(t, 'demo', CREATE, body(DRINK), { headers: { 'idempotency-key': key } });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const limited = await post(t, 'demo', CREATE, body(DRINK), { headers: { 'x-locale': 'en' } });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((limited.json() as { code: string }).code).toBe('RATE_LIMITED');
    const orders = await t.ctx.db
      .select({ id: cartSessionOrders.id })
      .from(cartSessionOrders)
      .innerJoin(cartSessions, eq(cartSessions.id, cartSessionOrders.cartSessionId))
      .where(eq(cartSessions.reservationId, table.reservationId));
    expect(orders).toHaveLength(1);
    // Still limited for a refused order: the limit comes first, as before.
    expect((await post(t, 'demo', CREATE, body('NO-EXISTE'))).statusCode).toBe(429);
  });
});

describe('staff orders and cartStaffValidation', () => {
  it('lets the commander order for a table with staff comments, through the role matrix', async () => {
    const table = await givenSeatedTable(t, v);
    const payload = {
      orderInfo: orderInfo(table.wid, { source: 1 }),
      products: [
        { sku: 'ENT-02', options: [], orderQuantity: 1, staffComments: 'Para compartir', isShareable: 1 },
      ],
    };
    const ok = await post(t, 'demo', CREATE, payload, { token: v.tokens.sala });
    expect(ok.statusCode, ok.body).toBe(201);
    const order = ok.json().cartSessionOrder as CartSessionOrder;
    expect(order).toMatchObject({ source: 1, cartSessionStatus: 2 });
    expect(order.items[0]).toMatchObject({ staffComments: 'Para compartir', statusProductOrder: 1 });
    expect((await post(t, 'demo', CREATE, payload, { token: v.tokens.cocina })).statusCode).toBe(403);
    expect((await post(t, 'demo', CREATE, payload, { token: v.tokens.pasante })).statusCode).toBe(403);
    // Staff may order an invisible product (guests may not).
    const [hidden] = await t.ctx.db
      .select()
      .from(products)
      .where(and(eq(products.venueId, v.demo.id), eq(products.isVisible, false)))
      .limit(1);
    const hiddenLine = { sku: hidden!.sku, options: [], orderQuantity: 1 };
    expect(
      (
        await post(t, 'demo', CREATE, {
          uid: table.guestUid,
          orderInfo: orderInfo(table.reservationId),
          products: [hiddenLine],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('holds guest orders for staff validation, then processorder sends them to kitchen and bar', async () => {
    await setOrderConfig({ cartStaffValidation: true });
    try {
      const table = await givenSeatedTable(t, v);
      const created = await post(t, 'demo', CREATE, {
        uid: table.guestUid,
        orderInfo: orderInfo(table.reservationId),
        products: [{ sku: DRINK, options: [], orderQuantity: 1 }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const order = created.json().cartSessionOrder as CartSessionOrder;
      expect(order.cartSessionStatus).toBe(1);
      expect(order.items[0]!.statusProductOrder).toBe(0);
      expect(
        (await post(t, 'demo', PROCESS, { cartSessionOrderId: order.id }, { token: v.tokens.cocina }))
          .statusCode,
      ).toBe(403);
      expect(
        (await post(t, 'otra', PROCESS, { cartSessionOrderId: order.id }, { token: v.other.tokens.staff }))
          .statusCode,
      ).toBe(404);
      expect(
        (await post(t, 'demo', PROCESS, { cartSessionOrderId: 'x' }, { token: v.tokens.sala })).statusCode,
      ).toBe(400);
      const processed = await post(
        t,
        'demo',
        PROCESS,
        { cartSessionOrderId: order.id },
        { token: v.tokens.sala },
      );
      expect(processed.statusCode, processed.body).toBe(200);
      const done = processed.json().cartSessionOrder as CartSessionOrder;
      expect(done.cartSessionStatus).toBe(2);
      expect(done.items[0]!.statusProductOrder).toBe(1);
      const [event] = await latestEvents(v.demo.id, 1);
      expect(event?.topic).toBe('order.processed');
      expect(
        (await post(t, 'demo', PROCESS, { cartSessionOrderId: order.id }, { token: v.tokens.sala }))
          .statusCode,
      ).toBe(409);
    } finally {
      await setOrderConfig({ cartStaffValidation: false });
    }
  });

  it('keeps the menu read-only for guests when menuOrderEnabled is 0', async () => {
    await setOrderConfig({ menuOrderEnabled: 0 });
    try {
      const table = await givenSeatedTable(t, v);
      const response = await post(t, 'demo', CREATE, {
        uid: table.guestUid,
        orderInfo: orderInfo(table.reservationId),
        products: [{ sku: DRINK, options: [], orderQuantity: 1 }],
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await setOrderConfig({ menuOrderEnabled: 1 });
    }
  });
});

describe('options of a menú del día course dish (decision 015)', () => {
  /** The day menu with every course's first dish, and the dish of `sku` for one course. */
  function dayMenuPicks(sku: string) {
    const dayMenu = product('MDD-00');
    const course = dayMenu.menuCourses.find((entry) => entry.items.some((item) => item.sku === sku))!;
    const picks = dayMenu.menuCourses.map((entry) =>
      entry.id === course.id
        ? { courseId: entry.id, sku }
        : {
            courseId: entry.id,
            sku: entry.items.find((item) =>
              (item.productOptions ?? []).every((type) => type.minChoices === 0),
            )!.sku,
          },
    );
    const dish = product(sku);
    const supplement = course.items.find((item) => item.sku === sku)!.supplementCents;
    return { dayMenu, course, picks, dish, supplement };
  }
  /** For every option type of a dish, its dearest option. */
  function dearest(dish: MenuProduct) {
    return dish.productOptions.map((type) => {
      const best = [...type.options].sort((a, b) => b.priceModifierCents - a.priceModifierCents)[0]!;
      return {
        optionTypeId: type.id,
        productChoiceId: best.id,
        priceModifierCents: best.priceModifierCents,
        name: best.name,
      };
    });
  }

  it('charges the chosen options of a course dish on its course line and keeps them for the kitchen', async () => {
    const table = await givenSeatedTable(t, v);
    const { dayMenu, picks, dish, supplement } = dayMenuPicks('CAR-03');
    const beer = dayMenuPicks('CER-01');
    const steakOptions = dearest(dish);
    const beerOptions = dearest(beer.dish);
    const modifiers = [...steakOptions, ...beerOptions].reduce(
      (sum, option) => sum + option.priceModifierCents,
      0,
    );
    expect(modifiers).toBeGreaterThan(0);
    const sent = picks.map((pick) => {
      if (pick.sku === 'CAR-03')
        return {
          ...pick,
          options: steakOptions.map(({ optionTypeId, productChoiceId }) => ({
            optionTypeId,
            productChoiceId,
          })),
        };
      if (pick.courseId === beer.course.id)
        return {
          courseId: beer.course.id,
          sku: 'CER-01',
          options: beerOptions.map(({ optionTypeId, productChoiceId }) => ({
            optionTypeId,
            productChoiceId,
          })),
        };
      return pick;
    });
    const response = await post(
      t,
      'demo',
      CREATE,
      {
        orderInfo: orderInfo(table.wid, { source: 1 }),
        products: [{ sku: 'MDD-00', options: [], orderQuantity: 2, menuChoices: sent }],
      },
      { token: v.tokens.sala },
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().cartSessionOrder as CartSessionOrder;
    expect(order.totalCents).toBe((dayMenu.priceCents + supplement + modifiers) * 2);
    const steak = order.items.find((item) => item.productSku === 'CAR-03')!;
    expect(steak.unitPriceCents).toBe(
      supplement + steakOptions.reduce((sum, option) => sum + option.priceModifierCents, 0),
    );
    expect(steak.choices.map((choice) => choice.choiceName)).toEqual(
      steakOptions.map((option) => option.name),
    );
    expect(steak.menuIncluded).toBe(true);
    const beerLine = order.items.find((item) => item.productSku === 'CER-01')!;
    expect(beerLine.choices.map((choice) => choice.optionId)).toEqual(
      beerOptions.map((option) => option.productChoiceId),
    );
  });

  it('refuses a course dish whose sent options miss a required one or are not its own', async () => {
    const table = await givenSeatedTable(t, v);
    const { picks } = dayMenuPicks('CAR-03');
    const beer = product('CER-01');
    const withOptions = (options: { optionTypeId: number; productChoiceId: number }[]) =>
      post(
        t,
        'demo',
        CREATE,
        {
          orderInfo: orderInfo(table.wid, { source: 1 }),
          products: [
            {
              sku: 'MDD-00',
              options: [],
              orderQuantity: 1,
              menuChoices: picks.map((pick) => (pick.sku === 'CAR-03' ? { ...pick, options } : pick)),
            },
          ],
        },
        { token: v.tokens.sala },
      );
    const index = picks.findIndex((pick) => pick.sku === 'CAR-03');
    const missing = await withOptions([]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([
      expect.objectContaining({ path: `products.0.menuChoices.${index}.options`, message: 'too_few' }),
    ]);
    const foreign = beer.productOptions[0]!;
    const notItsOwn = await withOptions([
      { optionTypeId: foreign.id, productChoiceId: foreign.options[0]!.id },
    ]);
    expect(notItsOwn.statusCode).toBe(400);
    expect(notItsOwn.json().fields[0].message).toContain('unknown_option');
  });
});

describe('the commander list of orders waiting for validation', () => {
  const WAITING = '/world/api/cartsession/waiting';

  it('lists a table’s waiting orders for roles that validate, and not once processed', async () => {
    await setOrderConfig({ cartStaffValidation: true });
    try {
      const table = await givenSeatedTable(t, v);
      const created = await post(t, 'demo', CREATE, {
        uid: table.guestUid,
        orderInfo: orderInfo(table.reservationId),
        products: [{ sku: DRINK, options: [], orderQuantity: 2, comments: 'Con hielo' }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const order = created.json().cartSessionOrder as CartSessionOrder;
      const listed = await post(t, 'demo', WAITING, { reservationId: table.wid }, { token: v.tokens.sala });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().cartSessionOrders).toEqual([
        expect.objectContaining({
          id: order.id,
          cartSessionStatus: 1,
          items: [expect.objectContaining({ productSku: DRINK, units: 2, comments: 'Con hielo' })],
        }),
      ]);
      expect(
        (await post(t, 'demo', WAITING, { reservationId: table.wid }, { token: v.tokens.cocina })).statusCode,
      ).toBe(403);
      expect((await post(t, 'demo', WAITING, { reservationId: table.wid })).statusCode).toBe(401);
      expect(
        (await post(t, 'demo', WAITING, { reservationId: [] }, { token: v.tokens.sala })).statusCode,
      ).toBe(400);
      expect(
        (
          await post(
            t,
            'otra',
            WAITING,
            { reservationId: table.reservationId },
            { token: v.other.tokens.staff },
          )
        ).statusCode,
      ).toBe(404);
      await post(t, 'demo', PROCESS, { cartSessionOrderId: order.id }, { token: v.tokens.sala });
      const after = await post(
        t,
        'demo',
        WAITING,
        { reservationId: table.reservationId },
        { token: v.tokens.sala },
      );
      expect(after.json().cartSessionOrders).toEqual([]);
    } finally {
      await setOrderConfig({ cartStaffValidation: false });
    }
  });
});
