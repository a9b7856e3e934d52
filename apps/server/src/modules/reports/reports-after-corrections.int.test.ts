import type { BillView, FiscalRecordView, OwnerReportResponse, ZReportView } from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDays } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { countDrawer, demoDrawer, givenAccount, MOVEMENT, type Drawer } from '../accounting/till.fixtures.ts';
import { givenOrderingVenues, post, type OrderingVenues } from '../menus/ordering.fixtures.ts';

/**
 * Decision 045 after decisions 057 and 079: a service day with ordinary tickets, one ticket corrected by an
 * R5 (with a promotion on it) and one cancelled in VERI*FACTU. The owner's reports and the Z report say the
 * same sale, which is what the day's VAT lines and categories add up to and what the day's fiscal records
 * say; the corrected table's covers count once; the payments are the till's money, apart. A ticket cancelled
 * the next day leaves the closed day as it was and counts, negative, on the next.
 */

const OWNER = '/world/api/reports/owner';
const Z = '/world/api/accounting/z-report';
const DAY = '2026-11-20';
const NEXT_DAY = '2026-11-21';
let t: TestApp;
let v: OrderingVenues;
let ordinaryCard: BillView;
let drawer: Drawer;

const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

async function paid(method: 'cash' | 'card', promotion = false): Promise<BillView> {
  const table = await givenAccount(t, v);
  if (promotion) {
    const promoted = await post(
      t,
      'demo',
      '/world/api/reservation-promotions/assign-to-reservation',
      { wid: table.wid, value: 10 },
      { token: v.tokens.tpv },
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
  }
  const response = await post(
    t,
    'demo',
    '/world/api/reservation/paid-reservation',
    { reservationId: table.reservationId, paymentMethod: method, tenderedCents: 2350 },
    { token: v.tokens.tpv },
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { bill: BillView }).bill;
}

async function cancel(billId: number, reason: string) {
  const response = await post(
    t,
    'demo',
    '/world/api/bill/cancel-invoice',
    { billId, reason },
    { token: v.tokens.tpv },
  );
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  drawer = await demoDrawer(t, v.demo.id);
  await countDrawer(t, v, drawer, 'open', { 5000: 2 });
  // Four tables of two, 23,50 each: one in cash, one by card, one with 10 % off in cash (21,15) and one by
  // card whose ticket was issued in error.
  await paid('cash');
  ordinaryCard = await paid('card');
  const promoted = await paid('cash', true);
  const wrong = await paid('card');
  // A beer the promoted table never had comes off (3,50 less its 10 %: 3,15), handed back from the drawer.
  const beer = promoted.lines.find((line) => line.unitPriceCents === 350);
  const corrected = await post(
    t,
    'demo',
    '/world/api/bill/create-corrective-invoice',
    { billId: promoted.id, lines: [{ billLineId: beer!.id, units: 1 }], reason: 'Cerveza no servida' },
    { token: v.tokens.tpv },
  );
  expect(corrected.statusCode, corrected.body).toBe(201);
  expect((corrected.json() as { bill: BillView }).bill.totalCents).toBe(-315);
  const refund = await post(
    t,
    'demo',
    MOVEMENT,
    { cashDrawerId: drawer.id, type: 0, amount: 315, reason: 'Devolución de una cerveza' },
    { token: v.tokens.tpv },
  );
  expect(refund.statusCode, refund.body).toBe(201);
  await cancel(wrong.id, 'Ticket emitido por error');
}, 180_000);
afterAll(() => t.close());

