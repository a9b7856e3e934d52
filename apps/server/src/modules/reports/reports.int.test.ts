import type { OwnerReportResponse, zReportSchema } from '@sobremesa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { reportDays } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { givenOrderingVenues, post, type OrderingVenues } from '../menus/ordering.fixtures.ts';
import { countDrawer, demoDrawer, givenAccount, PAY } from '../accounting/till.fixtures.ts';

/**
 * Issue 24 item 6 (decision 045): the owner's reports of a small known day agree with that day's Z report
 * to the cent, live today and stored once the day is closed; a change to a closed day reaches its report.
 */

const OWNER = '/world/api/reports/owner';
const CSV = '/world/api/reports/owner/csv';
const Z = '/world/api/accounting/z-report';
const DAY = '2026-11-20';
let t: TestApp;
let v: OrderingVenues;
let extraPaymentId = 0;
let extraReservationId = 0;

const sum = (rows: readonly { cents: number }[]) => rows.reduce((total, row) => total + row.cents, 0);

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  // The till open (payments take the clock's day through their shift; their own time is the database's).
  const drawer = await demoDrawer(t, v.demo.id);
  await countDrawer(t, v, drawer, 'open', { 5000: 2 });
  // Two tables paid in full (cash, card with a 1,00 tip) and a part payment of a third, all on 20 November.
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
  const part = await post(
    t,
    'demo',
    PAY,
    { reservationId: c.reservationId, method: 'cash', amountCents: 500 },
    { token: v.tokens.tpv },
  );
  expect(part.statusCode, part.body).toBe(201);
  extraPaymentId = part.json().payment.id;
  extraReservationId = c.reservationId;
  // One line of table A ready twelve minutes after it was ordered.
  await t.ctx.db.execute(
    sql`update product_orders set created_at = ${`${DAY}T12:00:00Z`}, date_ready = ${`${DAY}T12:12:00Z`}
        where venue_id = ${v.demo.id} and reservation_id = ${a.reservationId}`,
  );
}, 180_000);
afterAll(async () => {
  await t.close();
});

