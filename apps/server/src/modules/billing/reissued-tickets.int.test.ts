import type { BillView, IssuedInvoice, PaymentInfo } from '@sobremesa/contracts';
import { verifyChain } from '@sobremesa/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fiscalRecords } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { hashFieldsOf } from '../fiscal/chain-check.ts';
import { sha256Hex } from '../fiscal/huella.ts';
import {
  givenOrderingVenues,
  post,
  releaseDemoTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';
import { CANCEL, CLIENT, NOMINATIVE, paidTicket as givenPaidTicketOf } from './corrective.fixtures.ts';

/**
 * A cancelled ticket issued again (decision 057): the venue that cancelled a wrong ticket issues its
 * account's ticket anew, with the next number of the series and a RegistroAlta chained after the
 * cancellation, settled by the same payments; never two standing invoices for one account, whether from
 * the invoices' list or by charging a reopened account at the TPV.
 */

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(() => t.close());
afterEach(() => releaseDemoTables(t, v));

const REISSUE = '/world/api/bill/reissue-invoice';
const paidTicket = () => givenPaidTicketOf(t, v);
const billOf = (response: { json: () => unknown }) => (response.json() as { bill: BillView }).bill;
const reissue = (billId: number, token = v.tokens.tpv, headers: Record<string, string> = {}) =>
  post(t, 'demo', REISSUE, { billId }, { token, headers });

async function cancelled(ticket: BillView, reason = 'Cobrada con el IVA equivocado') {
  const response = await post(t, 'demo', CANCEL, { billId: ticket.id, reason }, { token: v.tokens.tpv });
  expect(response.statusCode, response.body).toBe(200);
}

async function listedToday(): Promise<IssuedInvoice[]> {
  const response = await call(t, 'demo', {
    method: 'GET',
    url: '/world/api/bill/invoices?date=2026-11-20',
    token: v.tokens.tpv,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { invoices: IssuedInvoice[] }).invoices;
}

async function accountOf(reservationId: number): Promise<PaymentInfo> {
  const response = await post(
    t,
    'demo',
    '/world/api/reservation/bill-payment-info',
    { reservationId },
    { token: v.tokens.tpv },
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { paymentInfo: PaymentInfo }).paymentInfo;
}

/** What the day's Z report says was sold (each standing invoice once). */
async function invoicedToday(): Promise<number> {
  const response = await post(
    t,
    'demo',
    '/world/api/accounting/z-report',
    { date: '2026-11-20' },
    { token: v.tokens.tpv },
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { zReport: { salesCents: number } }).zReport.salesCents;
}

async function recordsOfBill(billId: number) {
  return t.ctx.db
    .select()
    .from(fiscalRecords)
    .where(and(eq(fiscalRecords.venueId, v.demo.id), eq(fiscalRecords.billId, billId)))
    .orderBy(fiscalRecords.seq);
}

describe('POST /world/api/bill/reissue-invoice', () => {
  it('issues a cancelled ticket’s account again: next number, chained after the cancellation, same payments', async () => {
    const ticket = await paidTicket();
    const sold = await invoicedToday();
    await cancelled(ticket);
    expect(await invoicedToday()).toBe(sold - 2350);
    expect((await listedToday()).find((one) => one.bill.id === ticket.id)).toMatchObject({
      reissuable: true,
      reissuedAs: null,
    });

    const response = await reissue(ticket.id);
    expect(response.statusCode, response.body).toBe(201);
    const again = billOf(response);
    expect(again).toMatchObject({
      type: 1,
      series: ticket.series,
      number: ticket.number! + 1,
      reservationId: ticket.reservationId,
      totalCents: 2350,
      fiscal: { type: 'F2', cancelled: false },
    });
    expect(again.lines.map((line) => [line.units, line.unitPriceCents])).toEqual(
      ticket.lines.map((line) => [line.units, line.unitPriceCents]),
    );
    expect(await invoicedToday()).toBe(sold);

    // Its RegistroAlta follows the cancellation record in the chain, and the chain verifies.
    const [annulment] = (await recordsOfBill(ticket.id)).filter((row) => row.kind === 'anulacion');
    const [alta] = await recordsOfBill(again.id);
    expect(alta).toMatchObject({ kind: 'alta', invoiceType: 'F2', seq: annulment!.seq + 1 });
    expect(alta!.huellaAnterior).toBe(annulment!.huella);
    const chain = await t.ctx.db
      .select()
      .from(fiscalRecords)
      .where(eq(fiscalRecords.venueId, v.demo.id))
      .orderBy(fiscalRecords.seq);
    expect(
      verifyChain(
        chain.map((row) => ({ fields: hashFieldsOf(row), storedInput: row.hashInput, huella: row.huella })),
        sha256Hex,
      ).ok,
    ).toBe(true);

    // The card payment that settled the cancelled ticket settles the new one; the account stays closed.
    const account = await accountOf(ticket.reservationId);
    expect(account.payments.map((payment) => payment.billId)).toEqual([again.id]);
    expect(account.pending).toBe(0);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.reissue'), eq(auditLog.entityId, String(again.id))));
    expect(audit?.after).toMatchObject({ reissuesBillId: ticket.id });

    // The list: the cancelled ticket names its successor and offers nothing more; the new one is live.
    const listed = await listedToday();
    expect(listed.find((one) => one.bill.id === ticket.id)).toMatchObject({
      reissuable: false,
      reissuedAs: again.invoiceNumber,
      cancellable: false,
    });
    expect(listed.find((one) => one.bill.id === again.id)).toMatchObject({
      reissuable: false,
      cancellable: true,
      correctable: true,
    });

    // Never two standing invoices for the account: issuing it a third time is refused, in the caller's
    // language, until the new ticket is cancelled in its turn.
    const twice = await reissue(ticket.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'Esta cuenta ya tiene una factura emitida: rectifícala o anúlala antes de emitir otra.',
    );
    const inEnglish = await reissue(ticket.id, v.tokens.tpv, { 'accept-language': 'en' });
    expect(inEnglish.json().message).toBe(
      'This account already has an issued invoice: correct or cancel it before issuing another.',
    );
    await cancelled(again, 'Otra vez mal');
    const third = await reissue(again.id);
    expect(third.statusCode, third.body).toBe(201);
    expect(billOf(third).number).toBe(again.number! + 1);
  });

  it('refuses a ticket that stands, a cancelled ticket’s nominative invoice, and roles that may not', async () => {
    const ticket = await paidTicket();
    const standing = await reissue(ticket.id);
    expect(standing.statusCode).toBe(409);
    expect(standing.json().message).toBe('Solo se puede emitir de nuevo un ticket anulado.');
    await cancelled(ticket);
    expect((await reissue(ticket.id, v.tokens.sala)).statusCode).toBe(403);
    const nominative = await post(
      t,
      'demo',
      NOMINATIVE,
      { billId: ticket.id, clientData: CLIENT },
      { token: v.tokens.tpv },
    );
    expect(nominative.statusCode).toBe(409);
    expect(nominative.json().message).toBe('Esta factura ya está anulada.');
    expect((await reissue(999_999)).statusCode).toBe(404);
    const withoutKey = await post(
      t,
      'demo',
      REISSUE,
      { billId: ticket.id },
      { token: v.tokens.tpv, withoutKey: true },
    );
    expect(withoutKey.statusCode).toBe(400);
  });

  it('charges a reopened account once its ticket is cancelled, and never while it stands', async () => {
    const ticket = await paidTicket();
    const reactivate = () =>
      post(
        t,
        'demo',
        '/world/api/reservation/reactivate',
        { reservationWid: ticket.reservationId },
        { token: v.tokens.tpv },
      );
    const charge = () =>
      post(
        t,
        'demo',
        '/world/api/reservation/paid-reservation',
        { reservationId: ticket.reservationId },
        { token: v.tokens.tpv },
      );
    const reopened = await reactivate();
    expect(reopened.statusCode, reopened.body).toBe(200);
    // No second ticket is issued, and the TPV says why and what to do rather than the call's general
    // "No se ha podido marcar la cuenta como pagada" (spec §8).
    const second = await charge();
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Esta cuenta ya tiene una factura emitida: rectifícala o anúlala antes de emitir otra.',
    );
    expect((await accountOf(ticket.reservationId)).bills.filter((bill) => bill.type === 1)).toHaveLength(1);

    // Cancelled while the account is open: the list's "issue again" says to charge it instead, and the TPV's
    // charge issues the new ticket with the payments of the cancelled one.
    await cancelled(ticket);
    const fromList = await reissue(ticket.id);
    expect(fromList.statusCode).toBe(409);
    expect(fromList.json().message).toBe(
      'La cuenta está abierta otra vez: cóbrala en el TPV para emitir su factura.',
    );
    const charged = await charge();
    expect(charged.statusCode, charged.body).toBe(200);
    const again = billOf(charged);
    expect(again).toMatchObject({ type: 1, totalCents: 2350, fiscal: { type: 'F2', cancelled: false } });
    expect((await accountOf(ticket.reservationId)).payments.map((payment) => payment.billId)).toEqual([
      again.id,
    ]);
  });
});
