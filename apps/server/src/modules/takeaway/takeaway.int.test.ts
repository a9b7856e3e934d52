import type { GetByRoleResponse, MenuProduct } from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  bills,
  productOrders,
  reservations,
  takeawayOrders,
  takeawaySettings,
  takeawaySlotLoads,
  takeawayZones,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  post,
  productsOf,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

const ORDER = '/world/api/takeaway/order';
const TODAY = '2026-11-20';

let t: TestApp;
let v: OrderingVenues;
let dish: MenuProduct;
let catalogue: MenuProduct[];

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  catalogue = productsOf(await demoMenu(t));
  const found = catalogue.find(
    (entry) =>
      entry.isMenu === 'NO' &&
      entry.isUnitary === 'NO' &&
      entry.productOptions.every((type) => type.minChoices === 0) &&
      entry.priceCents > 500,
  );
  if (!found) throw new Error('no plain dish');
  dish = found;
}, 180_000);
afterAll(() => t.close());

beforeEach(async () => {
  t.clock.set('2026-11-20T12:00:00Z');
  await t.ctx.db.delete(takeawaySettings);
  await t.ctx.db.delete(takeawayZones);
});

function order(extra: Record<string, unknown> = {}) {
  return {
    mode: 'pickup',
    date: TODAY,
    time: '14:00',
    name: 'Marta',
    phone: '+34 600 111 222',
    email: 'marta@example.com',
    products: [{ sku: dish.sku, orderQuantity: 2, priceCents: 1 }],
    ...extra,
  };
}

async function settings(values: Partial<typeof takeawaySettings.$inferInsert>) {
  await t.ctx.db
    .insert(takeawaySettings)
    .values({ venueId: v.demo.id, ...values })
    .onConflictDoUpdate({ target: takeawaySettings.venueId, set: values });
}

describe('the guest form', () => {
  it('offers pickup by default and the times after the lead time, with places left', async () => {
    const config = await post(t, 'demo', '/world/api/takeaway/config', {});
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json()).toMatchObject({
      modes: ['pickup'],
      pausedUntil: null,
      firstDate: TODAY,
      zones: [],
    });
    const slots = await post(t, 'demo', '/world/api/takeaway/slots', { date: TODAY });
    expect(slots.statusCode, slots.body).toBe(200);
    const times = (slots.json() as { timeSlots: { time: string; startDateTime: string; left: number }[] })
      .timeSlots;
    // 13:00 in Madrid with a 30 minute lead: lunch from 13:30, then dinner.
    expect(times[0]).toEqual({ time: '13:30', startDateTime: '2026-11-20T13:30:00+01:00', left: 4 });
    expect(times.map((slot) => slot.time)).toContain('20:00');
    expect(times.map((slot) => slot.time)).not.toContain('13:15');
  });

  it('refuses a date outside the window in the guest’s language', async () => {
    const response = await post(
      t,
      'demo',
      '/world/api/takeaway/slots',
      { date: '2026-11-19' },
      {
        headers: { 'x-locale': 'en' },
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'DATE_NOT_BOOKABLE' });
  });
});

