import { execFileSync } from 'node:child_process';
import type { BillView, FiscalRecordView } from '@sobremesa/contracts';
import { verifyChain, type FiscalInvoiceType, type HashFields } from '@sobremesa/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fiscalRecords, users } from '../../db/schema/index.ts';
import { buildTestApp, call, hostOf, type TestApp } from '../../test/test-app.ts';
import { issueInvoice } from '../billing/invoice-issuer.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  releaseDemoTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';
import { recordCancellation } from './fiscal-recorder.ts';
import type { FiscalRecordRow } from './fiscal.repository.ts';
import { hashFieldsOf } from './chain-check.ts';
import { qrsOfPdf, xsdErrors } from './fiscal.fixtures.ts';
import { huellaOf, sha256Hex } from './huella.ts';

const PAID = '/world/api/reservation/paid-reservation';
const TIP = '/world/api/tip/create';
const NOMINATIVE = '/world/api/bill/create-nominative-invoice';
const RECORDS = '/world/api/fiscal/records';
const NIF = 'B87654323';

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(() => t.close());
afterEach(() => releaseDemoTables(t, v));

/** A seated demo table with 2 × Patatas bravas (6,50, 10 %) and 3 × Cerveza gallega (3,50, 21 %): 23,50. */
async function givenAccount(beers = 3) {
  const table = await givenSeatedTable(t, v);
  const products = [{ sku: 'ENT-02', options: [], orderQuantity: 2 }];
  for (let left = beers; left > 0; left -= 99)
    products.push({ sku: 'CER-03', options: [], orderQuantity: Math.min(99, left) });
  const ordered = await post(
    t,
    'demo',
    '/world/api/cartsession/createcartsessionorder',
    { orderInfo: { reservationId: table.reservationId, source: 1 }, products },
    { token: v.tokens.sala },
  );
  expect(ordered.statusCode, ordered.body).toBe(201);
  return table;
}

async function payInFull(reservationId: number, extra: Record<string, unknown> = {}) {
  const response = await post(
    t,
    'demo',
    PAID,
    { reservationId, paymentMethod: 'card', ...extra },
    { token: v.tokens.tpv },
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { bill: BillView }).bill;
}

async function recordsOf(token: string, from = '2026-11-01', to = '2026-11-30') {
  return call(t, 'demo', { method: 'GET', url: `${RECORDS}?from=${from}&to=${to}`, token });
}

async function listed(from?: string, to?: string): Promise<FiscalRecordView[]> {
  const response = await recordsOf(v.tokens.tpv, from, to);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { records: FiscalRecordView[] }).records;
}

async function recordOf(billId: number, kind = 'alta'): Promise<FiscalRecordRow> {
  const [row] = await t.ctx.db
    .select()
    .from(fiscalRecords)
    .where(and(eq(fiscalRecords.billId, billId), eq(fiscalRecords.kind, kind)));
  if (!row) throw new Error(`no ${kind} record for bill ${billId}`);
  return row;
}

/** The database's refusal of a statement. */
async function refusal(statement: SQL): Promise<string> {
  try {
    await t.ctx.db.execute(statement);
  } catch (error) {
    return String(((error as { cause?: { message?: string } }).cause ?? (error as Error)).message);
  }
  throw new Error('expected the statement to be refused');
}

/** Checks the demo venue's whole chain from its stored rows. */
async function demoChain() {
  const rows = await t.ctx.db
    .select()
    .from(fiscalRecords)
    .where(eq(fiscalRecords.venueId, v.demo.id))
    .orderBy(fiscalRecords.seq);
  const check = verifyChain(
    rows.map((row) => ({ fields: hashFieldsOf(row), storedInput: row.hashInput, huella: row.huella })),
    sha256Hex,
  );
  return { rows, check };
}