async function zOf(day: string): Promise<ZReportView> {
  const response = await post(t, 'demo', Z, { date: day }, { token: v.tokens.admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { zReport: ZReportView }).zReport;
}

async function ownerOf(day: string): Promise<OwnerReportResponse['current']> {
  const response = await post(t, 'demo', OWNER, { from: day, to: day }, { token: v.tokens.admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OwnerReportResponse).current;
}

/**
 * The day's sale as its VERI*FACTU records say it, each record on the day it was issued (decision 079): the
 * registrations issued that day (corrective ones negative; a ticket a standing nominative invoice replaced
 * counted as that invoice), less the invoices whose cancellation was recorded that day. Records are read
 * from `day` through `through`.
 */
async function fiscalSaleOf(day: string, through = day, since = day): Promise<number> {
  const response = await call(t, 'demo', {
    method: 'GET',
    url: `/world/api/fiscal/records?from=${since}&to=${through}`,
    token: v.tokens.admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  const records = (response.json() as { records: FiscalRecordView[] }).records;
  const issued = day.split('-').reverse().join('-');
  const cents = (record: FiscalRecordView) =>
    record.type === 'alta' ? Math.round(Number(record.ImporteTotal) * 100) : 0;
  const cancelledThatDay = new Set(
    records.flatMap((record) =>
      record.type === 'anulacion' && record.FechaHoraHusoGenRegistro.startsWith(day)
        ? [record.NumSerieFacturaAnulada]
        : [],
    ),
  );
  const cancelledEver = new Set(
    records.flatMap((record) => (record.type === 'anulacion' ? [record.NumSerieFacturaAnulada] : [])),
  );
  const altas = records.flatMap((record) => (record.type === 'alta' ? [record] : []));
  const replaced = new Set(
    altas.flatMap((record) =>
      record.TipoFactura === 'F3' && record.FacturaRelacionada && !cancelledEver.has(record.NumSerieFactura)
        ? [record.FacturaRelacionada.NumSerieFactura]
        : [],
    ),
  );
  const sold = altas.filter(
    (record) => record.FechaExpedicionFactura === issued && !replaced.has(record.NumSerieFactura),
  );
  const cancelled = altas.filter(
    (record) => cancelledThatDay.has(record.NumSerieFactura) && !replaced.has(record.NumSerieFactura),
  );
  return sum(sold, cents) - sum(cancelled, cents);
}

/** A report adds up: its sale is its VAT lines, and its categories less its discounts. */
function expectConsistent(figures: OwnerReportResponse['current'], z: ZReportView) {
  for (const line of z.vat) expect(line.baseCents + line.vatCents).toBe(line.totalCents);
  expect(sum(z.vat, (line) => line.totalCents)).toBe(z.salesCents);
  expect(sum(figures.vat, (line) => line.baseCents + line.vatCents)).toBe(figures.totals.salesCents);
  expect(figures.totals.baseCents + figures.totals.vatCents).toBe(figures.totals.salesCents);
  expect(sum(figures.categories, (row) => row.cents) - figures.totals.discountCents).toBe(
    figures.totals.salesCents,
  );
  expect(sum(figures.hours, (row) => row.cents)).toBe(figures.totals.salesCents);
  // The two reports of the same day say the same.
  expect(figures.vat).toEqual(z.vat);
  expect(figures.totals).toMatchObject({
    salesCents: z.salesCents,
    collectedCents: z.collectedCents,
    cashCents: z.paymentsByMethod.cash,
    cardCents: z.paymentsByMethod.card,
    discountCents: z.discountCents + z.vouchersCents,
    tickets: z.tickets,
    covers: z.covers,
  });
  expect(figures.averageTicketCents).toBe(z.averageTicketCents);
  expect(sum(figures.methods, (row) => row.cents)).toBe(z.collectedCents);
  expect(sum(figures.staff, (row) => row.cents)).toBe(z.collectedCents);
}

describe('a day with a corrected and a cancelled invoice', () => {
  it('has one sale in the Z, the owner’s reports and the fiscal records, and each table’s covers once', async () => {
    const z = await zOf(DAY);
    // 23,50 + 23,50 + 21,15 − 3,15: the cancelled ticket is no sale.
    expect(z.salesCents).toBe(6500);
    expect(await fiscalSaleOf(DAY)).toBe(z.salesCents);
    // The money taken stands until it is voided or paid out: the cancelled ticket's card payment too.
    expect(z.collectedCents).toBe(2350 + 2350 + 2115 + 2350);
    expect(z.paymentsByMethod).toEqual({ cash: 4465, card: 4700, other: 0 });
    expect(z).toMatchObject({
      tickets: 3,
      covers: 6,
      averageTicketCents: 2167,
      discountCents: 200,
      corrections: { count: 1, cents: -315 },
      cancelled: { count: 1, cents: 2350 },
    });
    expect(z.balance.outCents).toBe(315);
    expectConsistent(await ownerOf(DAY), z);
  });

  it('prints the sale and the money taken apart on the Z', async () => {
    const printed = await post(
      t,
      'demo',
      `${Z}/print-info`,
      { date: DAY, width: 42 },
      { token: v.tokens.tpv },
    );
    expect(printed.statusCode, printed.body).toBe(200);
    const text = (printed.json() as { escPosText: string }).escPosText;
    expect(text).toMatch(/Total ventas\s+65,00\n/);
    expect(text).toMatch(/Rectificativas \(1\)\s+-3,15\n/);
    expect(text).toMatch(/Facturas anuladas \(1\)\s+23,50\n/);
    expect(text).toMatch(/Total cobrado\s+91,65\n/);
    expect(text).toMatch(/Comensales\s+6\n/);
  });

  it('keeps agreeing once the day is stored; a cancellation the next day is that day’s, the closed day stays', async () => {
    const live = await ownerOf(DAY);
    // The night's close: 100 + 23,50 + 21,15 − 3,15 counted in the drawer, even.
    const close = await countDrawer(t, v, drawer, 'close', { 5000: 2, 2000: 2, 100: 1, 50: 1 });
    const shiftId = (close.json() as { closed: { shift: { id: number } } }).closed.shift.id;
    const shiftZ = async () => {
      const response = await post(t, 'demo', Z, { shiftId }, { token: v.tokens.admin });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { zReport: ZReportView }).zReport;
    };
    const closedShift = await shiftZ();
    expect(closedShift).toMatchObject({ salesCents: 6500, balance: { expectedCashCents: 14150 } });
    expect(closedShift.balance.countedCashCents).toBe(14150);
    t.clock.advance(24 * 3_600_000);
    try {
      const closedZ = await zOf(DAY);
      const stored = await ownerOf(DAY);
      expect(stored).toEqual(live);
      const kept = await t.ctx.db
        .select()
        .from(reportDays)
        .where(and(eq(reportDays.venueId, v.demo.id), eq(reportDays.day, DAY)));
      expect(kept).toHaveLength(1);

      // The day was closed with its Z: the ticket cancelled the next day stays in it, sale and count alike,
      // as its fiscal records of that day stay (the cancellation is a record of the next day).
      await cancel(ordinaryCard.id, 'Ticket duplicado');
      const z = await zOf(DAY);
      expect(z).toEqual(closedZ);
      // Its shift's Z with it: the sales beside the cash counted that night, both as they were.
      expect(await shiftZ()).toEqual(closedShift);
      expect(await fiscalSaleOf(DAY, NEXT_DAY)).toBe(z.salesCents);
      expect(await ownerOf(DAY)).toEqual(live);

      // The next day shows it: 23,50 less, one ticket and its table's covers taken back, listed as cancelled.
      const next = await zOf(NEXT_DAY);
      expect(next).toMatchObject({
        salesCents: -2350,
        tickets: -1,
        covers: -2,
        cancelled: { count: 1, cents: 2350 },
        collectedCents: 0,
      });
      expect(sum(next.vat, (line) => line.totalCents)).toBe(-2350);
      expect(await fiscalSaleOf(NEXT_DAY, NEXT_DAY, DAY)).toBe(-2350);
      expectConsistent(await ownerOf(NEXT_DAY), next);
      // A range is the sum of its days: over both, the ticket is no sale.
      const both = await post(t, 'demo', OWNER, { from: DAY, to: NEXT_DAY }, { token: v.tokens.admin });
      expect((both.json() as OwnerReportResponse).current.totals.salesCents).toBe(6500 - 2350);
    } finally {
      t.clock.advance(-24 * 3_600_000);
    }
  });
});