describe('taking an order', () => {
  it('prices it on the server, numbers it for the day and lets the guest follow it', async () => {
    const response = await post(t, 'demo', ORDER, order({ notes: 'Sin cebolla' }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as {
      statusToken: string;
      order: { number: number; status: string; totalCents: number; pickupDateTime: string };
    };
    expect(body.order).toMatchObject({
      status: 'received',
      totalCents: dish.priceCents * 2,
      pickupDateTime: '2026-11-20T14:00:00+01:00',
    });
    const [row] = await t.ctx.db
      .select()
      .from(takeawayOrders)
      .where(eq(takeawayOrders.number, body.order.number));
    const [account] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, row!.reservationId));
    expect(account).toMatchObject({ kind: 'takeaway', name: 'Marta' });
    const lines = await t.ctx.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.reservationId, row!.reservationId));
    // Waiting for staff to accept it: the kitchen does not see it yet.
    expect(lines.map((line) => line.status)).toEqual([0]);

    const status = await post(t, 'demo', '/world/api/takeaway/status', { statusToken: body.statusToken });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      order: { number: body.order.number, name: 'Marta', status: 'received' },
    });
    // Another venue does not know the link.
    const elsewhere = await post(t, 'otra', '/world/api/takeaway/status', { statusToken: body.statusToken });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('is one order however often the same request is retried', async () => {
    const key = 'takeaway-retry-1';
    const first = await post(t, 'demo', ORDER, order({ time: '14:15' }), {
      headers: { 'idempotency-key': key },
    });
    const again = await post(t, 'demo', ORDER, order({ time: '14:15' }), {
      headers: { 'idempotency-key': key },
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const [load] = await t.ctx.db
      .select()
      .from(takeawaySlotLoads)
      .where(eq(takeawaySlotLoads.slotStart, new Date('2026-11-20T13:15:00Z')));
    expect(load?.orders).toBe(1);
    const withoutKey = await post(t, 'demo', ORDER, order(), { withoutKey: true });
    expect(withoutKey.statusCode).toBe(400);
  });

  it('refuses bad input with the fields named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'name'],
      [{ email: 'marta@' }, 'email'],
      [{ phone: 'call me' }, 'phone'],
      [{ time: '13:15' }, 'time'],
      [{ time: '17:00' }, 'time'],
      [{ mode: 'delivery' }, 'address'],
      [{ products: [] }, 'products'],
    ];
    for (const [change, field] of cases) {
      const response = await post(t, 'demo', ORDER, order(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const fields = (response.json() as { fields: { path: string }[] }).fields.map((f) => f.path);
      expect(
        fields.some((path) => path.startsWith(field)),
        `${JSON.stringify(change)}: ${fields}`,
      ).toBe(true);
    }
    const unknownDish = await post(
      t,
      'demo',
      ORDER,
      order({ products: [{ sku: 'NOPE', orderQuantity: 1 }] }),
    );
    expect(unknownDish.statusCode).toBe(404);
  });

  it('fills a pickup time up to the kitchen capacity and then says it is full', async () => {
    await settings({ ordersPerSlot: 2 });
    expect((await post(t, 'demo', ORDER, order({ time: '14:30' }))).statusCode).toBe(201);
    expect((await post(t, 'demo', ORDER, order({ time: '14:30' }))).statusCode).toBe(201);
    const full = await post(t, 'demo', ORDER, order({ time: '14:30' }), { headers: { 'x-locale': 'es' } });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      message: 'Esa hora se acaba de completar. Elige otra hora.',
    });
    const slots = await post(t, 'demo', '/world/api/takeaway/slots', { date: TODAY });
    const slot = (slots.json() as { timeSlots: { time: string; left: number }[] }).timeSlots.find(
      (entry) => entry.time === '14:30',
    );
    expect(slot?.left).toBe(0);
  });

  it('gives the last place of a time to exactly one of 50 parallel orders', async () => {
    await settings({ ordersPerSlot: 3 });
    expect((await post(t, 'demo', ORDER, order({ time: '14:45' }))).statusCode).toBe(201);
    expect((await post(t, 'demo', ORDER, order({ time: '14:45' }))).statusCode).toBe(201);
    const racers = await Promise.all(
      Array.from({ length: 50 }, () => post(t, 'demo', ORDER, order({ time: '14:45' }))),
    );
    const codes = racers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const placed = await t.ctx.db
      .select()
      .from(takeawayOrders)
      .where(
        and(
          eq(takeawayOrders.venueId, v.demo.id),
          eq(takeawayOrders.pickupAt, new Date('2026-11-20T13:45:00Z')),
        ),
      );
    expect(placed).toHaveLength(3);
  });

  it('takes no online order while paused, and says until when', async () => {
    await settings({ pausedUntil: new Date('2026-11-20T12:30:00Z') });
    const config = await post(t, 'demo', '/world/api/takeaway/config', {});
    expect(config.json()).toMatchObject({ pausedUntil: '2026-11-20T13:30:00+01:00' });
    const slots = await post(t, 'demo', '/world/api/takeaway/slots', { date: TODAY });
    expect(slots.json()).toMatchObject({ timeSlots: [] });
    const refused = await post(t, 'demo', ORDER, order({ time: '15:00' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Ahora mismo no aceptamos pedidos online. Vuelve a intentarlo en un rato.',
    });
    t.clock.set('2026-11-20T12:31:00Z');
    expect((await post(t, 'demo', ORDER, order({ time: '15:00' }))).statusCode).toBe(201);
  });
});