async function zOf(day: string) {
  const response = await post(t, 'demo', Z, { date: day }, { token: v.tokens.admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().zReport;
}

async function ownerOf(from: string, to: string, token = v.tokens.admin) {
  const response = await post(t, 'demo', OWNER, { from, to }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function expectAgreement(figures: OwnerReportResponse['current'], z: z.infer<typeof zReportSchema>) {
  expect(figures.totals).toMatchObject({
    salesCents: z.salesCents,
    collectedCents: z.collectedCents,
    cashCents: z.paymentsByMethod.cash,
    cardCents: z.paymentsByMethod.card,
    tickets: z.tickets,
    covers: z.covers,
    tipsCents: z.tipsByMethod.cash + z.tipsByMethod.card + z.tipsByMethod.other,
  });
  expect(figures.averageTicketCents).toBe(z.averageTicketCents);
  expect(figures.vat).toEqual(z.vat);
  expect(sum(figures.methods)).toBe(z.collectedCents);
  expect(sum(figures.staff)).toBe(z.collectedCents);
  expect(sum(figures.hours)).toBe(z.salesCents);
  expect(sum(figures.products)).toBe(z.salesCents);
  expect(sum(figures.categories)).toBe(z.salesCents);
}

describe('the owner reports', () => {
  it('of today, computed live, agree with the Z to the cent in every breakdown', async () => {
    const z = await zOf(DAY);
    // Two tables sold; the third's part payment is money taken, not yet a sale.
    expect(z.salesCents).toBe(2350 + 2350);
    expect(z.collectedCents).toBe(2350 + 2350 + 500);
    const report = await ownerOf(DAY, DAY);
    expect(report.previous).toEqual({ from: '2026-11-19', to: '2026-11-19' });
    expectAgreement(report.current, z);
    expect(report.current.methods).toEqual([
      { key: 'cash', cents: 2850, count: 2 },
      { key: 'card', cents: 2350, count: 1 },
    ]);
    expect(report.current.products).toEqual([
      { key: expect.stringContaining('Patatas bravas'), cents: 2600, count: 4 },
      { key: expect.stringContaining('Cerveza'), cents: 2100, count: 6 },
    ]);
    expect(report.current.staff).toEqual([
      { name: expect.any(String), cents: 5200, count: 3, tipsCents: 100 },
    ]);
    expect(report.current.service).toMatchObject({ bookings: 3, noShows: 0, cancellations: 0 });
    expect(report.current.kitchen.length).toBeGreaterThan(0);
    for (const station of report.current.kitchen)
      expect(station).toMatchObject({ medianMinutes: 12, p90Minutes: 12 });
    expect(report.before.totals.salesCents).toBe(0);
    expect(report.change.salesBp).toBeNull();
    // Only the previous day, closed, is stored; today never is.
    const stored = await t.ctx.db.select().from(reportDays).where(eq(reportDays.venueId, v.demo.id));
    expect(stored.map((row) => row.day)).toEqual(['2026-11-19']);
  });

  it('of a closed day are stored once, equal; a later change to that day reaches them', async () => {
    const live = await ownerOf(DAY, DAY);
    t.clock.advance(24 * 3_600_000);
    try {
      const closed = await ownerOf('2026-11-14', DAY);
      expect(closed.current.totals).toEqual(live.current.totals);
      expect(closed.current.products).toEqual(live.current.products);
      expectAgreement(closed.current, await zOf(DAY));
      const stored = await t.ctx.db
        .select({ day: reportDays.day })
        .from(reportDays)
        .where(eq(reportDays.venueId, v.demo.id));
      expect(stored.map((row) => row.day).sort()).toContain(DAY);
      expect(stored).toHaveLength(7 + 7); // the week and the week before it

      const voided = await post(
        t,
        'demo',
        '/world/api/payment/void',
        { reservationId: extraReservationId, paymentId: extraPaymentId, reason: 'Mesa equivocada' },
        { token: v.tokens.admin },
      );
      expect(voided.statusCode, voided.body).toBe(200);
      const forgotten = await t.ctx.db
        .select()
        .from(reportDays)
        .where(and(eq(reportDays.venueId, v.demo.id), eq(reportDays.day, DAY)));
      expect(forgotten).toEqual([]);
      const after = await ownerOf(DAY, DAY);
      expect(after.current.totals.collectedCents).toBe(live.current.totals.collectedCents - 500);
      expectAgreement(after.current, await zOf(DAY));
    } finally {
      t.clock.advance(-24 * 3_600_000);
    }
  });

  it('export each report as CSV with Spanish headers and decimal commas', async () => {
    const csv = async (report: string) => {
      const response = await post(t, 'demo', CSV, { from: DAY, to: DAY, report }, { token: v.tokens.admin });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain(`informe-${report}-${DAY}-${DAY}.csv`);
      return response.body.split('\r\n');
    };
    expect((await csv('sales'))[1]).toMatch(/^2026-11-20;47,00;41,00;6,00;0,00;2;4;23,50;47,00;23,50;23,50;/);
    expect((await csv('methods')).slice(0, 3)).toEqual([
      'Forma de pago;Importe;Pagos',
      'Tarjeta;23,50;1',
      'Efectivo;23,50;1',
    ]);
    expect((await csv('products'))[0]).toBe('Producto;Importe;Unidades');
    expect((await csv('vat'))[0]).toBe('Tipo IVA %;Base;IVA;Total');
    expect((await csv('kitchen'))[1]).toMatch(/;\d+;12;12$/);
    expect((await csv('service'))[1]).toMatch(/^3;0;0;/);
  });

  it('refuse a bad range with a message, a past day to the TPV, and the other roles', async () => {
    const backwards = await post(
      t,
      'demo',
      OWNER,
      { from: DAY, to: '2026-11-19' },
      { token: v.tokens.admin },
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toEqual(expect.any(String));
    // At the "Hasta" field, named by the page's labels in the reader's language.
    expect(backwards.json().fields).toEqual([
      { path: 'to', message: 'La fecha «Hasta» no puede ser anterior a «Desde»' },
    ]);
    const tooLong = await post(
      t,
      'demo',
      OWNER,
      { from: '2024-01-01', to: DAY },
      { token: v.tokens.admin, headers: { 'accept-language': 'eu' } },
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual([
      { path: 'to', message: '«Noiztik» eta «Noiz arte» artean, urtebete gehienez' },
    ]);
    expect(
      (await post(t, 'demo', CSV, { from: DAY, to: DAY, report: 'nope' }, { token: v.tokens.admin }))
        .statusCode,
    ).toBe(400);
    expect((await ownerOf(DAY, DAY, v.tokens.tpv)).current.totals.salesCents).toBe(4700);
    expect(
      (await post(t, 'demo', OWNER, { from: '2026-11-19', to: DAY }, { token: v.tokens.tpv })).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          t,
          'demo',
          CSV,
          { from: '2026-11-19', to: '2026-11-19', report: 'sales' },
          { token: v.tokens.tpv },
        )
      ).statusCode,
    ).toBe(403);
    for (const who of ['pasante', 'cocina'] as const)
      expect(
        (await post(t, 'demo', OWNER, { from: DAY, to: DAY }, { token: v.tokens[who] })).statusCode,
      ).toBe(403);
  });

  it('show another venue none of these figures', async () => {
    const other = await post(t, 'otra', OWNER, { from: DAY, to: DAY }, { token: v.other.tokens.admin });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().current.totals.salesCents).toBe(0);
    expect(other.json().current.products).toEqual([]);
    expect(other.json().current.kitchen).toEqual([]);
    expect(other.json().current.staff).toEqual([]);
  });
});
