import type { BillView, FiscalRecordView, PaymentInfo } from '@sobremesa/contracts';
import { verifyChain } from '@sobremesa/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bills, fiscalRecords } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { hashFieldsOf } from '../fiscal/chain-check.ts';
import { xsdErrors } from '../fiscal/fiscal.fixtures.ts';
import { sha256Hex } from '../fiscal/huella.ts';
import {
  givenOrderingVenues,
  post,
  releaseDemoTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';
import {
  beerLine,
  CANCEL,
  CLIENT,
  CORRECT,
  NOMINATIVE,
  paidTicket as givenPaidTicketOf,
} from './corrective.fixtures.ts';

/**
 * Corrections of issued invoices (issue 23, decision 057): a corrective invoice by differences (R5 for a
 * ticket, R1-R4 for a complete invoice) and the cancellation of an invoice issued in error, each a new
 * VERI*FACTU record chained after the others, the invoice itself left as issued.
 */

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(() => t.close());
afterEach(() => releaseDemoTables(t, v));

const paidTicket = () => givenPaidTicketOf(t, v);

async function recordOf(billId: number, kind = 'alta') {
  const [row] = await t.ctx.db
    .select()
    .from(fiscalRecords)
    .where(and(eq(fiscalRecords.billId, billId), eq(fiscalRecords.kind, kind)));
  if (!row) throw new Error(`no ${kind} record for bill ${billId}`);
  return row;
}

const correct = (body: object, token = v.tokens.tpv) => post(t, 'demo', CORRECT, body, { token });
const cancel = (body: object, token = v.tokens.tpv) => post(t, 'demo', CANCEL, body, { token });
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

const billOf = (response: { json: () => unknown }) => (response.json() as { bill: BillView }).bill;

describe('POST /world/api/bill/create-corrective-invoice', () => {
  it('takes a beer off a ticket as an R5 in its own series, chained and valid against the schema', async () => {
    const ticket = await paidTicket();
    const before = await invoicedToday();
    const response = await correct({
      billId: ticket.id,
      lines: [{ billLineId: beerLine(ticket).id, units: 1 }],
      reason: 'Cobrada una cerveza de más',
    });
    expect(response.statusCode, response.body).toBe(201);
    const corrective = billOf(response);
    expect(corrective).toMatchObject({
      type: 3,
      series: 'R',
      rectifiesBillId: ticket.id,
      totalCents: -350,
      vatCents: -61,
      baseCents: -289,
      fiscal: { type: 'R5', cancelled: false },
    });
    expect(corrective.lines).toMatchObject([{ units: -1, unitPriceCents: 350, totalCents: -350 }]);
    expect(await invoicedToday()).toBe(before - 350);

    const ticketRecord = await recordOf(ticket.id);
    expect(await recordOf(corrective.id)).toMatchObject({
      invoiceType: 'R5',
      importeTotal: '-3.50',
      cuotaTotal: '-0.61',
      relatedNumSerie: ticketRecord.numSerie,
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.correct'), eq(auditLog.entityId, String(ticket.id))));
    expect(audit?.after).toMatchObject({
      correctiveBillId: corrective.id,
      reason: 'Cobrada una cerveza de más',
    });

    const xml = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/fiscal/records.xml?from=2026-11-01&to=2026-11-30',
      token: v.tokens.admin,
    });
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xsdErrors(xml.body, 'SuministroLR.xsd')).toBe('');
    expect(xml.body).toContain(
      '<sf:TipoFactura>R5</sf:TipoFactura><sf:TipoRectificativa>I</sf:TipoRectificativa>',
    );
  });

  it('never corrects more units than are left, and two tablets at once correct the last one once', async () => {
    const ticket = await paidTicket();
    const beer = beerLine(ticket);
    expect(
      (await correct({ billId: ticket.id, lines: [{ billLineId: beer.id, units: 2 }], reason: 'Dos de más' }))
        .statusCode,
    ).toBe(201);
    const tooMany = await correct({
      billId: ticket.id,
      lines: [{ billLineId: beer.id, units: 2 }],
      reason: 'Otra más',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(
      'No se pueden rectificar más unidades de las que quedan en la factura.',
    );

    const racing = await Promise.all(
      [v.tokens.tpv, v.tokens.sala1].map((token) =>
        correct(
          { billId: ticket.id, lines: [{ billLineId: beer.id, units: 1 }], reason: 'La última' },
          token,
        ),
      ),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    // All three beers came off, once each: the corrections add up to the three of them.
    const corrections = await t.ctx.db.select().from(bills).where(eq(bills.rectifiesBillId, ticket.id));
    expect(corrections.reduce((sum, bill) => sum + bill.totalCents, 0)).toBe(-1050);
  });

  it('refuses roles that may not hand money back, bad input, and another venue’s bill', async () => {
    const ticket = await paidTicket();
    const body = {
      billId: ticket.id,
      lines: [{ billLineId: beerLine(ticket).id, units: 1 }],
      reason: 'Error',
    };
    for (const role of ['sala', 'barra', 'pasante', 'cocina'] as const)
      expect((await correct(body, v.tokens[role])).statusCode).toBe(403);
    const noLines = await correct({ ...body, lines: [] });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json().fields).toEqual([{ path: 'lines', message: 'Elige qué se corrige' }]);
    const noReason = await correct({ ...body, reason: ' ' });
    expect(noReason.json().fields).toEqual([{ path: 'reason', message: 'Escribe el motivo' }]);
    const unknown = await correct({ ...body, lines: [{ billLineId: 999_999, units: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Elige líneas de esta factura, cada una una sola vez.');
    expect((await correct({ ...body, billId: 999_999 })).statusCode).toBe(404);
    expect((await post(t, 'demo', CORRECT, body, { token: v.tokens.tpv, withoutKey: true })).statusCode).toBe(
      400,
    );
  });

  it('sends a replaced ticket’s corrections to its nominative invoice, an R1 naming the client', async () => {
    const ticket = await paidTicket();
    const nominative = await post(
      t,
      'demo',
      NOMINATIVE,
      { billId: ticket.id, clientData: CLIENT },
      { token: v.tokens.tpv },
    );
    expect(nominative.statusCode, nominative.body).toBe(201);
    const invoice = billOf(nominative);
    const onTicket = await correct({
      billId: ticket.id,
      lines: [{ billLineId: beerLine(ticket).id, units: 1 }],
      reason: 'Error',
    });
    expect(onTicket.statusCode).toBe(409);
    expect(onTicket.json().message).toBe(
      'Este ticket se sustituyó por una factura nominativa: rectifica o anula esa factura.',
    );

    const response = await correct({
      billId: invoice.id,
      lines: [{ billLineId: beerLine(invoice).id, units: 3 }],
      reason: 'Invitación de la casa',
    });
    expect(response.statusCode, response.body).toBe(201);
    const corrective = billOf(response);
    expect(corrective).toMatchObject({ series: 'R', totalCents: -1050, fiscal: { type: 'R1' } });
    expect(corrective.clientFiscalInfo).toMatchObject({ name: CLIENT.name, taxId: CLIENT.taxId });
    expect(await recordOf(corrective.id)).toMatchObject({
      invoiceType: 'R1',
      recipient: { nif: CLIENT.taxId },
    });
  });

  it('records a complete invoice’s corrections as R2, R3 and R4 by their legal ground', async () => {
    const ticket = await paidTicket();
    const nominative = await post(
      t,
      'demo',
      NOMINATIVE,
      { billId: ticket.id, clientData: CLIENT },
      { token: v.tokens.tpv },
    );
    expect(nominative.statusCode, nominative.body).toBe(201);
    const invoice = billOf(nominative);
    const invoiceRecord = await recordOf(invoice.id);
    for (const ground of [2, 3, 4] as const) {
      const response = await correct({
        billId: invoice.id,
        lines: [{ billLineId: beerLine(invoice).id, units: 1 }],
        ground,
        reason: `Motivo ${ground}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      const corrective = billOf(response);
      expect(corrective).toMatchObject({ totalCents: -350, fiscal: { type: `R${ground}` } });
      const record = await recordOf(corrective.id);
      expect(record).toMatchObject({
        invoiceType: `R${ground}`,
        importeTotal: '-3.50',
        cuotaTotal: '-0.61',
        relatedNumSerie: invoiceRecord.numSerie,
        relatedFechaExpedicion: invoiceRecord.fechaExpedicion,
        recipient: { name: CLIENT.name, nif: CLIENT.taxId },
      });
      expect(record.hashInput).toContain(`&TipoFactura=R${ground}&CuotaTotal=-0.61&ImporteTotal=-3.50&`);
    }
    const xml = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/fiscal/records.xml?from=2026-11-01&to=2026-11-30',
      token: v.tokens.admin,
    });
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xsdErrors(xml.body, 'SuministroLR.xsd')).toBe('');
    for (const ground of [2, 3, 4])
      expect(xml.body).toContain(
        `<sf:TipoFactura>R${ground}</sf:TipoFactura><sf:TipoRectificativa>I</sf:TipoRectificativa>`,
      );
  });
});

describe('POST /world/api/bill/cancel-invoice', () => {
  it('cancels a nominative invoice issued in error, and the ticket can be invoiced again', async () => {
    const ticket = await paidTicket();
    const first = billOf(
      await post(t, 'demo', NOMINATIVE, { billId: ticket.id, clientData: CLIENT }, { token: v.tokens.tpv }),
    );
    // The table's 23,50 counts once in the day's sales whichever invoice stands for it.
    const invoiced = await invoicedToday();
    const response = await cancel({ billId: first.id, reason: 'NIF equivocado' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await invoicedToday()).toBe(invoiced);
    expect(billOf(response)).toMatchObject({
      id: first.id,
      type: 2,
      totalCents: 2350,
      fiscal: { type: 'F3', cancelled: true, cancellationReason: 'NIF equivocado' },
    });
    const annulment = await recordOf(first.id, 'anulacion');
    expect(annulment.numSerie).toBe((await recordOf(first.id)).numSerie);

    const again = await cancel({ billId: first.id, reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta factura ya está anulada.');
    const reissued = await post(
      t,
      'demo',
      NOMINATIVE,
      { billId: ticket.id, clientData: { ...CLIENT, taxId: 'B87654323' } },
      { token: v.tokens.tpv },
    );
    expect(reissued.statusCode, reissued.body).toBe(201);
    expect(await invoicedToday()).toBe(invoiced);

    // The whole chain still verifies with the cancellation in it.
    const rows = await t.ctx.db
      .select()
      .from(fiscalRecords)
      .where(eq(fiscalRecords.venueId, v.demo.id))
      .orderBy(fiscalRecords.seq);
    const check = verifyChain(
      rows.map((row) => ({ fields: hashFieldsOf(row), storedInput: row.hashInput, huella: row.huella })),
      sha256Hex,
    );
    expect(check.ok).toBe(true);
  });

  it('refuses an invoice with standing corrections, and roles that may not', async () => {
    const ticket = await paidTicket();
    expect(
      (
        await correct({
          billId: ticket.id,
          lines: [{ billLineId: beerLine(ticket).id, units: 1 }],
          reason: 'Error',
        })
      ).statusCode,
    ).toBe(201);
    const refused = await cancel({ billId: ticket.id, reason: 'Error' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Esta factura tiene rectificativas: anula primero las rectificativas.',
    );
    expect((await cancel({ billId: ticket.id, reason: 'Error' }, v.tokens.sala)).statusCode).toBe(403);

    // Cancelling the correction gives its beer back: the ticket can be corrected for all three again, then
    // cancelled itself once no correction stands.
    const [correction] = await t.ctx.db.select().from(bills).where(eq(bills.rectifiesBillId, ticket.id));
    expect((await cancel({ billId: correction!.id, reason: 'Era otra mesa' })).statusCode).toBe(200);
    const all = await correct({
      billId: ticket.id,
      lines: [{ billLineId: beerLine(ticket).id, units: 3 }],
      reason: 'Todas',
    });
    expect(all.statusCode, all.body).toBe(201);
    expect((await cancel({ billId: billOf(all).id, reason: 'Deshecho' })).statusCode).toBe(200);
    expect((await cancel({ billId: ticket.id, reason: 'Mesa equivocada' })).statusCode).toBe(200);
  });

  it('shows each bill’s fiscal state on the account', async () => {
    const ticket = await paidTicket();
    const info = await post(
      t,
      'demo',
      '/world/api/reservation/bill-payment-info',
      { reservationId: ticket.reservationId },
      { token: v.tokens.tpv },
    );
    expect(info.statusCode, info.body).toBe(200);
    const bills = (info.json() as { paymentInfo: PaymentInfo }).paymentInfo.bills as BillView[];
    expect(bills.find((bill) => bill.id === ticket.id)?.fiscal).toEqual({
      type: 'F2',
      submission: 'pending',
      cancelled: false,
      cancelledDateTime: null,
      cancellationReason: null,
    });
    const listed = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/fiscal/records?from=2026-11-01&to=2026-11-30',
      token: v.tokens.tpv,
    });
    expect(
      (listed.json() as { records: FiscalRecordView[] }).records.some(
        (record) => record.billId === ticket.id,
      ),
    ).toBe(true);
  });
});
