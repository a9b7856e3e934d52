import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BillView, PaymentInfo } from '@sobremesa/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bills,
  payments,
  realtimeEvents,
  reservations,
  tips,
  vouchers,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

const PAYMENT_INFO = '/world/api/reservation/payment-info';
const BILL_PAYMENT_INFO = '/world/api/reservation/bill-payment-info';
const REQUEST_TICKET = '/world/api/reservation/request-ticket';
const PAY = '/world/api/payment/create';
const UPDATE_METHOD = '/world/api/payment/update-method';
const PAID = '/world/api/reservation/paid-reservation';
const TIP = '/world/api/tip/create';
const VOUCHER = '/world/api/voucher-set';
const PROMOTE = '/world/api/reservation-promotions/assign-to-reservation';
const UNPROMOTE = '/world/api/reservation-promotions/delete';
const VOID = '/world/api/payment/void';
const NOMINATIVE = '/world/api/bill/create-nominative-invoice';
const PRINT = '/world/api/bill/print-info';
const PDF = '/world/api/bill/view-bill-pdf';

let t: TestApp;
let v: OrderingVenues;
/** A seated account of the other venue (SEC-01 checks). */
let foreignReservationId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  foreignReservationId = (await givenSeatedTable(t, v, 'otra', v.other.tokens.staff)).reservationId;
  // Seeding the demo and signing its seven accounts in (argon2id) is slow on a busy two-core runner.
}, 180_000);
afterAll(() => t.close());

/** Accounts a test opened: closed afterwards so the demo floor keeps free tables for the next test. */
const opened: number[] = [];
afterEach(async () => {
  for (const id of opened.splice(0))
    await post(t, 'demo', `/world/api/reservation/${id}/close`, {}, { token: v.tokens.sala });
});

/**
 * A seated table of the demo venue with 2 × Patatas bravas (6,50, VAT 10 %) and 3 × Cerveza gallega
 * (3,50, VAT 21 %): 23,50 owed; 10 %: base 11,82 + VAT 1,18; 21 %: base 8,68 + VAT 1,82.
 */
async function givenAccount() {
  const table = await givenSeatedTable(t, v);
  opened.push(table.reservationId);
  const ordered = await post(
    t,
    'demo',
    '/world/api/cartsession/createcartsessionorder',
    {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [
        { sku: 'ENT-02', options: [], orderQuantity: 2 },
        { sku: 'CER-03', options: [], orderQuantity: 3 },
      ],
    },
    { token: v.tokens.sala },
  );
  expect(ordered.statusCode, ordered.body).toBe(201);
  return table;
}

const as = (token: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  post(t, 'demo', url, payload, { token, headers });

async function infoOf(reservationId: number): Promise<PaymentInfo> {
  const response = await as(v.tokens.tpv, PAYMENT_INFO, { reservationId });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { paymentInfo: PaymentInfo }).paymentInfo;
}