describe('a record for every invoice, in the issuing transaction', () => {
  it('stamps records in local time with the right offset on both sides of the autumn change', async () => {
    t.clock.set('2026-10-25T00:30:00Z');
    const summer = await payInFull((await givenAccount()).reservationId);
    t.clock.set('2026-10-25T01:30:00Z');
    const winter = await payInFull((await givenAccount()).reservationId);
    expect((await recordOf(summer.id)).fechaHoraHuso).toBe('2026-10-25T02:30:00+02:00');
    expect((await recordOf(winter.id)).fechaHoraHuso).toBe('2026-10-25T02:30:00+01:00');
    const october = await listed('2026-10-25', '2026-10-25');
    expect(october.map((record) => record.billId)).toEqual([summer.id, winter.id]);
  });

  it('records a closed table as an F2 with its amounts, date, QR and link, leaving the tip out', async () => {
    t.clock.set('2026-11-20T21:15:30Z');
    const table = await givenAccount();
    const tipped = await post(
      t,
      'demo',
      TIP,
      { reservationId: table.reservationId, tipInfo: { amountCents: 300, method: 'cash' } },
      { token: v.tokens.tpv },
    );
    expect(tipped.statusCode, tipped.body).toBe(201);
    const bill = await payInFull(table.reservationId);
    expect(bill.totalCents).toBe(2350);
    const row = await recordOf(bill.id);
    expect(row).toMatchObject({
      kind: 'alta',
      issuerNif: NIF,
      installationNumber: '1',
      invoiceType: 'F2',
      numSerie: `${bill.series}-${String(bill.number).padStart(6, '0')}`,
      fechaExpedicion: '20-11-2026',
      cuotaTotal: '3.00',
      importeTotal: '23.50',
      fechaHoraHuso: '2026-11-20T22:15:30+01:00',
    });
    expect(row.hashInput).toBe(
      `IDEmisorFactura=${NIF}&NumSerieFactura=${row.numSerie}&FechaExpedicionFactura=20-11-2026&TipoFactura=F2&CuotaTotal=3.00&ImporteTotal=23.50&Huella=${row.huellaAnterior}&FechaHoraHusoGenRegistro=2026-11-20T22:15:30+01:00`,
    );
    expect(row.huella).toBe(sha256Hex(row.hashInput));
    expect(row.qrUrl).toBe(
      `https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=${NIF}&numserie=${row.numSerie}&fecha=20-11-2026&importe=23.50`,
    );
    const again = await payInFull((await givenAccount()).reservationId);
    const next = await recordOf(again.id);
    expect(next.seq).toBe(row.seq + 1);
    expect(next.huellaAnterior).toBe(row.huella);
  });

  it('records a nominative invoice for a ticket as an F3 naming the ticket it replaces', async () => {
    const ticket = await payInFull((await givenAccount()).reservationId);
    const response = await post(
      t,
      'demo',
      NOMINATIVE,
      {
        billId: ticket.id,
        clientData: {
          name: 'Construcciones Ría S.L.',
          taxId: 'B15000009',
          address: 'Rúa Nova 3',
          city: 'Vigo',
        },
      },
      { token: v.tokens.tpv },
    );
    expect(response.statusCode, response.body).toBe(201);
    const invoice = (response.json() as { bill: BillView }).bill;
    const ticketRecord = await recordOf(ticket.id);
    expect(await recordOf(invoice.id)).toMatchObject({
      invoiceType: 'F3',
      importeTotal: '23.50',
      relatedNumSerie: ticketRecord.numSerie,
      relatedFechaExpedicion: ticketRecord.fechaExpedicion,
    });
  });

  it('refuses an F2 above 3,000 EUR and records the complete invoice (F1) asked for instead', async () => {
    const table = await givenAccount(900);
    const refused = await post(
      t,
      'demo',
      PAID,
      { reservationId: table.reservationId, paymentMethod: 'card' },
      { token: v.tokens.tpv },
    );
    expect(refused.statusCode).toBe(409);
    const bill = await payInFull(table.reservationId, {
      clientData: { name: 'Eventos Norte S.L.', taxId: 'B15000009', address: 'Rúa Nova 3', city: 'Vigo' },
    });
    expect(await recordOf(bill.id)).toMatchObject({
      invoiceType: 'F1',
      importeTotal: '3163.00',
      relatedNumSerie: null,
    });
  });

  it('chains a cancellation after the record it cancels, and keeps both (FIS-05)', async () => {
    const bill = await payInFull((await givenAccount()).reservationId);
    const venue = await t.ctx.venues.resolveHost(hostOf('demo'));
    if (!venue) throw new Error('demo venue');
    const alta = await recordOf(bill.id);
    const issued = { ...bill, issuedAt: alta.generatedAt, vatCents: 300, totalCents: 2350, type: 1 };
    await t.ctx.db.transaction((tx) =>
      recordCancellation(tx, venue, issued, 'Emitida por error', t.clock.now()),
    );
    const anulacion = await recordOf(bill.id, 'anulacion');
    expect(anulacion.hashInput).toBe(
      `IDEmisorFacturaAnulada=${NIF}&NumSerieFacturaAnulada=${alta.numSerie}&FechaExpedicionFacturaAnulada=${alta.fechaExpedicion}&Huella=${alta.huella}&FechaHoraHusoGenRegistro=${anulacion.fechaHoraHuso}`,
    );
    const views = await listed();
    expect(views.at(-1)).toMatchObject({
      type: 'anulacion',
      NumSerieFacturaAnulada: alta.numSerie,
      HuellaAnterior: alta.huella,
      Huella: anulacion.huella,
    });
    expect((await demoChain()).check.ok).toBe(true);
  });
});

