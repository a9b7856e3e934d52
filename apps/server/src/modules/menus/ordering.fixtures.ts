import { randomUUID } from 'node:crypto';
import type { BillView, MenuGetResponse, MenuProduct, MenuCategory } from '@sobremesa/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { tableBookings, venues } from '../../db/schema/index.ts';
import { call, hostOf, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD, seedDemoVenue } from '../demo/demo-seed.ts';
import { givenFloorVenue } from '../floor/floor.fixtures.ts';

/** Demo staff accounts by the role they hold (demo-venue.ts). */
const DEMO_ACCOUNTS = {
  sala: 'sala@demo.test',
  sala1: 'sala1@demo.test',
  cocina: 'cocina@demo.test',
  barra: 'barra@demo.test',
  tpv: 'tpv@demo.test',
  pasante: 'pasante@demo.test',
  admin: 'admin@demo.test',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

async function demoSignIn(t: TestApp, email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/world/api/user/login',
    headers: { host: hostOf('demo') },
    payload: { userEmail: email, password: DEMO_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { user: { token: string } }).user.token;
}

/**
 * The demo restaurant (its real menus, staff and floor) plus a second venue, `otra`, for SEC-01 checks.
 * The clock is Friday 2026-11-20 13:00 in Madrid (lunch service).
 */
export async function givenOrderingVenues(t: TestApp) {
  t.clock.set('2026-11-20T12:00:00Z');
  await seedDemoVenue(t.ctx.db);
  const [demo] = await t.ctx.db.select().from(venues).where(eq(venues.subdomain, 'demo'));
  if (!demo) throw new Error('demo venue missing');
  const tokens = {} as Record<DemoAccount, string>;
  for (const [key, email] of Object.entries(DEMO_ACCOUNTS))
    tokens[key as DemoAccount] = await demoSignIn(t, email);
  const other = await givenFloorVenue(t, 'otra');
  return { demo, tokens, other };
}
export type OrderingVenues = Awaited<ReturnType<typeof givenOrderingVenues>>;

/** Frees a venue's tables after a test that seats parties, so later tests do not run out of them. */
export async function releaseTables(t: TestApp, venueId: number): Promise<void> {
  await t.ctx.db
    .update(tableBookings)
    .set({ status: 'released', releasedAt: t.clock.now() })
    .where(and(eq(tableBookings.venueId, venueId), inArray(tableBookings.status, ['confirmed', 'seated'])));
}

let address = 0;
/**
 * POST on a venue with an optional token and headers, from a fresh address (no rate limit interplay), with
 * a fresh Idempotency-Key as the web app sends one (`withoutKey` leaves it out, to test its refusal).
 */
export function post(
  t: TestApp,
  subdomain: string,
  url: string,
  payload: unknown,
  options: { token?: string; headers?: Record<string, string>; ip?: string; withoutKey?: boolean } = {},
): Promise<LightMyRequestResponse> {
  address += 1;
  return call(t, subdomain, {
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    token: options.token,
    headers: { ...(options.withoutKey ? {} : { 'idempotency-key': randomUUID() }), ...options.headers },
    remoteAddress: options.ip ?? `10.7.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
  });
}

/** A seated walk-in of the demo venue, its account QR capability and a guest who joined through it. */
export async function givenSeatedTable(
  t: TestApp,
  venues: OrderingVenues,
  subdomain = 'demo',
  token?: string,
) {
  const staffToken = token ?? venues.tokens.sala;
  const created = await post(
    t,
    subdomain,
    '/world/reservation/createwalkin',
    { name: 'Mesa Test', pax: 2 },
    { token: staffToken },
  );
  expect(created.statusCode, created.body).toBe(201);
  const reservation = (created.json() as { reservation: { id: number; wid: string } }).reservation;
  const qr = await post(
    t,
    subdomain,
    '/world/api/reservation/account-qr',
    { reservationWid: reservation.wid },
    { token: staffToken },
  );
  expect(qr.statusCode, qr.body).toBe(200);
  const tableUid = (qr.json() as { uid: string }).uid;
  const joined = await post(t, subdomain, '/world/api/user/createguestusermenu', {
    reservationWid: reservation.wid,
    hostCode: tableUid,
    name: 'Lucía',
  });
  expect(joined.statusCode, joined.body).toBe(200);
  const guestUid = (joined.json() as { uid: string }).uid;
  return { reservationId: reservation.id, wid: reservation.wid, tableUid, guestUid };
}

/**
 * A seated demo table that ordered `products` (Sala, from the commander) and paid it all by card at the TPV:
 * its simplified invoice, as the TPV's reply gives it.
 */
export async function givenPaidTicket(
  t: TestApp,
  venues: OrderingVenues,
  products: readonly { sku: string; orderQuantity: number }[],
): Promise<BillView> {
  const table = await givenSeatedTable(t, venues);
  const ordered = await post(
    t,
    'demo',
    '/world/api/cartsession/createcartsessionorder',
    {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: products.map((product) => ({ ...product, options: [] })),
    },
    { token: venues.tokens.sala },
  );
  expect(ordered.statusCode, ordered.body).toBe(201);
  const paid = await post(
    t,
    'demo',
    '/world/api/reservation/paid-reservation',
    { reservationId: table.reservationId, paymentMethod: 'card' },
    { token: venues.tokens.tpv },
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return (paid.json() as { bill: BillView }).bill;
}

/** Every product of a menu/get reply, flattened. */
export function productsOf(menu: MenuGetResponse): MenuProduct[] {
  const walk = (categories: readonly MenuCategory[]): MenuProduct[] =>
    categories.flatMap((category) => [...category.products, ...walk(category.children)]);
  const all = menu.menus.flatMap((entry) => walk(entry.menuCategories));
  return [...new Map(all.map((product) => [product.id, product])).values()];
}

export async function demoMenu(t: TestApp, locale = 'es'): Promise<MenuGetResponse> {
  const response = await post(t, 'demo', '/world/api/menu/get', {}, { headers: { 'x-locale': locale } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MenuGetResponse;
}

/**
 * Frees every table of the demo venue (call it after each test): each test seats its own parties, and
 * freeing the tables keeps later tests from running out of them.
 */
export async function releaseDemoTables(t: TestApp, venues: OrderingVenues): Promise<void> {
  await t.ctx.db
    .update(tableBookings)
    .set({ status: 'released', releasedAt: t.clock.now() })
    .where(
      and(eq(tableBookings.venueId, venues.demo.id), inArray(tableBookings.status, ['confirmed', 'seated'])),
    );
}
