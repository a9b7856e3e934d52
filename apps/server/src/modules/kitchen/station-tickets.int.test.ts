import {
  STATION_TICKETS_TOPIC,
  type MenuProduct,
  type StationTicket,
  type StationTicketsEvent,
} from '@sobremesa/contracts';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dishClasses, elaborationStations, realtimeEvents, users } from '../../db/schema/index.ts';
import { call, buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  releaseTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * Issue 18 items 1 and 2, printed: when dishes reach a station the venue's print helper is given a ticket
 * per station with the table, covers, time and server, the table's allergies above the dishes, every
 * chosen option under its dish, identical dishes merged and a clashing dish flagged (decision 029).
 */
let t: TestApp;
let v: OrderingVenues;
let catalogue: MenuProduct[];
const station = new Map<string, number>();

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  catalogue = productsOf(await demoMenu(t));
  for (const row of await t.ctx.db
    .select()
    .from(elaborationStations)
    .where(eq(elaborationStations.venueId, v.demo.id)))
    station.set(row.name, row.id);
}, 180_000);
afterAll(() => t.close());
afterEach(() => releaseTables(t, v.demo.id));

const CREATE = '/world/api/cartsession/createcartsessionorder';
const as = (who: 'sala' | 'admin', url: string, payload: unknown) =>
  post(t, 'demo', url, payload, { token: v.tokens[who] });

async function lastSeq(): Promise<number> {
  const [row] = await t.ctx.db
    .select({ seq: realtimeEvents.seq })
    .from(realtimeEvents)
    .orderBy(desc(realtimeEvents.seq))
    .limit(1);
  return row?.seq ?? 0;
}

/** The tickets announced after `since`, in order. */
async function ticketsSince(since: number): Promise<StationTicket[]> {
  const rows = await t.ctx.db
    .select()
    .from(realtimeEvents)
    .where(
      and(
        eq(realtimeEvents.venueId, v.demo.id),
        eq(realtimeEvents.topic, STATION_TICKETS_TOPIC),
        gt(realtimeEvents.seq, since),
      ),
    )
    .orderBy(asc(realtimeEvents.seq));
  return rows.flatMap((row) => (row.payload as StationTicketsEvent).tickets);
}

const texts = (ticket: StationTicket) => ticket.lines.map((line) => ('text' in line ? line.text : '---'));