async function payInFull(reservationId: number, extra: Record<string, unknown> = {}): Promise<BillView> {
  const response = await as(v.tokens.tpv, PAID, { reservationId, paymentMethod: 'card', ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { bill: BillView }).bill;
}

/** What the floor's tile and reservation card say the account owes (Sala's day read). */
async function floorInfoOf(reservationId: number) {
  const response = await as(v.tokens.sala, '/world/api/reservation/getbyday', {});
  expect(response.statusCode, response.body).toBe(200);
  const { reservations } = response.json() as {
    reservations: { id: number; paymentInfo: { total: number; paid: number; pending: number } }[];
  };
  return reservations.find((reservation) => reservation.id === reservationId)?.paymentInfo;
}

async function latestTopics(limit = 3) {
  const rows = await t.ctx.db
    .select()
    .from(realtimeEvents)
    .where(eq(realtimeEvents.venueId, v.demo.id))
    .orderBy(desc(realtimeEvents.seq))
    .limit(limit);
  return rows.map((row) => row.topic);
}

describe('what an account owes', () => {
  it('adds up the lines with VAT per rate, one rounding per rate (REL-04)', async () => {
    const table = await givenAccount();
    const info = await infoOf(table.reservationId);
    expect(info.total).toBe(2350);
    expect(info.pending).toBe(2350);
    expect(info.taxLines).toEqual([
      { vatRateBp: 1000, baseCents: 1182, vatCents: 118, totalCents: 1300 },
      { vatRateBp: 2100, baseCents: 868, vatCents: 182, totalCents: 1050 },
    ]);
    expect(info.baseCents + info.vatCents).toBe(info.total);
  });

  it('answers Pasante, refuses Cocina, bad input and another venue’s account', async () => {
    const table = await givenAccount();
    expect(
      (await as(v.tokens.pasante, PAYMENT_INFO, { reservationId: table.reservationId })).statusCode,
    ).toBe(200);
    expect((await as(v.tokens.cocina, PAYMENT_INFO, { reservationId: table.reservationId })).statusCode).toBe(
      403,
    );
    expect(
      (await as(v.tokens.tpv, PAYMENT_INFO, { reservationId: table.reservationId, x: 1 })).statusCode,
    ).toBe(400);
    expect((await as(v.tokens.tpv, PAYMENT_INFO, { reservationId: foreignReservationId })).statusCode).toBe(
      404,
    );
  });

  it('makes the guest’s bill (type 0) and splits what is owed in parts that add up', async () => {
    const table = await givenAccount();
    const equal = await as(v.tokens.tpv, BILL_PAYMENT_INFO, {
      reservationId: table.reservationId,
      split: { mode: 'equal', parts: 3 },
    });
    expect(equal.statusCode, equal.body).toBe(200);
    const body = equal.json() as {
      bill: BillView;
      split: { parts: { amountCents: number; productOrderIds: number[] }[] };
      paymentInfo: PaymentInfo;
    };
    expect(body.bill.type).toBe(0);
    expect(body.bill.invoiceNumber).toBeNull();
    expect(body.bill.totalCents).toBe(2350);
    expect(body.split.parts.map((part) => part.amountCents)).toEqual([784, 783, 783]);

    const [bravas, beers] = [body.paymentInfo.lines[0]!, body.paymentInfo.lines[1]!];
    const byItems = await as(v.tokens.tpv, BILL_PAYMENT_INFO, {
      reservationId: table.reservationId,
      split: {
        mode: 'items',
        parts: 2,
        assignments: [
          { productOrderId: bravas.productOrderId, part: 0 },
          { productOrderId: beers.productOrderId, part: 1 },
        ],
      },
    });
    const parts = (byItems.json() as typeof body).split.parts;
    expect(parts.map((part) => part.amountCents)).toEqual([1300, 1050]);
    // Asking again with nothing changed keeps the same bill.
    expect((byItems.json() as typeof body).bill.id).toBe(body.bill.id);

    const unknownLine = await as(v.tokens.tpv, BILL_PAYMENT_INFO, {
      reservationId: table.reservationId,
      split: { mode: 'items', parts: 2, assignments: [{ productOrderId: 999999, part: 0 }] },
    });
    expect(unknownLine.statusCode).toBe(400);
  });
});

describe('request-ticket', () => {
  it('sends the account to payment (status 7) and tells staff screens', async () => {
    const table = await givenAccount();
    const response = await as(v.tokens.sala, REQUEST_TICKET, {
      reservationWid: table.wid,
      paymentMethod: 'card',
      uid: 'staff-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    const info = (response.json() as { paymentInfo: PaymentInfo }).paymentInfo;
    expect(info.status).toBe(7);
    expect(info.requestedPaymentMethod).toBe('card');
    expect(await latestTopics(1)).toEqual(['reservation.bill_requested']);
  });

  it('refuses bad input with the spec’s message, Cocina, and another venue’s account', async () => {
    const table = await givenAccount();
    const bad = await as(v.tokens.sala, REQUEST_TICKET, {
      reservationWid: table.wid,
      paymentMethod: 'bitcoin',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'No se ha podido marcar el método de pago' });
    const cocina = await as(v.tokens.cocina, REQUEST_TICKET, {
      reservationWid: table.wid,
      paymentMethod: 'cash',
    });
    expect(cocina.statusCode).toBe(403);
    const foreign = await as(v.tokens.sala, REQUEST_TICKET, {
      reservationWid: foreignReservationId,
      paymentMethod: 'cash',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a finished account with the spec’s message', async () => {
    const table = await givenAccount();
    await payInFull(table.reservationId);
    const again = await as(v.tokens.sala, REQUEST_TICKET, {
      reservationWid: table.wid,
      paymentMethod: 'cash',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'No se ha podido marcar el método de pago' });
  });
});

describe('payments', () => {
  it('takes a card payment with a tip outside the bill, then cash with change', async () => {
    const table = await givenAccount();
    const card = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      amountCents: 1200,
      tipCents: 200,
      card: { brand: 'VISA', last4: '4242', authCode: 'A1B2C3' },
    });
    expect(card.statusCode, card.body).toBe(201);
    const afterCard = card.json() as { paymentInfo: PaymentInfo; tip: { amountCents: number } };
    expect(afterCard.paymentInfo.pending).toBe(1150);
    expect(afterCard.paymentInfo.tipCents).toBe(200);
    // The tip is outside the total and the VAT base (FIS-06).
    expect(afterCard.paymentInfo.total).toBe(2350);

    const cash = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'cash',
      amountCents: 1150,
      tenderedCents: 2000,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json()).toMatchObject({ changeCents: 850, paymentInfo: { pending: 0, paid: 2350 } });
    expect(await latestTopics(1)).toEqual(['reservation.payment']);
  });

  it('pays a part of a split by items: the server works out the amount and marks the lines paid', async () => {
    const table = await givenAccount();
    const info = await infoOf(table.reservationId);
    const bravas = info.lines[0]!;
    const response = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      productOrderIds: [bravas.productOrderId],
    });
    expect(response.statusCode, response.body).toBe(201);
    const after = (response.json() as { paymentInfo: PaymentInfo }).paymentInfo;
    expect(after.paid).toBe(1300);
    expect(after.lines.find((line) => line.productOrderId === bravas.productOrderId)?.paid).toBe(true);
    const twice = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      productOrderIds: [bravas.productOrderId],
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses more than is owed, Pasante, bad input and another venue’s account, with the spec’s message', async () => {
    const table = await givenAccount();
    const tooMuch = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      amountCents: 2351,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect((tooMuch.json() as { message: string }).message).toBe(
      'Error en el pago: el importe supera lo pendiente de la cuenta (23,50 €)',
    );
    const short = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'cash',
      amountCents: 1000,
      tenderedCents: 500,
    });
    expect(short.statusCode).toBe(400);
    expect((short.json() as { message: string }).message).toMatch(/^Error en el pago: /);
    const pasante = await as(v.tokens.pasante, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      amountCents: 100,
    });
    expect(pasante.statusCode).toBe(403);
    const float = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      amountCents: 10.5,
    });
    expect(float.statusCode).toBe(400);
    const pan = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      amountCents: 100,
      card: { last4: '4242424242424242' },
    });
    expect(pan.statusCode).toBe(400);
    const panInReference = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      amountCents: 100,
      card: { authCode: '12345678', terminalReference: 'TPV 4111111111111111' },
    });
    expect(panInReference.statusCode).toBe(400);
    const foreign = await as(v.tokens.tpv, PAY, {
      reservationId: foreignReservationId,
      method: 'card',
      amountCents: 100,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await infoOf(table.reservationId)).paid).toBe(0);
  });

  it('never lets two tablets together pay more than is owed (REL-02)', async () => {
    const table = await givenAccount();
    const pay = (token: string) =>
      as(token, PAY, { reservationId: table.reservationId, method: 'card', amountCents: 1500 });
    const replies = await Promise.all([pay(v.tokens.tpv), pay(v.tokens.sala)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, table.reservationId));
    expect(rows.map((row) => row.amountCents)).toEqual([1500]);
  });

  it('takes a retried payment once (REL-03)', async () => {
    const table = await givenAccount();
    const key = { 'idempotency-key': `pay-${table.reservationId}` };
    const body = { reservationId: table.reservationId, method: 'card', amountCents: 700 };
    const [first, second] = await Promise.all([
      as(v.tokens.tpv, PAY, body, key),
      as(v.tokens.tpv, PAY, body, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json()).toEqual(second.json());
    const rows = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, table.reservationId));
    expect(rows).toHaveLength(1);
    const changed = await as(v.tokens.tpv, PAY, { ...body, amountCents: 701 }, key);
    expect(changed.statusCode).toBe(422);
  });

  it('corrects a payment’s method until the bill is issued', async () => {
    const table = await givenAccount();
    const paid = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      amountCents: 500,
    });
    const paymentId = (paid.json() as { payment: { id: number } }).payment.id;
    const toCash = await as(v.tokens.tpv, UPDATE_METHOD, {
      reservationId: table.reservationId,
      paymentMethod: 'cash',
      paymentId,
    });
    expect(toCash.statusCode, toCash.body).toBe(200);
    expect((toCash.json() as { paymentInfo: PaymentInfo }).paymentInfo.payments[0]).toMatchObject({
      method: 'cash',
      tenderedCents: 500,
      changeCents: 0,
    });
    expect(
      (
        await as(v.tokens.pasante, UPDATE_METHOD, {
          reservationId: table.reservationId,
          paymentMethod: 'card',
        })
      ).statusCode,
    ).toBe(403);
    await payInFull(table.reservationId);
    const locked = await as(v.tokens.tpv, UPDATE_METHOD, {
      reservationId: table.reservationId,
      paymentMethod: 'card',
      paymentId,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ message: 'No se ha podido marcar el método de pago' });
    const foreign = await as(v.tokens.tpv, UPDATE_METHOD, {
      reservationId: foreignReservationId,
      paymentMethod: 'card',
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('payment/void', () => {
  it('takes back a payment made in error: its tip too, and the lines it paid are owed again, kept and audited', async () => {
    const table = await givenAccount();
    const bravas = (await infoOf(table.reservationId)).lines[0]!;
    const paid = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      productOrderIds: [bravas.productOrderId],
      tipCents: 200,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = (paid.json() as { payment: { id: number } }).payment.id;
    const voidIt = (token: string, body: Record<string, unknown> = {}) =>
      as(token, VOID, { reservationId: table.reservationId, paymentId, reason: 'Mesa equivocada', ...body });

    expect((await voidIt(v.tokens.sala)).statusCode).toBe(403);
    expect((await voidIt(v.tokens.pasante)).statusCode).toBe(403);
    expect((await voidIt(v.tokens.tpv, { reason: '  ' })).statusCode).toBe(400);
    expect((await infoOf(table.reservationId)).paid).toBe(1300);

    const voided = await voidIt(v.tokens.tpv);
    expect(voided.statusCode, voided.body).toBe(200);
    const info = (voided.json() as { paymentInfo: PaymentInfo }).paymentInfo;
    expect(info).toMatchObject({ total: 2350, paid: 0, pending: 2350, tipCents: 0, payments: [], tips: [] });
    expect(info.lines.find((line) => line.productOrderId === bravas.productOrderId)?.paid).toBe(false);
    expect(await latestTopics(1)).toEqual(['reservation.payment_voided']);
    // Kept, never deleted: the payment and its tip are marked, the audit log says who and why.
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.voidedAt).toBeInstanceOf(Date);
    const [tip] = await t.ctx.db.select().from(tips).where(eq(tips.paymentId, paymentId));
    expect(tip?.voidedAt).toBeInstanceOf(Date);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.void'), eq(auditLog.entityId, String(paymentId))));
    expect(entry?.after).toMatchObject({ reason: 'Mesa equivocada', unpaidLineIds: [bravas.productOrderId] });

    const twice = await voidIt(v.tokens.tpv);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'Este pago ya estaba anulado.' });
    // The line can be paid again, and the bill issued leaves the voided payment out.
    const bill = await payInFull(table.reservationId);
    expect(bill).toMatchObject({ totalCents: 2350, tipCents: 0 });
    const [after] = await t.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(after?.billId).toBeNull();
  });

  it('lets 1 en Sala void, refuses a payment on an issued invoice, another account’s and another venue’s', async () => {
    const table = await givenAccount();
    const pay = async (amountCents: number) => {
      const response = await as(v.tokens.tpv, PAY, {
        reservationId: table.reservationId,
        method: 'cash',
        amountCents,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { payment: { id: number } }).payment.id;
    };
    const first = await pay(500);
    const byHead = await as(v.tokens.sala1, VOID, {
      reservationId: table.reservationId,
      paymentId: first,
      reason: 'Importe mal tecleado',
    });
    expect(byHead.statusCode, byHead.body).toBe(200);
    const other = await givenAccount();
    const second = await pay(700);
    const elsewhere = await as(v.tokens.tpv, VOID, {
      reservationId: other.reservationId,
      paymentId: second,
      reason: 'x',
    });
    expect(elsewhere.statusCode).toBe(404);
    const foreign = await as(v.tokens.tpv, VOID, {
      reservationId: foreignReservationId,
      paymentId: second,
      reason: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    await payInFull(table.reservationId);
    const locked = await as(v.tokens.tpv, VOID, {
      reservationId: table.reservationId,
      paymentId: second,
      reason: 'Tarde',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      message: 'Este pago ya está en una factura emitida y no se puede cambiar.',
    });
  });
});

describe('paid-reservation and invoices', () => {
  it('refuses while something is owed, with the spec’s message', async () => {
    const table = await givenAccount();
    const response = await as(v.tokens.tpv, PAID, { reservationId: table.reservationId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'No se ha podido marcar la cuenta como pagada',
      pending: 2350,
    });
    expect(
      (await as(v.tokens.pasante, PAID, { reservationId: table.reservationId, paymentMethod: 'card' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(v.tokens.tpv, PAID, { reservationId: foreignReservationId, paymentMethod: 'card' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(v.tokens.tpv, PAID, { reservationId: table.reservationId, paymentMethod: 'gold' }))
        .statusCode,
    ).toBe(400);
  });

  it('issues the simplified invoice, closes the account and keeps the invoice as issued', async () => {
    const table = await givenAccount();
    await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      amountCents: 1000,
      tipCents: 150,
    });
    const response = await as(v.tokens.tpv, PAID, {
      reservationId: table.reservationId,
      paymentMethod: 'cash',
      tenderedCents: 2000,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { bill, changeCents } = response.json() as { bill: BillView; changeCents: number };
    expect(changeCents).toBe(650);
    expect(bill).toMatchObject({
      type: 1,
      series: 'T',
      totalCents: 2350,
      baseCents: 2050,
      vatCents: 300,
      tipCents: 150,
    });
    expect(bill.invoiceNumber).toMatch(/^T-\d{6}$/);
    expect(bill.lines.map((line) => [line.units, line.totalCents])).toEqual([
      [2, 1300],
      [3, 1050],
    ]);
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, table.reservationId));
    expect(row?.status).toBe(-2);
    expect(await latestTopics(1)).toEqual(['reservation.paid']);
    // FIS-05: the database refuses to edit or delete an issued invoice.
    await expect(
      t.ctx.db.update(bills).set({ totalCents: 1 }).where(eq(bills.id, bill.id)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(bills).where(eq(bills.id, bill.id))).rejects.toThrow();
    // The closed account's bill is its invoice; nothing is left to split.
    const closed = await as(v.tokens.tpv, BILL_PAYMENT_INFO, {
      reservationId: table.reservationId,
      split: { mode: 'equal', parts: 2 },
    });
    expect(closed.json()).toMatchObject({ bill: { id: bill.id, type: 1 }, split: null });
    // Paying again is refused: the account is finished.
    const again = await as(v.tokens.tpv, PAID, { reservationId: table.reservationId, paymentMethod: 'card' });
    expect(again.statusCode).toBe(409);
  });

  it('numbers invoices without gaps or duplicates when tills close at once (REL-07)', async () => {
    const tables = [];
    for (let index = 0; index < 6; index += 1) tables.push(await givenAccount());
    const issued = await Promise.all(tables.map((table) => payInFull(table.reservationId)));
    const numbers = issued.map((bill) => bill.number ?? 0).sort((a, b) => a - b);
    const first = numbers[0]!;
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, index) => first + index));
    const all = await t.ctx.db
      .select({ number: bills.number })
      .from(bills)
      .where(and(eq(bills.venueId, v.demo.id), eq(bills.series, 'T')));
    const sorted = all.map((entry) => entry.number ?? 0).sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: sorted.length }, (_, index) => index + 1));
  });

  it('replaces a ticket with a nominative invoice in its own series, once, and finds the client', async () => {
    const table = await givenAccount();
    const ticket = await payInFull(table.reservationId);
    const clientData = {
      name: 'Construcciones Ría S.L.',
      taxId: 'b15000009',
      address: 'Rúa Nova 3',
      city: 'Vigo',
    };
    const pasante = await as(v.tokens.pasante, NOMINATIVE, { billId: ticket.id, clientData });
    expect(pasante.statusCode).toBe(403);
    const response = await as(v.tokens.tpv, NOMINATIVE, { billId: ticket.id, clientData });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = (response.json() as { bill: BillView }).bill;
    expect(invoice).toMatchObject({ type: 2, series: 'F', replacesBillId: ticket.id, totalCents: 2350 });
    expect(invoice.clientFiscalInfo).toMatchObject({ name: 'Construcciones Ría S.L.', taxId: 'B15000009' });
    expect((await as(v.tokens.tpv, NOMINATIVE, { billId: ticket.id, clientData })).statusCode).toBe(409);
    expect(
      (await as(v.tokens.tpv, NOMINATIVE, { billId: ticket.id, clientData: { name: 'x' } })).statusCode,
    ).toBe(400);
    const search = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/bill-client-fiscal-infos?page=1&q=b1500',
      token: v.tokens.tpv,
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json()).toMatchObject({ page: 1, total: 1, items: [{ taxId: 'B15000009' }] });
    const badPage = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/bill-client-fiscal-infos?page=0',
      token: v.tokens.tpv,
    });
    expect(badPage.statusCode).toBe(400);
    const foreign = await call(t, 'otra', {
      method: 'GET',
      url: '/world/api/bill-client-fiscal-infos?q=b1500',
      token: v.other.tokens.admin,
    });
    expect(foreign.json()).toMatchObject({ total: 0 });
  });

  it('needs the client’s data above 3,000 EUR', async () => {
    const table = await givenSeatedTable(t, v);
    opened.push(table.reservationId);
    const ordered = await post(
      t,
      'demo',
      '/world/api/cartsession/createcartsessionorder',
      {
        orderInfo: { reservationId: table.reservationId, source: 1 },
        products: [
          { sku: 'ENT-04', options: [], orderQuantity: 99 },
          { sku: 'ENT-04', options: [], orderQuantity: 30 },
        ],
      },
      { token: v.tokens.sala },
    );
    expect(ordered.statusCode, ordered.body).toBe(201);
    const refused = await as(v.tokens.tpv, PAID, {
      reservationId: table.reservationId,
      paymentMethod: 'card',
    });
    expect(refused.statusCode).toBe(409);
    const bill = await payInFull(table.reservationId, {
      clientData: { name: 'Boda Pérez', taxId: '12345678Z' },
    });
    expect(bill).toMatchObject({ type: 2, series: 'F', totalCents: 309600 });
  });
});

