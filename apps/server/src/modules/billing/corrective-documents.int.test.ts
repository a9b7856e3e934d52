import { execFileSync } from 'node:child_process';
import type { BillView, IssuedInvoice } from '@sobremesa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
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
 * What a corrective or cancelled invoice says on paper (decision 057), read back from the PDF with pdftotext
 * and from the printer's text: a corrective invoice is "rectificativa" and names the invoice it corrects,
 * its issue date, the ground, the method and the reason (RD 1619/2012 art. 15); a cancelled one is marked
 * ANULADA with the date; an ordinary ticket says neither. And the list the TPV finds them in.
 */

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(() => t.close());
afterEach(() => releaseDemoTables(t, v));

/** The clock only goes forward from test to test (the fiscal chain refuses a record older than the last), from 13:00 on 20/11/2026. */
const paidTicket = () => givenPaidTicketOf(t, v);

const billOf = (response: { json: () => unknown }) => (response.json() as { bill: BillView }).bill;

async function pdfText(billId: number): Promise<string> {
  const response = await post(
    t,
    'demo',
    '/world/api/bill/view-bill-pdf',
    { billId },
    { token: v.tokens.tpv },
  );
  expect(response.statusCode, response.body).toBe(200);
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload }).toString('utf8');
}

async function ticketText(billId: number): Promise<string> {
  const response = await post(t, 'demo', '/world/api/bill/print-info', { billId }, { token: v.tokens.tpv });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { escPosText: string }).escPosText;
}