async function declareGluten(wid: string): Promise<void> {
  const list = await call(t, 'demo', { method: 'GET', url: '/world/api/allergens/list' });
  const gluten = (list.json() as { allergens: { id: number; code: string }[] }).allergens.find(
    (allergen) => allergen.code === 'gluten',
  )!;
  const saved = await as('sala', '/world/reservation/update-allergies', {
    reservationWid: wid,
    allergensId: [gluten.id],
    dietaryNotes: 'Celíaca',
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

function withGluten(): MenuProduct {
  return catalogue.find(
    (product) =>
      product.type === 'comida' &&
      product.isMenu === 'NO' &&
      product.isUnitary === 'NO' &&
      product.productOptions.every((type) => type.minChoices === 0) &&
      product.allergens.some((allergen) => allergen.code === 'gluten'),
  )!;
}

describe('printed station tickets', () => {
  it("give the bar its gin with the chosen brand and the kitchen the dish flagged, allergies on top, on each station's printer", async () => {
    const configured = await as('admin', '/world/api/venueconfig/update', {
      printEnabled: true,
      stationPrinters: { [String(station.get('Barra'))]: 'barra' },
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const table = await givenSeatedTable(t, v);
    await declareGluten(table.wid);
    const ginTonic = catalogue.find((product) => product.sku === 'VER-02')!;
    const gin = ginTonic.productOptions[0]!;
    const hendricks = gin.options.find((option) => option.name === "Hendrick's")!;
    const dish = withGluten();
    const since = await lastSeq();
    const ordered = await as('sala', CREATE, {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [
        {
          sku: 'VER-02',
          options: [{ optionTypeId: gin.id, productChoiceId: hendricks.id }],
          orderQuantity: 2,
        },
        { sku: dish.sku, options: [], orderQuantity: 1 },
      ],
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    // The order's tickets and then the order itself, on consecutive seqs (one append in its last statement).
    const events = await t.ctx.db
      .select({ seq: realtimeEvents.seq, topic: realtimeEvents.topic })
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.venueId, v.demo.id), gt(realtimeEvents.seq, since)))
      .orderBy(asc(realtimeEvents.seq));
    expect(events.map((event) => event.topic)).toEqual([STATION_TICKETS_TOPIC, 'order.created']);
    expect(events[1]!.seq).toBe(events[0]!.seq + 1);

    const tickets = await ticketsSince(since);
    const bar = tickets.find((ticket) => ticket.stationId === station.get('Barra'))!;
    expect(bar.printer).toBe('barra');
    expect(bar.reservationId).toBe(table.reservationId);
    const barText = texts(bar);
    expect(barText[0]).toBe('BARRA');
    expect(barText).toContain('2 comensales · 13:00');
    const [waiter] = await t.ctx.db.select().from(users).where(eq(users.email, 'sala@demo.test'));
    expect(barText).toContain(`Camarero: ${waiter!.name}`);
    expect(barText).toContain('!! ALERGIAS: Gluten !!');
    expect(barText).toContain('Nota: Celíaca');
    // Two gin tonics with the same gin: one line, two units, the brand under it.
    expect(barText.filter((line) => line.includes('Gin tonic'))).toEqual(['2x Gin tonic']);
    expect(barText[barText.indexOf('2x Gin tonic') + 1]).toBe("   - Hendrick's");
    expect(barText.some((line) => line.includes(dish.name))).toBe(false);

    const kitchen = tickets.find((ticket) => texts(ticket).includes(`1x ${dish.name}`))!;
    expect(kitchen.printer).toBeNull();
    const kitchenText = texts(kitchen);
    expect(kitchenText.indexOf('!! ALERGIAS: Gluten !!')).toBeLessThan(
      kitchenText.indexOf(`1x ${dish.name}`),
    );
    expect(kitchenText[kitchenText.indexOf(`1x ${dish.name}`) + 1]).toBe('   !! ALÉRGENO DE LA MESA: Gluten');
    // Each ticket is one job: the same arrival never prints twice on one helper.
    expect(new Set(tickets.map((ticket) => ticket.jobId)).size).toBe(tickets.length);
  });

  it('print a later course when it is fired, named, and nothing while it is held', async () => {
    const table = await givenSeatedTable(t, v);
    const [segundos] = await t.ctx.db
      .select()
      .from(dishClasses)
      .where(and(eq(dishClasses.venueId, v.demo.id), eq(dishClasses.name, 'Segundos')));
    const main = catalogue.find(
      (product) =>
        product.dishClass === segundos!.id &&
        product.isMenu === 'NO' &&
        product.isUnitary === 'NO' &&
        product.productOptions.every((type) => type.minChoices === 0),
    )!;
    const since = await lastSeq();
    const ordered = await as('sala', CREATE, {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [
        { sku: 'ENT-02', options: [], orderQuantity: 1 },
        { sku: main.sku, options: [], orderQuantity: 1 },
      ],
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const first = await ticketsSince(since);
    expect(first.length).toBeGreaterThan(0);
    expect(first.flatMap(texts).some((line) => line.includes(main.name))).toBe(false);

    const afterOrder = await lastSeq();
    const fired = await as('sala', '/world/api/productorder/dispatch-fireable', {
      reservationId: table.reservationId,
      dishClassId: segundos!.id,
    });
    expect(fired.statusCode, fired.body).toBe(200);
    const second = await ticketsSince(afterOrder);
    expect(second).toHaveLength(1);
    expect(texts(second[0]!)).toEqual(expect.arrayContaining(['Pase: Segundos', `1x ${main.name}`]));
  });

  it('announce nothing on a venue that does not print', async () => {
    const off = await as('admin', '/world/api/venueconfig/update', { printEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    const table = await givenSeatedTable(t, v);
    const since = await lastSeq();
    const ordered = await as('sala', CREATE, {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [{ sku: 'ENT-02', options: [], orderQuantity: 1 }],
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(await ticketsSince(since)).toEqual([]);
  });

  it('refuses a station printer that is not a station id', async () => {
    const refused = await as('admin', '/world/api/venueconfig/update', { stationPrinters: { barra: 'x' } });
    expect(refused.statusCode).toBe(400);
  });
});