describe('documents', () => {
  let ticket: BillView;
  beforeAll(async () => {
    const table = await givenAccount();
    await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'cash',
      amountCents: 2350,
      tenderedCents: 5000,
    });
    ticket = await payInFull(table.reservationId);
  });

  it('prints the ticket as ESC/POS text with what a simplified invoice must show', async () => {
    const response = await as(v.tokens.pasante, PRINT, { billId: ticket.id, width: 42 });
    expect(response.statusCode, response.body).toBe(200);
    const { escPosText } = response.json() as { escPosText: string };
    expect(escPosText).toContain('FACTURA SIMPLIFICADA');
    expect(escPosText).toContain(ticket.invoiceNumber!);
    expect(escPosText).toContain('NIF: B87654323');
    expect(escPosText).toContain('Calle del Almendro, 12');
    expect(escPosText).toMatch(/2 Patatas bravas +13,00/);
    expect(escPosText).toMatch(/10% +11,82 +1,18 +13,00/);
    expect(escPosText).toMatch(/21% +8,68 +1,82 +10,50/);
    expect(escPosText).toMatch(/TOTAL \(IVA incluido\) +23,50 EUR/);
    expect(escPosText).toMatch(/Cambio +26,50/);
    expect(Math.max(...escPosText.split('\n').map((line) => line.length))).toBeLessThanOrEqual(42);
    expect((await as(v.tokens.cocina, PRINT, { billId: ticket.id })).statusCode).toBe(403);
    expect((await as(v.tokens.tpv, PRINT, { billId: ticket.id, width: 80 })).statusCode).toBe(400);
    const foreign = await post(t, 'otra', PRINT, { billId: ticket.id }, { token: v.other.tokens.admin });
    expect(foreign.statusCode).toBe(404);
  });

  it('renders the bill as a real PDF whose text shows the lines, VAT and total', async () => {
    const response = await as(v.tokens.tpv, PDF, { billId: ticket.id });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const folder = mkdtempSync(path.join(tmpdir(), 'bill-pdf-'));
    try {
      const file = path.join(folder, 'bill.pdf');
      writeFileSync(file, response.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('FACTURA SIMPLIFICADA');
      expect(text).toContain(ticket.invoiceNumber!);
      expect(text).toMatch(/Cerveza gallega/);
      expect(text).toMatch(/21% +8,68 +1,82 +10,50/);
      expect(text).toMatch(/TOTAL \(IVA incluido\) +23,50 EUR/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect((await as(v.tokens.tpv, PDF, { billId: 0 })).statusCode).toBe(400);
    const foreign = await post(t, 'otra', PDF, { billId: ticket.id }, { token: v.other.tokens.admin });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('around the bill', () => {
  it('adds a tip with the spec’s messages, outside the bill', async () => {
    const table = await givenAccount();
    const added = await as(v.tokens.tpv, TIP, {
      reservationId: table.reservationId,
      tipInfo: { amountCents: 300, method: 'cash' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: 'Se ha agregado correctamente la propina',
      tip: { amountCents: 300 },
    });
    expect((await infoOf(table.reservationId)).total).toBe(2350);
    const bad = await as(v.tokens.tpv, TIP, {
      reservationId: table.reservationId,
      tipInfo: { amountCents: 0, method: 'cash' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Ha ocurrido un error agregando la propina' });
    const inEnglish = await as(
      v.tokens.tpv,
      TIP,
      { reservationId: table.reservationId, tipInfo: { amountCents: -5, method: 'cash' } },
      { 'x-locale': 'en' },
    );
    expect(inEnglish.json()).toMatchObject({ message: 'Something went wrong adding the tip' });
    // A negative tip is refused at its field in the spec's words, never taken as no tip (decision 077).
    expect(inEnglish.json().fields).toEqual([
      { path: 'tipInfo.amountCents', message: 'Negative numbers are not valid.' },
    ]);
    const negative = await as(v.tokens.tpv, TIP, {
      reservationId: table.reservationId,
      tipInfo: { amountCents: -300, method: 'card' },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toEqual([
      { path: 'tipInfo.amountCents', message: 'Los números negativos no son válidos.' },
    ]);
    const foreign = await as(v.tokens.tpv, TIP, {
      reservationId: foreignReservationId,
      tipInfo: { amountCents: 100, method: 'card' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'Ha ocurrido un error agregando la propina' });
    const pasante = await as(v.tokens.pasante, TIP, {
      reservationId: table.reservationId,
      tipInfo: { amountCents: 100, method: 'card' },
    });
    expect(pasante.statusCode).toBe(403);
    const rows = await t.ctx.db.select().from(tips).where(eq(tips.reservationId, table.reservationId));
    expect(rows).toHaveLength(1);
  });

  it('applies and removes a promotion: less owed, VAT on what is paid', async () => {
    const table = await givenAccount();
    expect((await as(v.tokens.pasante, PROMOTE, { wid: table.wid, value: 10 })).statusCode).toBe(403);
    expect((await as(v.tokens.tpv, PROMOTE, { wid: table.wid, value: 150 })).statusCode).toBe(400);
    expect((await as(v.tokens.tpv, PROMOTE, { wid: foreignReservationId, value: 10 })).statusCode).toBe(404);
    const applied = await as(v.tokens.tpv, PROMOTE, { wid: table.wid, value: 10 });
    expect(applied.statusCode, applied.body).toBe(200);
    const { promotion, paymentInfo } = applied.json() as {
      promotion: { id: number };
      paymentInfo: PaymentInfo;
    };
    expect(paymentInfo).toMatchObject({ grossCents: 2350, discountCents: 235, total: 2115, pending: 2115 });
    expect(paymentInfo.baseCents + paymentInfo.vatCents).toBe(2115);
    // The floor says what the TPV says: Sala must not quote the table the price before the promotion.
    expect(await floorInfoOf(table.reservationId)).toMatchObject({ total: 2115, pending: 2115 });
    expect((await as(v.tokens.pasante, UNPROMOTE, { promotionId: promotion.id })).statusCode).toBe(403);
    const removed = await as(v.tokens.tpv, UNPROMOTE, { promotionId: promotion.id });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as { paymentInfo: PaymentInfo }).paymentInfo.total).toBe(2350);
    expect(await floorInfoOf(table.reservationId)).toMatchObject({ total: 2350 });
    expect((await as(v.tokens.tpv, UNPROMOTE, { promotionId: promotion.id })).statusCode).toBe(404);
  });

  it('redeems a voucher once, with a message when it is not valid', async () => {
    await t.ctx.db
      .insert(vouchers)
      .values({ venueId: v.demo.id, code: 'REGALO5', kind: 'amount', amountCents: 500 });
    const table = await givenAccount();
    const pasante = await as(v.tokens.pasante, VOUCHER, {
      reservationId: table.reservationId,
      code: 'regalo5',
    });
    expect(pasante.statusCode).toBe(403);
    // A 5 € gift card, typed in lower case.
    const redeemed = await as(v.tokens.tpv, VOUCHER, { reservationId: table.reservationId, code: 'regalo5' });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({
      voucherSet: { code: 'REGALO5', amountCents: 500 },
      paymentInfo: { total: 1850 },
    });
    expect(await floorInfoOf(table.reservationId)).toMatchObject({ total: 1850, pending: 1850 });
    const twice = await as(v.tokens.tpv, VOUCHER, { reservationId: table.reservationId, code: 'REGALO5' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'El vale no existe, ha caducado o ya se ha usado.' });

    await t.ctx.db
      .insert(vouchers)
      .values({ venueId: v.demo.id, code: 'UNAVEZ', kind: 'percent', percentBp: 1000, maxRedemptions: 1 });
    expect(
      (await as(v.tokens.tpv, VOUCHER, { reservationId: table.reservationId, code: 'UNAVEZ' })).statusCode,
    ).toBe(200);
    // Two vouchers and a part paid: the floor still owes what the TPV owes.
    const paidPart = await as(v.tokens.tpv, PAY, {
      reservationId: table.reservationId,
      method: 'card',
      amountCents: 850,
    });
    expect(paidPart.statusCode, paidPart.body).toBe(201);
    const tpv = await infoOf(table.reservationId);
    expect(tpv.total).toBeLessThan(1850);
    expect(await floorInfoOf(table.reservationId)).toMatchObject({
      total: tpv.total,
      paid: 850,
      pending: tpv.pending,
    });
    const other = await givenAccount();
    const usedUp = await as(v.tokens.tpv, VOUCHER, { reservationId: other.reservationId, code: 'UNAVEZ' });
    expect(usedUp.statusCode).toBe(409);
    expect(
      (await as(v.tokens.tpv, VOUCHER, { reservationId: foreignReservationId, code: 'REGALO5' })).statusCode,
    ).toBe(404);
    expect(
      (await as(v.tokens.tpv, VOUCHER, { reservationId: table.reservationId, code: '' })).statusCode,
    ).toBe(400);
  });
});