describe('delivery', () => {
  beforeEach(async () => {
    await settings({ deliveryEnabled: true });
    await t.ctx.db.insert(takeawayZones).values({
      venueId: v.demo.id,
      name: 'Centro',
      postalCodes: ['28013', '28014'],
      feeCents: 250,
      minimumCents: dish.priceCents * 3,
    });
  });
  const delivery = (extra: Record<string, unknown>) =>
    order({ mode: 'delivery', time: '20:00', address: 'Calle Mayor 1, 2º', postalCode: '28013', ...extra });

  it('delivers to an address in a zone, with the zone’s fee', async () => {
    const config = await post(t, 'demo', '/world/api/takeaway/config', {});
    expect(config.json()).toMatchObject({
      modes: ['pickup', 'delivery'],
      zones: [{ name: 'Centro', feeCents: 250 }],
    });
    const response = await post(
      t,
      'demo',
      ORDER,
      delivery({ products: [{ sku: dish.sku, orderQuantity: 3 }] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      order: { mode: 'delivery', deliveryFeeCents: 250, totalCents: dish.priceCents * 3 + 250 },
    });
  });

  it('puts the fee on the bill as a service line the kitchen never sees, and voids it with a refusal', async () => {
    const staff = (url: string, payload: unknown, token = v.tokens.sala) =>
      post(t, 'demo', url, payload, { token });
    const placed = async (time: string) => {
      const response = await post(
        t,
        'demo',
        ORDER,
        delivery({ time, products: [{ sku: dish.sku, orderQuantity: 3 }] }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json() as { statusToken: string; order: { number: number; totalCents: number } };
      const [row] = await t.ctx.db
        .select()
        .from(takeawayOrders)
        .where(and(eq(takeawayOrders.venueId, v.demo.id), eq(takeawayOrders.number, body.order.number)));
      return { ...body, id: row!.id, reservationId: row!.reservationId };
    };
    const linesOf = (reservationId: number) =>
      t.ctx.db
        .select()
        .from(productOrders)
        .where(eq(productOrders.reservationId, reservationId))
        .orderBy(productOrders.id);

    const taken = await placed('20:30');
    const total = dish.priceCents * 3 + 250;
    expect(taken.order.totalCents).toBe(total);
    const written = await linesOf(taken.reservationId);
    expect(written[1]).toMatchObject({
      productName: 'Gastos de envío',
      priceCents: 250,
      vatRateBp: 1000,
      cartSessionOrderId: null,
    });
    // The fee's product is on no menu, the commander's included.
    expect(productsOf(await demoMenu(t)).map((entry) => entry.name)).not.toContain('Gastos de envío');

    expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: taken.id })).statusCode).toBe(200);
    const kitchen = await staff('/world/api/productorder/get-by-role', {}, v.tokens.cocina);
    expect(kitchen.statusCode, kitchen.body).toBe(200);
    const kitchenLines = (kitchen.json() as GetByRoleResponse).groups
      .filter((group) => group.reservationId === taken.reservationId)
      .flatMap((group) => group.items);
    expect(kitchenLines.map((line) => line.statusProductOrder)).toEqual([1]);

    const paid = await staff('/world/api/payment/create', {
      reservationId: taken.reservationId,
      method: 'cash',
      amountCents: total,
      tenderedCents: total,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const closed = await staff('/world/api/reservation/paid-reservation', {
      reservationId: taken.reservationId,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const billId = (closed.json() as { bill: { id: number } }).bill.id;
    const [bill] = await t.ctx.db.select().from(bills).where(eq(bills.id, billId));
    expect(bill?.totalCents).toBe(total);
    const printed = await staff('/world/api/bill/print-info', { billId });
    expect(printed.statusCode, printed.body).toBe(200);
    expect((printed.json() as { escPosText: string }).escPosText).toMatch(/Gastos de env[ií]o.*2,50/i);
    // In the owner's reports the fee is sales, not a product: the products are the invoiced dishes, and
    // the fee is a category of its own, so the categories add up to the sales.
    const report = await staff('/world/api/reports/owner', { from: TODAY, to: TODAY }, v.tokens.admin);
    expect(report.statusCode, report.body).toBe(200);
    type Row = { key: string; cents: number };
    const figures = (
      report.json() as { current: { totals: { salesCents: number }; products: Row[]; categories: Row[] } }
    ).current;
    const cents = (rows: Row[]) => rows.reduce((sum, row) => sum + row.cents, 0);
    expect(figures.products.map((row) => row.key)).not.toContain('Gastos de envío');
    expect(figures.totals.salesCents - cents(figures.products)).toBe(250);
    expect(figures.categories).toContainEqual({ key: 'Gastos de envío', cents: 250, count: 1 });
    expect(cents(figures.categories)).toBe(figures.totals.salesCents);

    const refused = await placed('21:00');
    const refusal = await staff('/world/api/takeaway/refuse', {
      takeawayOrderId: refused.id,
      reason: 'Sin repartidor',
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
    expect((await linesOf(refused.reservationId)).map((line) => line.status)).toEqual([-4, -4]);
    const seen = await post(t, 'demo', '/world/api/takeaway/status', { statusToken: refused.statusToken });
    expect(seen.json()).toMatchObject({ order: { status: 'refused', totalCents: 0 } });
  });

  it('refuses a postal code outside the zones and an order below the zone’s minimum', async () => {
    const outside = await post(t, 'demo', ORDER, delivery({ postalCode: '08001' }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ message: 'No repartimos en ese código postal.' });
    const small = await post(t, 'demo', ORDER, delivery({}), { headers: { 'x-locale': 'en' } });
    expect(small.statusCode).toBe(400);
    expect((small.json() as { message: string }).message).toMatch(
      /^The minimum order for delivery to your area is €?\d/,
    );
  });
});

describe('delivery by radius', () => {
  // The venue delivers from Puerta del Sol; the Retiro is about 1.65 km away, Barcelona 505 km.
  const sol = { latitude: 40.416775, longitude: -3.70379 };
  const retiro = { latitude: 40.41526, longitude: -3.68442 };
  beforeEach(async () => {
    await settings({ deliveryEnabled: true, latitude: sol.latitude, longitude: sol.longitude });
    await t.ctx.db.insert(takeawayZones).values([
      { venueId: v.demo.id, name: 'Centro', postalCodes: ['28013'], feeCents: 250, sortOrder: 1 },
      {
        venueId: v.demo.id,
        name: 'Dos km',
        postalCodes: [],
        radiusMeters: 2_000,
        feeCents: 300,
        sortOrder: 2,
      },
      {
        venueId: v.demo.id,
        name: 'Seis km',
        postalCodes: [],
        radiusMeters: 6_000,
        feeCents: 600,
        sortOrder: 3,
      },
    ]);
  });
  const delivery = (extra: Record<string, unknown>) =>
    order({
      mode: 'delivery',
      time: '20:15',
      address: 'Calle de Alfonso XII 1',
      postalCode: '28009',
      ...extra,
    });

  it('shows the rings and where they are measured from', async () => {
    const config = await post(t, 'demo', '/world/api/takeaway/config', {});
    expect(config.json()).toMatchObject({
      deliveryOrigin: sol,
      zones: [
        { name: 'Centro', radiusMeters: null },
        { name: 'Dos km', postalCodes: [], radiusMeters: 2_000, feeCents: 300 },
        { name: 'Seis km', radiusMeters: 6_000 },
      ],
    });
  });

  it('finds the nearest ring from the guest’s shared location when the postal code is in no zone', async () => {
    const near = await post(t, 'demo', ORDER, delivery({ location: retiro }));
    expect(near.statusCode, near.body).toBe(201);
    expect(near.json()).toMatchObject({ order: { deliveryFeeCents: 300 } });
    // The postal code answers first, whatever the location says.
    const byCode = await post(t, 'demo', ORDER, delivery({ postalCode: '28013', location: retiro }));
    expect(byCode.json()).toMatchObject({ order: { deliveryFeeCents: 250 } });
    const farther = await post(
      t,
      'demo',
      ORDER,
      delivery({ location: { latitude: 40.45, longitude: -3.69 } }),
    );
    expect(farther.json()).toMatchObject({ order: { deliveryFeeCents: 600 } });
  });

  it('refuses a location beyond every ring, no location, and one that is not a position', async () => {
    const far = await post(t, 'demo', ORDER, delivery({ location: { latitude: 41.385, longitude: 2.1734 } }));
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ message: 'No repartimos en ese código postal.' });
    expect((await post(t, 'demo', ORDER, delivery({}))).statusCode).toBe(400);
    const nonsense = await post(t, 'demo', ORDER, delivery({ location: { latitude: 95, longitude: 0 } }));
    expect(nonsense.statusCode).toBe(400);
    expect((nonsense.json() as { fields: { path: string }[] }).fields[0]?.path).toMatch(/^location/);
  });

  it('measures nothing while the venue has not said where it delivers from', async () => {
    await settings({ latitude: null, longitude: null });
    const refused = await post(t, 'demo', ORDER, delivery({ location: retiro }));
    expect(refused.statusCode).toBe(400);
  });
});

describe('dishes with options', () => {
  function withOptions() {
    const found = catalogue.find(
      (entry) =>
        entry.isMenu === 'NO' &&
        entry.isUnitary === 'NO' &&
        entry.productOptions.some((type) => type.options.some((option) => option.priceModifierCents > 0)),
    );
    if (!found) throw new Error('no dish with a priced option');
    const type = found.productOptions.find((entry) =>
      entry.options.some((option) => option.priceModifierCents > 0),
    )!;
    const option = type.options.find((entry) => entry.priceModifierCents > 0)!;
    return { product: found, type, option };
  }

  it('prices the chosen options as at the table and tells the kitchen the choice', async () => {
    const { product, type, option } = withOptions();
    const others = product.productOptions
      .filter((entry) => entry.id !== type.id && entry.minChoices > 0)
      .map((entry) => ({ optionTypeId: entry.id, productChoiceId: entry.options[0]!.id }));
    const response = await post(
      t,
      'demo',
      ORDER,
      order({
        time: '21:15',
        products: [
          {
            sku: product.sku,
            orderQuantity: 2,
            options: [{ optionTypeId: type.id, productChoiceId: option.id }, ...others],
          },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const extras = product.productOptions
      .filter((entry) => entry.id !== type.id && entry.minChoices > 0)
      .reduce((sum, entry) => sum + entry.options[0]!.priceModifierCents, 0);
    expect((response.json() as { order: { totalCents: number } }).order.totalCents).toBe(
      (product.priceCents + option.priceModifierCents + extras) * 2,
    );
    const [row] = await t.ctx.db
      .select()
      .from(takeawayOrders)
      .where(eq(takeawayOrders.number, (response.json() as { order: { number: number } }).order.number));
    const [line] = await t.ctx.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.reservationId, row!.reservationId));
    expect(JSON.stringify(line!.choices)).toContain(option.name);
  });

  it('refuses an option the dish does not offer', async () => {
    const { product } = withOptions();
    const response = await post(
      t,
      'demo',
      ORDER,
      order({
        time: '21:15',
        products: [
          {
            sku: product.sku,
            orderQuantity: 1,
            options: [{ optionTypeId: 999999, productChoiceId: 999999 }],
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
  });
});

describe('staff', () => {
  it('lists the day’s orders by pickup time for copilot users of the venue only', async () => {
    const late = await post(t, 'demo', ORDER, order({ time: '21:00', name: 'Tarde' }));
    const early = await post(t, 'demo', ORDER, order({ time: '13:30', name: 'Pronto' }));
    expect(late.statusCode).toBe(201);
    expect(early.statusCode).toBe(201);
    const list = await post(
      t,
      'demo',
      '/world/account/gettakeaway',
      { date: TODAY },
      { token: v.tokens.sala },
    );
    expect(list.statusCode, list.body).toBe(200);
    const accounts = (list.json() as { accounts: { name: string; pickupDateTime: string; phone: string }[] })
      .accounts;
    const times = accounts.map((entry) => entry.pickupDateTime);
    expect(times).toEqual([...times].sort());
    expect(accounts[0]).toMatchObject({ name: 'Pronto', phone: '+34 600 111 222' });
    expect(accounts.map((entry) => entry.name)).toContain('Tarde');

    expect((await post(t, 'demo', '/world/account/gettakeaway', { date: TODAY })).statusCode).toBe(401);
    const otherVenue = await post(
      t,
      'otra',
      '/world/account/gettakeaway',
      { date: TODAY },
      { token: v.tokens.sala },
    );
    expect(otherVenue.statusCode).toBe(401);
    const bad = await post(
      t,
      'demo',
      '/world/account/gettakeaway',
      { date: '20-11-2026' },
      { token: v.tokens.sala },
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('staff moving an order', () => {
  async function placed(time: string) {
    const response = await post(t, 'demo', ORDER, order({ time }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { statusToken: string; order: { number: number } };
    const [row] = await t.ctx.db
      .select()
      .from(takeawayOrders)
      .where(and(eq(takeawayOrders.venueId, v.demo.id), eq(takeawayOrders.number, body.order.number)));
    return { id: row!.id, reservationId: row!.reservationId, statusToken: body.statusToken };
  }
  const staff = (url: string, payload: unknown, subdomain = 'demo') =>
    post(t, subdomain, url, payload, { token: v.tokens.sala });
  const guestSees = async (statusToken: string) =>
    (
      (await post(t, 'demo', '/world/api/takeaway/status', { statusToken })).json() as {
        order: { status: string; refusalReason: string | null; totalCents: number };
      }
    ).order;

  it('accepts an order into the kitchen and follows it to the counter, the guest seeing each step', async () => {
    const taken = await placed('21:15');
    expect(
      (await staff('/world/api/takeaway/advance', { takeawayOrderId: taken.id, status: 'ready' })).statusCode,
    ).toBe(409);
    const accepted = await staff('/world/api/takeaway/accept', { takeawayOrderId: taken.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const lines = await t.ctx.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.reservationId, taken.reservationId));
    expect(lines.map((line) => line.status)).toEqual([1]);
    expect((await guestSees(taken.statusToken)).status).toBe('accepted');
    for (const status of ['preparing', 'ready', 'delivered']) {
      const moved = await staff('/world/api/takeaway/advance', { takeawayOrderId: taken.id, status });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await guestSees(taken.statusToken)).status).toBe(status);
    }
    const twice = await staff('/world/api/takeaway/accept', { takeawayOrderId: taken.id });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses an order with a reason the guest reads, charges nothing and frees its place', async () => {
    const taken = await placed('21:30');
    const refused = await staff('/world/api/takeaway/refuse', {
      takeawayOrderId: taken.id,
      reason: 'Cocina cerrada',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await guestSees(taken.statusToken)).toMatchObject({
      status: 'refused',
      refusalReason: 'Cocina cerrada',
      totalCents: 0,
    });
    const [load] = await t.ctx.db
      .select()
      .from(takeawaySlotLoads)
      .where(eq(takeawaySlotLoads.slotStart, new Date('2026-11-20T20:30:00Z')));
    expect(load?.orders).toBe(0);
    expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: taken.id })).statusCode).toBe(409);
  });

  it('keeps another venue, guests and a bad body out', async () => {
    const taken = await placed('21:45');
    expect(
      (await post(t, 'demo', '/world/api/takeaway/accept', { takeawayOrderId: taken.id })).statusCode,
    ).toBe(401);
    expect(
      (await staff('/world/api/takeaway/refuse', { takeawayOrderId: taken.id, reason: ' ' })).statusCode,
    ).toBe(400);
    expect(
      (await staff('/world/api/takeaway/advance', { takeawayOrderId: taken.id, status: 'received' }))
        .statusCode,
    ).toBe(400);
    expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: 999999 })).statusCode).toBe(404);
    expect(
      (await staff('/world/api/takeaway/accept', { takeawayOrderId: taken.id }, 'otra')).statusCode,
    ).toBe(401);
  });
});

describe('counter handover and payment', () => {
  const staff = (url: string, payload: unknown, token = v.tokens.sala) =>
    post(t, 'demo', url, payload, { token });
  type Listed = {
    id: number;
    reservationId: number;
    number: number;
    status: string;
    totalCents: number;
    paidCents: number;
    paid: boolean;
    billIssued: boolean;
    lines: { name: string; options: string[]; comment: string | null }[];
  };
  const listed = async (id: number) => {
    const list = await staff('/world/account/gettakeaway', { date: TODAY });
    expect(list.statusCode, list.body).toBe(200);
    return (list.json() as { accounts: Listed[] }).accounts.find((entry) => entry.id === id)!;
  };

  it('takes cash for a ready order at the counter, issues its ticket with the order number, and lists it paid', async () => {
    const response = await post(t, 'demo', ORDER, order({ time: '20:15' }));
    expect(response.statusCode, response.body).toBe(201);
    const number = (response.json() as { order: { number: number } }).order.number;
    const [row] = await t.ctx.db
      .select()
      .from(takeawayOrders)
      .where(and(eq(takeawayOrders.venueId, v.demo.id), eq(takeawayOrders.number, number)));
    const id = row!.id;
    const reservationId = row!.reservationId;
    const before = await listed(id);
    expect(before).toMatchObject({ paid: false, paidCents: 0, billIssued: false });
    expect(before.lines).toEqual([expect.objectContaining({ name: dish.name, options: [], comment: null })]);

    expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: id })).statusCode).toBe(200);
    for (const status of ['preparing', 'ready'])
      expect((await staff('/world/api/takeaway/advance', { takeawayOrderId: id, status })).statusCode).toBe(
        200,
      );

    const paid = await staff('/world/api/payment/create', {
      reservationId,
      method: 'cash',
      amountCents: before.totalCents,
      tenderedCents: before.totalCents + 500,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json() as { changeCents: number }).changeCents).toBe(500);
    expect(await listed(id)).toMatchObject({ paid: true, paidCents: before.totalCents, billIssued: false });

    const closed = await staff('/world/api/reservation/paid-reservation', { reservationId });
    expect(closed.statusCode, closed.body).toBe(200);
    const bill = (closed.json() as { bill: { id: number; invoiceNumber: string } }).bill;
    expect(bill.invoiceNumber).toMatch(/^T/);
    const printed = await staff('/world/api/bill/print-info', { billId: bill.id });
    expect(printed.statusCode, printed.body).toBe(200);
    const info = printed.json() as { escPosText: string; takeaway: unknown };
    expect(info.takeaway).toEqual({ number, mode: 'pickup' });
    expect(info.escPosText).toMatch(new RegExp(`PARA LLEVAR: +PEDIDO ${number}\n`));

    expect(
      (await staff('/world/api/takeaway/advance', { takeawayOrderId: id, status: 'delivered' })).statusCode,
    ).toBe(200);
    expect(await listed(id)).toMatchObject({ status: 'delivered', paid: true, billIssued: true });
  });
});

describe('pausing online orders', () => {
  const PAUSE = '/world/api/takeaway/pause';
  const RESUME = '/world/api/takeaway/resume';
  const staff = (url: string, payload: unknown, token = v.tokens.sala, subdomain = 'demo') =>
    post(t, subdomain, url, payload, { token });
  const pauseShown = async () =>
    (
      (await staff('/world/account/gettakeaway', { date: TODAY })).json() as {
        pause: { pausedUntil: string | null; untilResumed: boolean };
      }
    ).pause;

  it('pauses for 30 minutes: the form is refused, staff see until when, and it ends by itself', async () => {
    const paused = await staff(PAUSE, { pause: 30 });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toEqual({
      result: 0,
      pause: { pausedUntil: '2026-11-20T13:30:00+01:00', untilResumed: false },
    });
    expect(await pauseShown()).toEqual({ pausedUntil: '2026-11-20T13:30:00+01:00', untilResumed: false });
    const refused = await post(t, 'demo', ORDER, order({ time: '21:00' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Ahora mismo no aceptamos pedidos online. Vuelve a intentarlo en un rato.',
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.venueId, v.demo.id), eq(auditLog.action, 'takeaway.pause')));
    expect(audit).toMatchObject({ entity: 'takeaway_settings', actorRole: 'Sala' });

    t.clock.set('2026-11-20T12:31:00Z');
    expect(await pauseShown()).toEqual({ pausedUntil: null, untilResumed: false });
    expect((await post(t, 'demo', ORDER, order({ time: '21:00' }))).statusCode).toBe(201);
  });

  it('pauses until resumed, and "Reanudar" takes orders again', async () => {
    const paused = await staff(PAUSE, { pause: 'untilResumed' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await pauseShown()).toEqual({ pausedUntil: null, untilResumed: true });
    t.clock.set('2026-11-20T19:00:00Z');
    expect((await post(t, 'demo', ORDER, order({ time: '21:00' }))).statusCode).toBe(409);
    const config = (await post(t, 'demo', '/world/api/takeaway/config', {})).json() as {
      pausedUntil: string | null;
    };
    expect(config.pausedUntil).not.toBeNull();

    const resumed = await staff(RESUME, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toEqual({ result: 0, pause: { pausedUntil: null, untilResumed: false } });
    expect((await post(t, 'demo', ORDER, order({ time: '21:00' }))).statusCode).toBe(201);
  });

  it('refuses a bad pause, a role that does not accept orders, guests and another venue', async () => {
    expect((await staff(PAUSE, { pause: 45 })).statusCode).toBe(400);
    expect((await staff(PAUSE, {})).statusCode).toBe(400);
    expect((await staff(RESUME, { extra: true })).statusCode).toBe(400);
    const cocina = await staff(PAUSE, { pause: 15 }, v.tokens.cocina);
    expect(cocina.statusCode).toBe(403);
    expect((await staff(RESUME, {}, v.tokens.cocina)).statusCode).toBe(403);
    expect((await post(t, 'demo', PAUSE, { pause: 15 })).statusCode).toBe(401);
    expect((await staff(PAUSE, { pause: 15 }, v.tokens.sala, 'otra')).statusCode).toBe(401);
    expect(await pauseShown()).toEqual({ pausedUntil: null, untilResumed: false });
  });
});