describe('one chain that nothing can bend (FIS-02, FIS-03)', () => {
  it('ends 50 concurrent issues in one linear chain that verifies', async () => {
    const venue = await t.ctx.venues.resolveHost(hostOf('demo'));
    if (!venue) throw new Error('demo venue');
    const table = await givenAccount();
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.venueId, v.demo.id)).limit(1);
    if (!admin) throw new Error('no staff');
    const before = (await demoChain()).rows.length;
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        t.ctx.db.transaction((tx) =>
          issueInvoice(tx, venue, {
            reservationId: table.reservationId,
            kind: 'simplified',
            lines: [],
            totals: {
              baseCents: 1000 + index,
              vatCents: 100,
              totalCents: 1100 + index,
              discountCents: 0,
              taxLines: [
                { vatRateBp: 1000, baseCents: 1000 + index, vatCents: 100, totalCents: 1100 + index },
              ],
            } as never,
            issuedByUserId: admin.id,
            actorRole: 'admin',
            issuedAt: t.clock.now(),
          }),
        ),
      ),
    );
    const { rows, check } = await demoChain();
    expect(rows).toHaveLength(before + 50);
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    expect(check).toMatchObject({ ok: true, count: before + 50 });
  });

  it('refuses to issue when the clock is more than a minute behind the last record, in Spanish', async () => {
    t.clock.set('2026-11-22T20:00:00Z');
    await payInFull((await givenAccount()).reservationId);
    t.clock.set('2026-11-22T19:58:30Z');
    const table = await givenAccount();
    const refused = await post(
      t,
      'demo',
      PAID,
      { reservationId: table.reservationId, paymentMethod: 'card' },
      { token: v.tokens.tpv, headers: { 'accept-language': 'es' } },
    );
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toBe(
      'No se puede registrar la factura: la hora del sistema (2026-11-22T20:58:30+01:00) va por detrás del último registro fiscal (2026-11-22T21:00:00+01:00). Corrige la hora del equipo.',
    );
    t.clock.set('2026-11-22T19:59:10Z');
    await payInFull(table.reservationId);
    t.clock.set('2026-11-22T20:05:00Z');
  });

  it('lets any staff member run the chain check, which re-hashes every record', async () => {
    const response = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/fiscal/chain-check',
      token: v.tokens.cocina,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await demoChain();
    expect(response.json()).toEqual({
      result: 0,
      ok: true,
      chains: [{ issuerNif: NIF, installationNumber: '1', records: rows.length, ok: true, broken: null }],
    });
  });

  it('keeps records append-only in the database', async () => {
    const { rows } = await demoChain();
    const last = rows.at(-1);
    if (!last) throw new Error('no records');
    for (const statement of [
      sql`update fiscal_records set importe_total = '0.01' where id = ${last.id}`,
      sql`delete from fiscal_records where id = ${last.id}`,
      // CASCADE gets past the foreign keys of the submission state (decision 056) and still meets the trigger.
      sql`truncate fiscal_records cascade`,
    ])
      expect(await refusal(statement)).toContain('append-only');
    expect(await refusal(sql`truncate fiscal_records`)).toMatch(/append-only|foreign key/);
    const [kept] = await t.ctx.db.select().from(fiscalRecords).where(eq(fiscalRecords.id, last.id));
    expect(kept).toEqual(last);
  });
});

