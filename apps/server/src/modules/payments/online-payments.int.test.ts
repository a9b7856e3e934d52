import { randomUUID } from 'node:crypto';
import type { MenuProduct } from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  bills,
  fiscalRecords,
  onlinePayments,
  paymentSettings,
  payments,
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
import { decodeMerchantParameters, signRedsysMessage, type RedsysSignedMessage } from './redsys-signature.ts';
import { NOTIFICATION_PATH } from './online-payments.service.ts';
import { testAcquirerMerchant } from './payments.repository.ts';
import { TEST_CARD_AUTHORISED, startTestAcquirer, type TestAcquirer } from './test-acquirer/test-acquirer.ts';

/**
 * Issue 27 item 2 through HTTP: takeaway orders paid on the test acquirer's page (decision 039). The app
 * listens on loopback so the acquirer can notify it server to server, as Redsys would; the guest's
 * calls reach it as 127.0.0.1 (the default venue, the demo restaurant, which is set up for the acquirer).
 */

const DEMO_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const ORDER = '/world/api/takeaway/order';

let t: TestApp;
let v: OrderingVenues;
let acquirer: TestAcquirer;
let origin: string;
let dish: MenuProduct;

beforeAll(async () => {
  let app: TestApp | undefined;
  acquirer = await startTestAcquirer({
    merchants: (code, terminal) => testAcquirerMerchant(app!.ctx.db, code, terminal),
  });
  t = app = await buildTestApp({ testAcquirerUrl: acquirer.url });
  v = await givenOrderingVenues(t);
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  const found = productsOf(await demoMenu(t)).find(
    (entry) =>
      entry.isMenu === 'NO' &&
      entry.isUnitary === 'NO' &&
      entry.productOptions.every((type) => type.minChoices === 0) &&
      entry.priceCents > 500,
  );
  if (!found) throw new Error('no plain dish');
  dish = found;
}, 180_000);
afterAll(async () => {
  await t.close();
  await acquirer.close();
});

beforeEach(() => t.clock.set('2026-11-20T12:00:00Z'));

/** A guest's call as the browser on this machine makes it (Host 127.0.0.1:port). */
function guest(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { host: new URL(origin).host, 'idempotency-key': randomUUID(), ...headers },
    payload: payload as Record<string, unknown>,
    remoteAddress: `10.9.0.${Math.floor(Math.random() * 250) + 1}`,
  });
}

interface Ordered {
  statusToken: string;
  order: {
    number: number;
    status: string;
    totalCents: number;
    payment: { method: string; state: string | null };
  };
  paymentForm: { url: string; fields: Record<string, string> } | null;
}

async function orderOnline(time: string, extra: Record<string, unknown> = {}): Promise<Ordered> {
  const response = await guest(ORDER, {
    mode: 'pickup',
    date: '2026-11-20',
    time,
    name: 'Lucía',
    phone: '+34 600 222 333',
    email: 'lucia@example.com',
    products: [{ sku: dish.sku, orderQuantity: 2 }],
    payment: 'online',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Ordered;
}

const refOf = (ordered: Ordered) =>
  decodeMerchantParameters(ordered.paymentForm!.fields.Ds_MerchantParameters!)!.DS_MERCHANT_ORDER!;

/** The guest on the acquirer's page: the signed form, then the card; answers where the browser goes. */
async function payAtAcquirer(ordered: Ordered, card: string): Promise<string> {
  const page = await fetch(ordered.paymentForm!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(ordered.paymentForm!.fields).toString(),
  });
  expect(page.status).toBe(200);
  const session = /name="session" value="([0-9a-f]+)"/.exec(await page.text())?.[1];
  const paid = await fetch(`${acquirer.url}/sis/pagar`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session: session ?? '', card, expiry: '12/30', cvv: '123' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return paid.headers.get('location') ?? '';
}

async function guestSees(statusToken: string) {
  const response = await guest('/world/api/takeaway/status', { statusToken });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { order: Ordered['order'] & { refusalReason: string | null } }).order;
}

async function slotLoad(at: string) {
  const [row] = await t.ctx.db
    .select()
    .from(takeawaySlotLoads)
    .where(and(eq(takeawaySlotLoads.venueId, v.demo.id), eq(takeawaySlotLoads.slotStart, new Date(at))));
  return row?.orders ?? 0;
}

async function cardPaymentsOf(number: number) {
  const [order] = await t.ctx.db
    .select()
    .from(takeawayOrders)
    .where(and(eq(takeawayOrders.venueId, v.demo.id), eq(takeawayOrders.number, number)));
  return t.ctx.db.select().from(payments).where(eq(payments.reservationId, order!.reservationId));
}

/** A notification as the acquirer would sign it (with the demo merchant's key unless told otherwise). */
function notification(
  orderRef: string,
  amountCents: number,
  options: { key?: string; response?: string } = {},
) {
  return signRedsysMessage(options.key ?? DEMO_KEY, orderRef, {
    Ds_Amount: String(amountCents),
    Ds_Currency: '978',
    Ds_Order: orderRef,
    Ds_MerchantCode: '999008881',
    Ds_Terminal: '1',
    Ds_Response: options.response ?? '0000',
    Ds_TransactionType: '0',
    Ds_AuthorisationCode: '654321',
  });
}

function notify(body: Partial<RedsysSignedMessage>, host = new URL(origin).host) {
  return t.app.inject({
    method: 'POST',
    url: NOTIFICATION_PATH,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body as Record<string, string>).toString(),
  });
}

