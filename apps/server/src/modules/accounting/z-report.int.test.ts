import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, billTaxLines, productOrders, reservations } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { givenOrderingVenues, post, type OrderingVenues } from '../menus/ordering.fixtures.ts';
import { countDrawer, demoDrawer, givenAccount, MOVEMENT, PAY, type Drawer } from './till.fixtures.ts';

/** Issue 24 item 3: the Z report of a shift and of a day equals the sum of that day's bills. */

const Z = '/world/api/accounting/z-report';
const REPORT = '/world/api/reports/sales';
let t: TestApp;
let v: OrderingVenues;
let drawer: Drawer;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'z-report-'));

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  drawer = await demoDrawer(t, v.demo.id);
}, 180_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the Z report', () => {
  let shiftId = 0;

  it('of a closed day adds up to the day’s bills, tips apart, the void and the count beside', async () => {
    const opened = await countDrawer(t, v, drawer, 'open', { 5000: 2 });
    shiftId = opened.json().opened.id;
    const a = await givenAccount(t, v);
    const b = await givenAccount(t, v);
    const c = await givenAccount(t, v);
    const paidA = await post(
      t,
      'demo',
      '/world/api/reservation/paid-reservation',
      { reservationId: a.reservationId, paymentMethod: 'cash', tenderedCents: 5000 },
      { token: v.tokens.tpv },
    );
    expect(paidA.statusCode, paidA.body).toBe(200);
    const card = await post(
      t,
      'demo',
      PAY,
      { reservationId: b.reservationId, method: 'card', amountCents: 2350, tipCents: 100 },
      { token: v.tokens.tpv },
    );
    expect(card.statusCode, card.body).toBe(201);
    const paidB = await post(
      t,
      'demo',
      '/world/api/reservation/paid-reservation',
      { reservationId: b.reservationId },
      { token: v.tokens.tpv },
    );
    expect(paidB.statusCode, paidB.body).toBe(200);
    const wrong = await post(
      t,
      'demo',
      PAY,
      { reservationId: c.reservationId, method: 'cash', amountCents: 500 },
      { token: v.tokens.tpv },
    );
    const voided = await post(
      t,
      'demo',
      '/world/api/payment/void',
      { reservationId: c.reservationId, paymentId: wrong.json().payment.id, reason: 'Mesa equivocada' },
      { token: v.tokens.tpv },
    );
    expect(voided.statusCode, voided.body).toBe(200);
    await post(
      t,
      'demo',
      MOVEMENT,
      { cashDrawerId: drawer.id, type: 0, amount: 1500, reason: 'Proveedor: hielo' },
      { token: v.tokens.tpv },
    );
    // Expected 100 + 23,50 − 15 = 108,50; counted 108,00.
    await countDrawer(t, v, drawer, 'close', { 5000: 2, 200: 4 });

    const dayBills = await t.ctx.db
      .select()
      .from(bills)
      .where(and(eq(bills.venueId, v.demo.id), ne(bills.type, 0)));
    const taxLines = await t.ctx.db
      .select()
      .from(billTaxLines)
      .where(
        inArray(
          billTaxLines.billId,
          dayBills.map((bill) => bill.id),
        ),
      );
    const pax = await t.ctx.db
      .select()
      .from(reservations)
      .where(
        inArray(
          reservations.id,
          dayBills.map((bill) => bill.reservationId),
        ),
      );
    expect(dayBills).toHaveLength(2);
    const billsTotal = dayBills.reduce((sum, bill) => sum + bill.totalCents, 0);
    const numbers = dayBills.map((bill) => bill.number!);

    for (const body of [{ shiftId }, { date: '2026-11-20' }]) {
      const response = await post(t, 'demo', Z, body, { token: v.tokens.tpv });
      expect(response.statusCode, response.body).toBe(200);
      const z = response.json().zReport;
      expect(z).toMatchObject({
        kind: 'shiftId' in body ? 'shift' : 'day',
        logicalDate: '2026-11-20',
        paymentsByMethod: { cash: 2350, card: 2350, other: 0 },
        tipsByMethod: { cash: 0, card: 100, other: 0 },
        voidedPayments: { count: 1, cents: 500 },
        salesCents: billsTotal,
        collectedCents: 2350 + 2350,
        tickets: 2,
        covers: pax.reduce((sum, row) => sum + row.pax, 0),
        averageTicketCents: Math.round(billsTotal / 2),
        series: [
          { series: dayBills[0]!.series, first: Math.min(...numbers), last: Math.max(...numbers), count: 2 },
        ],
        balance: {
          floatCents: 10_000,
          outCents: 1500,
          expectedCashCents: 10_850,
          countedCashCents: 10_800,
          cardRecordedCents: 2450,
        },
      });
      for (const rate of new Set(taxLines.map((line) => line.vatRateBp))) {
        const ofRate = taxLines.filter((line) => line.vatRateBp === rate);
        expect(z.vat.find((line: { vatRateBp: number }) => line.vatRateBp === rate)).toEqual({
          vatRateBp: rate,
          baseCents: ofRate.reduce((sum, line) => sum + line.baseCents, 0),
          vatCents: ofRate.reduce((sum, line) => sum + line.vatCents, 0),
          totalCents: ofRate.reduce((sum, line) => sum + line.totalCents, 0),
        });
      }
    }
  });

  it('prints as receipt text and reads back from its PDF with the same figures', async () => {
    const printed = await post(t, 'demo', `${Z}/print-info`, { shiftId, width: 42 }, { token: v.tokens.tpv });
    expect(printed.statusCode).toBe(200);
    const text = printed.json().escPosText as string;
    expect(text.split('\n').every((line) => line.length <= 42)).toBe(true);
    expect(text).toContain('INFORME Z - TURNO');
    expect(text).toMatch(/Total ventas\s+47,00/);
    expect(text).toMatch(/Diferencia\s+-0,50/);
    const pdf = await call(t, 'demo', {
      method: 'POST',
      url: `${Z}/pdf`,
      payload: { date: '2026-11-20' },
      token: v.tokens.admin,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const file = path.join(tmp, 'z.pdf');
    fs.writeFileSync(file, pdf.rawPayload);
    const read = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(read).toContain('INFORME Z - DÍA');
    expect(read).toMatch(/Efectivo esperado\s+108,50/);
    expect(read).toMatch(/Efectivo contado\s+108,00/);
    expect(read).toMatch(/Tarjeta\s+1,00/);
  });

  it('is for the till’s roles only, and names no other venue’s shift', async () => {
    for (const who of ['pasante', 'cocina', 'sala'] as const)
      expect((await post(t, 'demo', Z, { shiftId }, { token: v.tokens[who] })).statusCode).toBe(403);
    expect((await post(t, 'otra', Z, { shiftId }, { token: v.other.tokens.admin })).statusCode).toBe(404);
    expect(
      (await post(t, 'demo', Z, { shiftId, date: '2026-11-20' }, { token: v.tokens.tpv })).statusCode,
    ).toBe(400);
  });

  it('and the owner’s sales report of that day agree to the cent; CSV; TPV reads only today', async () => {
    const z = (await post(t, 'demo', Z, { date: '2026-11-20' }, { token: v.tokens.admin })).json().zReport;
    const report = await post(
      t,
      'demo',
      REPORT,
      { from: '2026-11-14', to: '2026-11-20' },
      { token: v.tokens.admin },
    );
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json();
    expect(body.previous).toEqual({ from: '2026-11-07', to: '2026-11-13' });
    expect(body.days).toHaveLength(1);
    expect(body.days[0]).toEqual({
      date: '2026-11-20',
      salesCents: z.salesCents,
      baseCents: z.vat.reduce((sum: number, line: { baseCents: number }) => sum + line.baseCents, 0),
      vatCents: z.vat.reduce((sum: number, line: { vatCents: number }) => sum + line.vatCents, 0),
      discountCents: z.discountCents + z.vouchersCents,
      tickets: z.tickets,
      covers: z.covers,
      collectedCents: z.collectedCents,
      cashCents: z.paymentsByMethod.cash,
      cardCents: z.paymentsByMethod.card,
      otherCents: z.paymentsByMethod.other,
      tipsCents: z.tipsByMethod.cash + z.tipsByMethod.card + z.tipsByMethod.other,
    });
    expect(body.change).toEqual({ salesBp: null, ticketsBp: null, coversBp: null });
    const csv = await post(
      t,
      'demo',
      REPORT,
      { from: '2026-11-20', to: '2026-11-20', format: 'csv' },
      { token: v.tokens.tpv },
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toBe(
      '2026-11-20;47,00;41,00;6,00;0,00;2;4;23,50;47,00;23,50;23,50;0,00;1,00',
    );
    expect(
      (await post(t, 'demo', REPORT, { from: '2026-11-19', to: '2026-11-20' }, { token: v.tokens.tpv }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(t, 'demo', REPORT, { from: '2026-11-20', to: '2026-11-20' }, { token: v.tokens.pasante }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(t, 'demo', REPORT, { from: '2026-11-20', to: '2026-11-19' }, { token: v.tokens.admin }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(t, 'demo', REPORT, { from: '2024-01-01', to: '2026-11-19' }, { token: v.tokens.admin }))
        .statusCode,
    ).toBe(400);
  });

  it('lists the lines written off in the shift and in the day, at the price they had', async () => {
    t.clock.set('2026-11-21T10:00:00Z');
    const loseBravas = async () => {
      const table = await givenAccount(t, v);
      const [bravas] = await t.ctx.db
        .select({ id: productOrders.id })
        .from(productOrders)
        .where(
          and(eq(productOrders.reservationId, table.reservationId), eq(productOrders.productSku, 'ENT-02')),
        );
      const started = await post(
        t,
        'demo',
        '/world/api/productorder/startpreparation',
        { productOrderIds: [bravas!.id] },
        { token: v.tokens.cocina },
      );
      expect(started.statusCode, started.body).toBe(200);
      const lost = await post(
        t,
        'demo',
        '/world/api/productorder/mark-as-loss',
        { productOrderIds: [bravas!.id], reason: 'Se ha caído' },
        { token: v.tokens.sala1 },
      );
      expect(lost.statusCode, lost.body).toBe(200);
    };
    // One loss before the till opens (the day's, not the shift's), one while it is open: 2 × 6,50 each.
    await loseBravas();
    t.clock.set('2026-11-21T11:00:00Z');
    const opened = await countDrawer(t, v, drawer, 'open', { 5000: 2 });
    t.clock.set('2026-11-21T12:00:00Z');
    await loseBravas();
    const ofShift = (
      await post(t, 'demo', Z, { shiftId: opened.json().opened.id }, { token: v.tokens.tpv })
    ).json().zReport;
    const ofDay = (await post(t, 'demo', Z, { date: '2026-11-21' }, { token: v.tokens.tpv })).json().zReport;
    expect(ofShift.writtenOff).toEqual({ count: 1, cents: 1300 });
    expect(ofDay.writtenOff).toEqual({ count: 2, cents: 2600 });
    // Nothing written off on the 20th.
    expect(
      (await post(t, 'demo', Z, { date: '2026-11-20' }, { token: v.tokens.tpv })).json().zReport.writtenOff,
    ).toEqual({ count: 0, cents: 0 });
    const printed = await post(t, 'demo', `${Z}/print-info`, { date: '2026-11-21' }, { token: v.tokens.tpv });
    expect(printed.json().escPosText).toMatch(/Mermas \(2\)\s+26,00/);
  });
});
