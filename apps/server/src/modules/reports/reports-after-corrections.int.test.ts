import type { BillView, FiscalRecordView, OwnerReportResponse, ZReportView } from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDays } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { demoDrawer, givenAccount, MOVEMENT, slotsOf, SNAPSHOT } from '../accounting/till.fixtures.ts';
import { givenOrderingVenues, post, type OrderingVenues } from '../menus/ordering.fixtures.ts';

/**
 * Decision 045 after decision 057: a service day with ordinary tickets, one ticket corrected by an R5 (with a
 * promotion on it) and one cancelled in VERI*FACTU. The owner's reports and the Z report say the same sale,
 * which is what the day's VAT lines and categories add up to and what the day's fiscal records say; the
 * corrected table's covers count once; the payments are the till's money, apart.
 */

const OWNER = '/world/api/reports/owner';
const Z = '/world/api/accounting/z-report';
const DAY = '2026-11-20';
let t: TestApp;
let v: OrderingVenues;
let ordinaryCard: BillView;

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
  const drawer = await demoDrawer(t, v.demo.id);
  const opened = await post(
    t,
    'demo',
    SNAPSHOT,
    { cashDrawerId: drawer.id, cashDrawerSlots: slotsOf(drawer, { 5000: 2 }), snapshotType: 1 },
    { token: v.tokens.tpv },
  );
  expect(opened.statusCode, opened.body).toBe(201);
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
 * The day's sale as its VERI*FACTU records say it: every registration issued that day and not cancelled
 * by `through` (corrective ones negative), a ticket a standing nominative invoice replaced counted as that
 * invoice.
 */
async function fiscalSaleOf(day: string, through = day): Promise<number> {
  const response = await call(t, 'demo', {
    method: 'GET',
    url: `/world/api/fiscal/records?from=${day}&to=${through}`,
    token: v.tokens.admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  const records = (response.json() as { records: FiscalRecordView[] }).records;
  const issued = day.split('-').reverse().join('-');
  const cancelled = new Set(
    records.flatMap((record) => (record.type === 'anulacion' ? [record.NumSerieFacturaAnulada] : [])),
  );
  const standing = records.flatMap((record) =>
    record.type === 'alta' &&
    record.FechaExpedicionFactura === issued &&
    !cancelled.has(record.NumSerieFactura)
      ? [record]
      : [],
  );
  const replaced = new Set(
    standing.flatMap((record) =>
      record.TipoFactura === 'F3' && record.FacturaRelacionada
        ? [record.FacturaRelacionada.NumSerieFactura]
        : [],
    ),
  );
  return sum(
    standing.filter((record) => !replaced.has(record.NumSerieFactura)),
    (record) => Math.round(Number(record.ImporteTotal) * 100),
  );
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

  it('keeps agreeing once the day is stored, and a cancellation the next day reaches the stored day', async () => {
    const live = await ownerOf(DAY);
    t.clock.advance(24 * 3_600_000);
    try {
      const stored = await ownerOf(DAY);
      expect(stored).toEqual(live);
      const kept = await t.ctx.db
        .select()
        .from(reportDays)
        .where(and(eq(reportDays.venueId, v.demo.id), eq(reportDays.day, DAY)));
      expect(kept).toHaveLength(1);

      await cancel(ordinaryCard.id, 'Ticket duplicado');
      const z = await zOf(DAY);
      expect(z).toMatchObject({ salesCents: 6500 - 2350, tickets: 2, covers: 4 });
      expect(await fiscalSaleOf(DAY, '2026-11-21')).toBe(z.salesCents);
      const after = await ownerOf(DAY);
      expectConsistent(after, z);
    } finally {
      t.clock.advance(-24 * 3_600_000);
    }
  });
});