/** A text with its runs of spaces and line ends as one space: a wrapped sentence reads whole. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function invoicesOf(query: string, token = v.tokens.tpv, headers: Record<string, string> = {}) {
  return call(t, 'demo', { method: 'GET', url: `/world/api/bill/invoices?${query}`, token, headers });
}
const listed = (response: { json: () => unknown }) =>
  (response.json() as { invoices: IssuedInvoice[] }).invoices;

describe('GET /world/api/bill/invoices', () => {
  it('lists the day’s invoices with their corrections, what is left to correct and what may be done', async () => {
    const ticket = await paidTicket();
    const beer = beerLine(ticket);
    const before = listed(await invoicesOf('date=2026-11-20')).find((entry) => entry.bill.id === ticket.id);
    expect(before).toMatchObject({ correctable: true, cancellable: true, corrections: [], replacedBy: null });
    expect(before?.unitsLeft).toContainEqual({ billLineId: beer.id, units: 3 });

    const corrective = billOf(
      await post(
        t,
        'demo',
        CORRECT,
        { billId: ticket.id, lines: [{ billLineId: beer.id, units: 2 }], reason: 'Dos de más' },
        { token: v.tokens.tpv },
      ),
    );
    const day = listed(await invoicesOf('date=2026-11-20'));
    const after = day.find((entry) => entry.bill.id === ticket.id);
    expect(after).toMatchObject({
      correctable: true,
      cancellable: false,
      corrections: [{ billId: corrective.id, invoiceNumber: corrective.invoiceNumber, totalCents: -700 }],
    });
    expect(after?.unitsLeft).toContainEqual({ billLineId: beer.id, units: 1 });
    expect(after?.table).toEqual(expect.any(String));
    // The corrective invoice is listed too, first (newest), naming what it corrects.
    expect(day[0]).toMatchObject({
      bill: { id: corrective.id, type: 3, correctionReason: 'Dos de más' },
      corrects: ticket.invoiceNumber,
      correctable: false,
      cancellable: true,
      unitsLeft: [],
    });
    expect(listed(await invoicesOf('date=2026-11-19'))).toEqual([]);
  });

  it('finds an invoice by its printed number as typed, whatever its day', async () => {
    const ticket = await paidTicket();
    const [series, digits] = ticket.invoiceNumber!.split('-') as [string, string];
    for (const typed of [
      ticket.invoiceNumber!,
      `${series.toLowerCase()}-${Number(digits)}`,
      `${series}${digits}`,
    ]) {
      const found = listed(await invoicesOf(`date=2026-12-01&number=${encodeURIComponent(typed)}`));
      expect(found.map((entry) => entry.bill.id)).toEqual([ticket.id]);
    }
    expect(
      listed(await invoicesOf(`date=2026-12-01&number=${Number(digits)}`)).map((e) => e.bill.id),
    ).toContain(ticket.id);
  });

  it('shows a cancelled ticket as such, with nothing more to do on it but issue it again', async () => {
    const ticket = await paidTicket();
    t.clock.set('2026-11-20T15:10:00Z');
    expect(
      (await post(t, 'demo', CANCEL, { billId: ticket.id, reason: 'Error' }, { token: v.tokens.tpv }))
        .statusCode,
    ).toBe(200);
    const entry = listed(await invoicesOf('date=2026-11-20')).find((one) => one.bill.id === ticket.id);
    expect(entry).toMatchObject({
      bill: { fiscal: { cancelled: true, cancelledDateTime: '2026-11-20 16:10:00' } },
      correctable: false,
      cancellable: false,
      reissuable: true,
      reissuedAs: null,
    });
  });

  it('refuses a number it cannot read in the caller’s language, and roles that see no bills', async () => {
    const wrong = await invoicesOf('date=2026-11-20&number=%C2%BFcu%C3%A1l%3F', v.tokens.tpv, {
      'x-locale': 'en',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([
      { path: 'number', message: 'Type an invoice number, such as T-000042' },
    ]);
    expect((await invoicesOf('date=2026-11-20', v.tokens.cocina)).statusCode).toBe(403);
    expect((await invoicesOf('number=T-1')).statusCode).toBe(400);
    expect((await invoicesOf('date=2026-11-20', v.tokens.sala)).statusCode).toBe(200);
  });
});

describe('the correction’s refusals in the caller’s language', () => {
  it('words the reason and the lines it refuses in German, at their fields', async () => {
    const ticket = await paidTicket();
    const response = await post(
      t,
      'demo',
      CORRECT,
      { billId: ticket.id, lines: [], reason: '' },
      { token: v.tokens.tpv, headers: { 'x-locale': 'de' } },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'lines', message: 'Wähle, was berichtigt wird' },
        { path: 'reason', message: 'Gib den Grund an' },
      ]),
    );
  });
});

describe('the corrective invoice on paper', () => {
  it('says RECTIFICATIVA, names the ticket it corrects and its date, the ground, the method and the reason', async () => {
    const ticket = await paidTicket();
    t.clock.set('2026-11-21T09:30:00Z');
    const response = await post(
      t,
      'demo',
      CORRECT,
      {
        billId: ticket.id,
        lines: [{ billLineId: beerLine(ticket).id, units: 2 }],
        reason: 'Cobradas dos cervezas que la mesa no tomó',
      },
      { token: v.tokens.tpv },
    );
    expect(response.statusCode, response.body).toBe(201);
    const corrective = billOf(response);
    expect(corrective.correctionReason).toBe('Cobradas dos cervezas que la mesa no tomó');

    for (const text of [await pdfText(corrective.id), await ticketText(corrective.id)]) {
      expect(text).toContain('FACTURA RECTIFICATIVA');
      expect(text).toContain(corrective.invoiceNumber!);
      expect(text).toMatch(/Fecha: +21\/11\/2026 10:30/);
      expect(text).toMatch(new RegExp(`Rectifica a: +${ticket.invoiceNumber!}`));
      expect(text).toMatch(/de fecha: +20\/11\/2026/);
      expect(text).toContain('Tipo: R5, factura simplificada');
      expect(flat(text)).toContain(
        'Rectificación por diferencias: los importes son la diferencia con la factura rectificada',
      );
      expect(flat(text)).toContain('Motivo: Cobradas dos cervezas que la mesa no tomó');
      expect(text).toMatch(/-2 Cerveza gallega.* +-7,00\n +-2 x 3,50/);
      expect(text).toMatch(/TOTAL \(IVA incluido\) +-7,00 EUR/);
      expect(text).not.toContain('ANULADA');
    }
    // The ticket it corrects stays as issued: no mark of either kind.
    for (const text of [await pdfText(ticket.id), await ticketText(ticket.id)]) {
      expect(text).toContain('FACTURA SIMPLIFICADA');
      expect(text).not.toContain('RECTIFICATIVA');
      expect(text).not.toContain('ANULADA');
    }
  });

  it('names a complete invoice’s legal ground and its client', async () => {
    const ticket = await paidTicket();
    const invoice = billOf(
      await post(t, 'demo', NOMINATIVE, { billId: ticket.id, clientData: CLIENT }, { token: v.tokens.tpv }),
    );
    const corrective = billOf(
      await post(
        t,
        'demo',
        CORRECT,
        {
          billId: invoice.id,
          lines: [{ billLineId: beerLine(invoice).id, units: 3 }],
          ground: 3,
          reason: 'Crédito incobrable',
        },
        { token: v.tokens.tpv },
      ),
    );
    const text = await pdfText(corrective.id);
    expect(text).toContain('FACTURA RECTIFICATIVA');
    expect(text).toMatch(new RegExp(`Rectifica a: +${invoice.invoiceNumber!}`));
    expect(text).toContain('Tipo: R3, art. 80.Cuatro LIVA');
    expect(text).toContain(`Cliente: ${CLIENT.name}`);
    expect(text).toContain('Motivo: Crédito incobrable');
  });
});

describe('the cancelled invoice on paper', () => {
  it('carries ANULADA, the date it was cancelled and why on every PDF and ticket drawn after', async () => {
    const ticket = await paidTicket();
    expect(await pdfText(ticket.id)).not.toContain('ANULADA');
    t.clock.set('2026-11-22T17:45:00Z');
    const response = await post(
      t,
      'demo',
      CANCEL,
      { billId: ticket.id, reason: 'Cobrada en la mesa equivocada' },
      { token: v.tokens.tpv },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(billOf(response).fiscal).toMatchObject({
      cancelled: true,
      cancelledDateTime: '2026-11-22 18:45:00',
    });

    for (const text of [await pdfText(ticket.id), await ticketText(ticket.id)]) {
      expect(text).toContain('*** FACTURA ANULADA ***');
      expect(text).toMatch(/Anulada el: +22\/11\/2026 18:45/);
      expect(flat(text)).toContain('Motivo: Cobrada en la mesa equivocada');
      expect(text).toContain('FACTURA ANULADA - SIN VALIDEZ');
      expect(text).not.toContain('Gracias por su visita');
      expect(text).toContain(ticket.invoiceNumber!);
    }
  });

  it('marks a cancelled corrective invoice as both', async () => {
    const ticket = await paidTicket();
    const corrective = billOf(
      await post(
        t,
        'demo',
        CORRECT,
        { billId: ticket.id, lines: [{ billLineId: beerLine(ticket).id, units: 1 }], reason: 'Una de más' },
        { token: v.tokens.tpv },
      ),
    );
    const cancelled = await post(
      t,
      'demo',
      CANCEL,
      { billId: corrective.id, reason: 'No era' },
      {
        token: v.tokens.tpv,
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const text = await pdfText(corrective.id);
    expect(text).toContain('FACTURA RECTIFICATIVA');
    expect(text).toContain('*** FACTURA ANULADA ***');
    expect(await pdfText(ticket.id)).not.toContain('ANULADA');
  });
});