describe('GET /world/api/fiscal/records', () => {
  it('answers the TPV and the admin with the records in chain order, the AEAT names as hashed', async () => {
    const records = await listed();
    expect(records.length).toBeGreaterThan(3);
    for (const [index, record] of records.entries()) {
      const previous = records[index - 1];
      if (previous) expect(record.HuellaAnterior).toBe(previous.Huella);
      if (record.type === 'alta') {
        expect(record.IDEmisorFactura).toBe(NIF);
        expect(record.qrUrl).toContain(`importe=${record.ImporteTotal}`);
      }
      // The strings are the ones hashed: the accountant recomputes each Huella from the reply alone.
      const fields: HashFields =
        record.type === 'alta'
          ? {
              type: 'alta',
              IDEmisorFactura: record.IDEmisorFactura,
              NumSerieFactura: record.NumSerieFactura,
              FechaExpedicionFactura: record.FechaExpedicionFactura,
              TipoFactura: record.TipoFactura as FiscalInvoiceType,
              CuotaTotal: record.CuotaTotal,
              ImporteTotal: record.ImporteTotal,
              Huella: record.HuellaAnterior,
              FechaHoraHusoGenRegistro: record.FechaHoraHusoGenRegistro,
            }
          : {
              type: 'anulacion',
              IDEmisorFacturaAnulada: record.IDEmisorFacturaAnulada,
              NumSerieFacturaAnulada: record.NumSerieFacturaAnulada,
              FechaExpedicionFacturaAnulada: record.FechaExpedicionFacturaAnulada,
              Huella: record.HuellaAnterior,
              FechaHoraHusoGenRegistro: record.FechaHoraHusoGenRegistro,
            };
      expect(huellaOf(fields).huella).toBe(record.Huella);
      expect(record.submission).toBe('pending');
    }
    expect((await recordsOf(v.tokens.admin)).statusCode).toBe(200);
  });

  it('exports a period as one RegFactuSistemaFacturacion an inspector can validate', async () => {
    const response = await call(t, 'demo', {
      method: 'GET',
      url: `${RECORDS}.xml?from=2026-11-01&to=2026-11-30`,
      token: v.tokens.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(xsdErrors(response.body, 'SuministroLR.xsd')).toBe('');
    const records = await listed();
    expect(response.body.match(/<sum:RegistroFactura>/g)).toHaveLength(records.length);
    // The month's first record links to October's last, read from before the period.
    expect(response.body).toContain(
      `<sf:Huella>${records[0]!.HuellaAnterior}</sf:Huella></sf:RegistroAnterior>`,
    );
    const empty = await call(t, 'demo', {
      method: 'GET',
      url: `${RECORDS}.xml?from=2026-01-01&to=2026-01-31`,
      token: v.tokens.tpv,
    });
    expect(empty.statusCode).toBe(404);
    expect(
      (
        await call(t, 'demo', {
          method: 'GET',
          url: `${RECORDS}.xml?from=2026-11-01&to=2026-11-30`,
          token: v.tokens.sala,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses other roles, other venues, and bad periods with a 4xx', async () => {
    expect((await recordsOf(v.tokens.sala)).statusCode).toBe(403);
    expect((await recordsOf(v.tokens.cocina)).statusCode).toBe(403);
    expect(
      (await call(t, 'demo', { method: 'GET', url: `${RECORDS}?from=2026-11-01&to=2026-11-30` })).statusCode,
    ).toBe(401);
    expect((await recordsOf(v.tokens.tpv, 'ayer', '2026-11-01')).statusCode).toBe(400);
    // The other venue's admin may read its own records, and sees none of this venue's.
    const other = await call(t, 'otra', {
      method: 'GET',
      url: `${RECORDS}?from=2026-11-01&to=2026-11-30`,
      token: v.other.tokens.admin,
    });
    expect(other.statusCode, other.body).toBe(200);
    expect((other.json() as { records: unknown[] }).records).toEqual([]);
  });

  it('refuses a backwards or too long period at «Hasta», naming the fields as the screen labels them', async () => {
    const backwards = await recordsOf(v.tokens.admin, '2026-11-30', '2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'El periodo no es válido: «Desde» no puede ser posterior a «Hasta», y entre las dos fechas cabe como mucho un año.',
      fields: [{ path: 'to', message: 'La fecha «Hasta» no puede ser anterior a «Desde»' }],
    });
    const long = await call(t, 'demo', {
      method: 'GET',
      url: `${RECORDS}.xml?from=2020-01-01&to=2026-11-01`,
      token: v.tokens.admin,
      headers: { 'x-locale': 'de' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual([
      { path: 'to', message: 'Zwischen „Von“ und „Bis“ höchstens ein Jahr' },
    ]);
    expect(long.json().message).not.toMatch(/\bfrom\b|\bto\b/);
    // A year to the day is still one period.
    expect((await recordsOf(v.tokens.admin, '2025-11-01', '2026-10-31')).statusCode).toBe(200);
  });
});

describe('the QR on the ticket and in the PDF (FIS-04)', () => {
  it('prints the record’s QR URL in the PDF, captioned, and hands it to the printer with the ticket', async () => {
    t.clock.set('2026-11-24T13:00:00Z');
    const bill = await payInFull((await givenAccount()).reservationId);
    const record = await recordOf(bill.id);
    const pdf = await post(
      t,
      'demo',
      '/world/api/bill/view-bill-pdf',
      { billId: bill.id },
      { token: v.tokens.tpv },
    );
    expect(pdf.statusCode).toBe(200);
    const [fiscalQr, reviewQr] = qrsOfPdf(pdf.rawPayload);
    expect(fiscalQr).toBe(record.qrUrl);
    expect(record.qrUrl).toBe(
      `https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=${NIF}&numserie=${record.numSerie}&fecha=24-11-2026&importe=23.50`,
    );
    const printed = await post(
      t,
      'demo',
      '/world/api/bill/print-info',
      { billId: bill.id },
      { token: v.tokens.tpv },
    );
    expect(printed.json()).toMatchObject({
      qrUrl: record.qrUrl,
      reviewQr: { url: expect.stringContaining('/opinion?t='), caption: 'Valora tu visita' },
    });
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text.indexOf('QR tributario:')).toBeGreaterThan(text.indexOf('TOTAL'));
    expect(text.indexOf('VERI*FACTU')).toBeGreaterThan(text.indexOf('QR tributario:'));
    expect(text.indexOf('Valora tu visita')).toBeGreaterThan(text.indexOf('VERI*FACTU'));

    // The second QR is the guest's review page of this account: it opens, and a rating goes in.
    const review = new URL(reviewQr!);
    expect(review.pathname).toBe('/opinion');
    const token = review.searchParams.get('t')!;
    const opened = await post(t, 'demo', '/world/api/review/get', { t: token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ review: null });
    const rated = await post(t, 'demo', '/world/api/review/create', { t: token, rating: 4 });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toMatchObject({ review: { rating: 4 } });
  });

  it('encodes the series in the QR URL, so the PDF’s QR and the printer’s carry it whole', async () => {
    const venue = await t.ctx.venues.resolveHost(hostOf('demo'));
    if (!venue) throw new Error('demo venue');
    const fiscalInfo = venue.settings.fiscalInfo;
    const setSeries = (invoiceSeries: string) =>
      post(
        t,
        'demo',
        '/world/api/venueconfig/update',
        { fiscalInfo: { ...fiscalInfo, invoiceSeries } },
        { token: v.tokens.admin },
      );
    // A + cannot reach a series (the database keeps series to letters, digits, /, _ and -): refused at its
    // field, where it used to be stored and fail the next bill with a 500.
    const plus = await setSeries('T+A');
    expect(plus.statusCode).toBe(400);
    expect(plus.json()).toMatchObject({
      fields: [{ path: 'fiscalInfo.invoiceSeries', message: 'Hasta 19 letras, números, /, _ o -' }],
    });
    // A ticket cannot be numbered without a series: an empty one is refused too.
    const empty = await setSeries(' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      fields: [{ path: 'fiscalInfo.invoiceSeries', message: 'Escribe la serie de las facturas' }],
    });
    expect((await setSeries('T/A')).statusCode).toBe(200);
    try {
      t.clock.set('2026-11-24T13:30:00Z');
      const bill = await payInFull((await givenAccount()).reservationId);
      const record = await recordOf(bill.id);
      expect(record.numSerie).toMatch(/^T\/A-\d{6}$/);
      expect(record.qrUrl).toContain(`&numserie=${record.numSerie.replace('/', '%2F')}&`);
      const pdf = await post(
        t,
        'demo',
        '/world/api/bill/view-bill-pdf',
        { billId: bill.id },
        { token: v.tokens.tpv },
      );
      const [fiscalQr] = qrsOfPdf(pdf.rawPayload);
      expect(fiscalQr).toBe(record.qrUrl);
      expect(new URL(fiscalQr!).searchParams.get('numserie')).toBe(record.numSerie);
      const printed = await post(
        t,
        'demo',
        '/world/api/bill/print-info',
        { billId: bill.id },
        { token: v.tokens.tpv },
      );
      expect(printed.json()).toMatchObject({ qrUrl: record.qrUrl });
    } finally {
      expect((await setSeries(fiscalInfo.invoiceSeries)).statusCode).toBe(200);
    }
  });
});