describe('paying a takeaway order online', () => {
  it('offers card payment for pickup and sends the guest to the acquirer with a signed form', async () => {
    const config = await guest('/world/api/takeaway/config', {});
    expect(config.json()).toMatchObject({ onlinePayment: true });
    const ordered = await orderOnline('20:00');
    // The merchant secret signs the form; it is never in a reply.
    expect(config.body).not.toContain(DEMO_KEY);
    expect(JSON.stringify(ordered)).not.toContain(DEMO_KEY);
    expect(ordered.order).toMatchObject({
      status: 'pending_payment',
      payment: { method: 'online', state: 'pending' },
    });
    expect(ordered.paymentForm?.url).toBe(`${acquirer.url}/sis/realizarPago`);
    expect(decodeMerchantParameters(ordered.paymentForm!.fields.Ds_MerchantParameters!)).toMatchObject({
      DS_MERCHANT_AMOUNT: String(dish.priceCents * 2),
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTURL: `${origin}${NOTIFICATION_PATH}`,
      DS_MERCHANT_URLOK: `${origin}/takeaway-delivery?payment=ok`,
    });
    expect(refOf(ordered)).toMatch(/^\d{4}[0-9A-Za-z]{8}$/);
    // The time is held while the guest pays; staff cannot take an order nobody has paid.
    expect(await slotLoad('2026-11-20T19:00:00Z')).toBe(1);
    const [row] = await t.ctx.db
      .select()
      .from(takeawayOrders)
      .where(eq(takeawayOrders.number, ordered.order.number));
    const accept = await post(
      t,
      'demo',
      '/world/api/takeaway/accept',
      { takeawayOrderId: row!.id },
      { token: v.tokens.sala },
    );
    expect(accept.statusCode).toBe(409);

    expect(await payAtAcquirer(ordered, TEST_CARD_AUTHORISED)).toBe(`${origin}/takeaway-delivery?payment=ok`);
    expect(await guestSees(ordered.statusToken)).toMatchObject({
      status: 'received',
      payment: { method: 'online', state: 'paid' },
    });
    // The account carries a card payment like one taken at a table: amount, reference, authorisation only.
    const taken = await cardPaymentsOf(ordered.order.number);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({
      method: 'card',
      amountCents: dish.priceCents * 2,
      terminalReference: refOf(ordered),
      cardLast4: null,
      voidedAt: null,
    });
    expect(taken[0]!.cardAuthCode).toMatch(/^\d{6}$/);
    const accepted = await post(
      t,
      'demo',
      '/world/api/takeaway/accept',
      { takeawayOrderId: row!.id },
      { token: v.tokens.sala },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Handed over, the paid account closes with its invoice and fiscal record, as a paid table's does.
    const advance = (status: string, token: string) =>
      post(t, 'demo', '/world/api/takeaway/advance', { takeawayOrderId: row!.id, status }, { token });
    expect((await advance('ready', v.tokens.cocina)).statusCode).toBe(200);
    expect((await advance('delivered', v.tokens.cocina)).statusCode).toBe(403);
    const delivered = await advance('delivered', v.tokens.sala);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const [bill] = await t.ctx.db.select().from(bills).where(eq(bills.reservationId, row!.reservationId));
    expect(bill).toMatchObject({ totalCents: dish.priceCents * 2 });
    expect(bill?.number).toEqual(expect.any(Number));
    const [paidBy] = await cardPaymentsOf(ordered.order.number);
    expect(paidBy?.billId).toBe(bill?.id);
    const records = await t.ctx.db.select().from(fiscalRecords).where(eq(fiscalRecords.billId, bill!.id));
    expect(records).toHaveLength(1);
    const [account] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, row!.reservationId));
    expect(account?.status).toBe(-2);
  });

  it('lets only the takeaway page post a form to the acquirer (CSP form-action)', async () => {
    const paying = await t.app.inject({
      method: 'GET',
      url: '/takeaway-delivery',
      headers: { host: new URL(origin).host },
    });
    expect(paying.headers['content-security-policy']).toContain(`form-action 'self' ${acquirer.url};`);
    const other = await t.app.inject({
      method: 'GET',
      url: '/reservar',
      headers: { host: new URL(origin).host },
    });
    expect(other.headers['content-security-policy']).toContain("form-action 'self';");
  });

  it('refuses a forged notification, a wrong amount and an unknown order, and pays nothing', async () => {
    const ordered = await orderOnline('20:15');
    const ref = refOf(ordered);
    const amount = dish.priceCents * 2;
    const forged = notification(ref, amount, { key: Buffer.alloc(24, 7).toString('base64') });
    expect((await notify(forged)).statusCode).toBe(400);
    expect(
      (await notify({ ...notification(ref, amount), Ds_Signature: forged.Ds_Signature })).statusCode,
    ).toBe(400);
    expect((await notify(notification(ref, amount - 1))).statusCode).toBe(400);
    expect((await notify(notification('9999ZZZZ', amount))).statusCode).toBe(400);
    expect((await notify({ Ds_MerchantParameters: 'x' })).statusCode).toBe(400);
    expect(await guestSees(ordered.statusToken)).toMatchObject({ status: 'pending_payment' });
    expect(await cardPaymentsOf(ordered.order.number)).toHaveLength(0);
  });

  it('pays once when the acquirer notifies twice', async () => {
    const ordered = await orderOnline('20:30');
    const signed = notification(refOf(ordered), dish.priceCents * 2);
    const first = await notify(signed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toBe('OK');
    expect((await notify(signed)).statusCode).toBe(200);
    expect(await cardPaymentsOf(ordered.order.number)).toHaveLength(1);
    expect((await guestSees(ordered.statusToken)).payment.state).toBe('paid');
  });

  it('fails a denied card, sends the guest to URLKO and gives the time back', async () => {
    const ordered = await orderOnline('20:45');
    expect(await slotLoad('2026-11-20T19:45:00Z')).toBe(1);
    expect(await payAtAcquirer(ordered, '4111111111111111')).toBe(`${origin}/takeaway-delivery?payment=ko`);
    expect(await guestSees(ordered.statusToken)).toMatchObject({
      status: 'payment_failed',
      payment: { state: 'failed' },
    });
    expect(await slotLoad('2026-11-20T19:45:00Z')).toBe(0);
    expect(await cardPaymentsOf(ordered.order.number)).toHaveLength(0);
  });

  it('frees the time of a payment nobody finished, and refunds one that comes after', async () => {
    const ordered = await orderOnline('21:00');
    t.clock.advance(11 * 60_000);
    const slots = await guest('/world/api/takeaway/slots', { date: '2026-11-20' });
    const times = (slots.json() as { timeSlots: { time: string; left: number }[] }).timeSlots;
    expect(times.find((slot) => slot.time === '21:00')?.left).toBe(4);
    expect((await guestSees(ordered.statusToken)).status).toBe('payment_failed');

    expect(await payAtAcquirer(ordered, TEST_CARD_AUTHORISED)).toContain('payment=ok');
    const [row] = await t.ctx.db
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.orderRef, refOf(ordered)));
    expect(row).toMatchObject({ status: 'refunded' });
    expect(await cardPaymentsOf(ordered.order.number)).toHaveLength(0);
  });

  it('refunds a paid order staff refuse, through the acquirer, and voids its payment', async () => {
    const ordered = await orderOnline('21:15');
    await payAtAcquirer(ordered, TEST_CARD_AUTHORISED);
    const [row] = await t.ctx.db
      .select()
      .from(takeawayOrders)
      .where(eq(takeawayOrders.number, ordered.order.number));
    const refused = await post(
      t,
      'demo',
      '/world/api/takeaway/refuse',
      { takeawayOrderId: row!.id, reason: 'Sin existencias' },
      { token: v.tokens.sala },
    );
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await guestSees(ordered.statusToken)).toMatchObject({
      status: 'refused',
      refusalReason: 'Sin existencias',
      payment: { state: 'refunded' },
    });
    const [payment] = await cardPaymentsOf(ordered.order.number);
    expect(payment?.voidedAt).toBeInstanceOf(Date);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.entityId, String(payment!.id))));
    expect(audit).toHaveLength(1);
    // The acquirer has nothing left to give back: the refund happened there, once.
    const again = signRedsysMessage(DEMO_KEY, refOf(ordered), {
      DS_MERCHANT_AMOUNT: '1',
      DS_MERCHANT_ORDER: refOf(ordered),
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '3',
    });
    const reply = await fetch(`${acquirer.url}/sis/rest/trataPeticionREST`, {
      method: 'POST',
      body: JSON.stringify(again),
    });
    const answer = (await reply.json()) as { Ds_MerchantParameters: string };
    expect(decodeMerchantParameters(answer.Ds_MerchantParameters)).toMatchObject({ Ds_Response: '9999' });
  });

  it('keeps another venue out', async () => {
    const ordered = await orderOnline('21:30');
    const signed = notification(refOf(ordered), dish.priceCents * 2);
    // The other venue has no provider; with one of its own, the demo's order is still not its to settle.
    expect((await notify(signed, 'otra.sobremesa.test')).statusCode).toBe(400);
    await t.ctx.db.insert(paymentSettings).values({
      venueId: v.other.venue.id,
      environment: 'test_acquirer',
      merchantCode: '999008881',
      terminal: '2',
      secretKey: DEMO_KEY,
    });
    expect((await notify(signed, 'otra.sobremesa.test')).statusCode).toBe(400);
    expect((await guestSees(ordered.statusToken)).status).toBe('pending_payment');
  });

  it('charges a delivery order its dishes and its fee, and bills both when it is handed over', async () => {
    await t.ctx.db
      .insert(takeawaySettings)
      .values({ venueId: v.demo.id, deliveryEnabled: true })
      .onConflictDoUpdate({ target: takeawaySettings.venueId, set: { deliveryEnabled: true } });
    await t.ctx.db
      .insert(takeawayZones)
      .values({ venueId: v.demo.id, name: 'Centro', postalCodes: ['28013'], feeCents: 350 });
    const total = dish.priceCents * 2 + 350;
    const ordered = await orderOnline('21:45', {
      mode: 'delivery',
      address: 'Calle Mayor 1',
      postalCode: '28013',
    });
    expect(ordered.order.totalCents).toBe(total);
    expect(decodeMerchantParameters(ordered.paymentForm!.fields.Ds_MerchantParameters!)).toMatchObject({
      DS_MERCHANT_AMOUNT: String(total),
    });
    expect(await payAtAcquirer(ordered, TEST_CARD_AUTHORISED)).toBe(`${origin}/takeaway-delivery?payment=ok`);
    expect(await cardPaymentsOf(ordered.order.number)).toEqual([
      expect.objectContaining({ method: 'card', amountCents: total }),
    ]);
    const [row] = await t.ctx.db
      .select()
      .from(takeawayOrders)
      .where(and(eq(takeawayOrders.venueId, v.demo.id), eq(takeawayOrders.number, ordered.order.number)));
    const move = (url: string, payload: Record<string, unknown>) =>
      post(t, 'demo', url, { takeawayOrderId: row!.id, ...payload }, { token: v.tokens.sala });
    expect((await move('/world/api/takeaway/accept', {})).statusCode).toBe(200);
    for (const status of ['ready', 'out_for_delivery', 'delivered']) {
      const moved = await move('/world/api/takeaway/advance', { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // The card payment covers the bill exactly: dishes and the fee's line, as the guest was told.
    const [bill] = await t.ctx.db.select().from(bills).where(eq(bills.reservationId, row!.reservationId));
    expect(bill).toMatchObject({ totalCents: total });
    expect(bill?.number).toEqual(expect.any(Number));

    // Refused, the guest gets dishes and fee back and the fee's line goes with the dishes.
    const refused = await orderOnline('22:00', {
      mode: 'delivery',
      address: 'Calle Mayor 3',
      postalCode: '28013',
    });
    await payAtAcquirer(refused, TEST_CARD_AUTHORISED);
    const [refusedRow] = await t.ctx.db
      .select()
      .from(takeawayOrders)
      .where(and(eq(takeawayOrders.venueId, v.demo.id), eq(takeawayOrders.number, refused.order.number)));
    const refusal = await post(
      t,
      'demo',
      '/world/api/takeaway/refuse',
      { takeawayOrderId: refusedRow!.id, reason: 'Sin repartidor' },
      { token: v.tokens.sala },
    );
    expect(refusal.statusCode, refusal.body).toBe(200);
    expect(await guestSees(refused.statusToken)).toMatchObject({
      status: 'refused',
      totalCents: 0,
      payment: { state: 'refunded' },
    });
    const [refund] = await t.ctx.db
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.takeawayOrderId, refusedRow!.id));
    expect(refund).toMatchObject({ status: 'refunded', amountCents: total });
    const lines = await t.ctx.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.reservationId, refusedRow!.reservationId));
    expect(lines.map((line) => line.status)).toEqual([-4, -4]);
  });
});
