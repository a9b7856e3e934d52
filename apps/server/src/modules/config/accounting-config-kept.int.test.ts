import { randomUUID } from 'node:crypto';
import { accountingConfigResponseSchema, type AccountingConfig } from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { openPostgres } from '../../db/postgres.ts';
import { cardReaders, cashDrawerSlots } from '../../db/schema/index.ts';
import {
  buildTestApp,
  call,
  givenStaff,
  givenVenue,
  hostOf,
  signIn,
  TEST_BASE_DOMAIN,
  type TestApp,
} from '../../test/test-app.ts';

/**
 * The accounting-config reply is kept per venue (decision 054, sixth session): these calls go through HTTP
 * and show that no change of what it lists is ever answered stale, and that keeping it never lets a refused
 * caller through.
 */
let t: TestApp;
let venueId: number;
let adminToken: string;
let salaToken: string;

const CONFIG = '/world/api/accounting-config';

beforeAll(async () => {
  t = await buildTestApp();
  const venue = await givenVenue(t, { subdomain: 'caja' });
  venueId = venue.id;
  await givenStaff(t, { venueId, email: 'admin@caja.test', isAdmin: true, copilotEnabled: true });
  await givenStaff(t, { venueId, email: 'sala@caja.test', copilotEnabled: true });
  adminToken = await signIn(t, 'caja', 'admin@caja.test');
  salaToken = await signIn(t, 'caja', 'sala@caja.test');
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = adminToken) =>
  call(t, 'caja', { method: 'POST', url, payload, token, headers: { 'idempotency-key': randomUUID() } });

async function accountingConfig(token = salaToken): Promise<AccountingConfig> {
  const response = await call(t, 'caja', { method: 'POST', url: CONFIG, payload: {}, token });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return accountingConfigResponseSchema.parse(response.json()).accountingConfig;
}

const drawerNamed = async (name: string) =>
  (await accountingConfig()).cashDrawers.find((drawer) => drawer.name === name);

describe('the kept accounting-config reply', () => {
  it('shows a drawer the admin adds, renames and removes on the very next call', async () => {
    expect(await drawerNamed('Barra')).toBeUndefined();
    const created = await post('/world/api/admin/cash-drawers', { name: 'Barra', denominations: [50, 1000] });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().cashDrawer.id as number;
    expect((await drawerNamed('Barra'))?.slots.map((slot) => slot.value)).toEqual([50, 1000]);

    const renamed = await post(`/world/api/admin/cash-drawers/${id}`, {
      name: 'Barra alta',
      denominations: [1000, 2000],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await drawerNamed('Barra')).toBeUndefined();
    expect((await drawerNamed('Barra alta'))?.slots.map((slot) => slot.value)).toEqual([1000, 2000]);

    const removed = await post(`/world/api/admin/cash-drawers/${id}/remove`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await drawerNamed('Barra alta')).toBeUndefined();
  });

  it('shows a card reader the admin adds and renames on the very next call', async () => {
    expect((await accountingConfig()).cardReaders).toEqual([]);
    const created = await post('/world/api/admin/card-readers', { name: 'Datáfono', kind: 'redsys' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().cardReader.id as number;
    expect((await accountingConfig()).cardReaders).toEqual([{ id, name: 'Datáfono', provider: 'redsys' }]);

    const renamed = await post(`/world/api/admin/card-readers/${id}`, { name: 'Datáfono 2', kind: 'redsys' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await accountingConfig()).cardReaders).toEqual([{ id, name: 'Datáfono 2', provider: 'redsys' }]);
  });

  it("shows a till count's pieces as the drawer's content on the very next call", async () => {
    const created = await post('/world/api/admin/cash-drawers', { name: 'Caja', denominations: [200, 5000] });
    expect(created.statusCode, created.body).toBe(200);
    const drawer = (await drawerNamed('Caja'))!;
    expect(drawer.slots.map((slot) => slot.quantity)).toEqual([0, 0]);

    const counted = await post('/world/api/accounting/create-accounting-snapshot', {
      cashDrawerId: drawer.id,
      cashDrawerSlots: drawer.slots.map((slot, index) => ({ ...slot, quantity: index + 3 })),
      snapshotType: 1,
    });
    expect(counted.statusCode, counted.body).toBe(201);
    expect((await drawerNamed('Caja'))?.slots.map((slot) => slot.quantity)).toEqual([3, 4]);
  });

  it('hears a change written past this instance (as another instance writes it) from the database', async () => {
    const before = await accountingConfig();
    await t.ctx.db
      .insert(cardReaders)
      .values({ venueId, name: 'Terminal de otra instancia', provider: 'stripe' });
    await expect
      .poll(async () => (await accountingConfig()).cardReaders.map((reader) => reader.name))
      .toContain('Terminal de otra instancia');

    const drawer = (await drawerNamed('Caja'))!;
    await t.ctx.db
      .update(cashDrawerSlots)
      .set({ quantity: 9 })
      .where(and(eq(cashDrawerSlots.venueId, venueId), eq(cashDrawerSlots.cashDrawerId, drawer.id)));
    await expect
      .poll(async () => (await drawerNamed('Caja'))?.slots.map((slot) => slot.quantity))
      .toEqual([9, 9]);
    expect(before.cardReaders).toHaveLength((await accountingConfig()).cardReaders.length - 1);
  });

  it('still refuses whoever the access check refuses, with the reply kept', async () => {
    await accountingConfig();
    expect((await call(t, 'caja', { method: 'POST', url: CONFIG, payload: {} })).statusCode).toBe(401);
    const refused = await call(t, 'caja', { method: 'POST', url: CONFIG, payload: {}, token: 'not-a-token' });
    expect(refused.statusCode).toBe(401);

    await givenStaff(t, { venueId, email: 'salida@caja.test', copilotEnabled: true });
    const leaving = await signIn(t, 'caja', 'salida@caja.test');
    await accountingConfig(leaving);
    const loggedOut = await call(t, 'caja', {
      method: 'POST',
      url: '/world/api/user/logout',
      payload: {},
      token: leaving,
    });
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    // Revoked: refused on the very next call, though the reply and the session were both kept.
    const revoked = await call(t, 'caja', { method: 'POST', url: CONFIG, payload: {}, token: leaving });
    expect(revoked.statusCode).toBe(401);
  });

  it("never answers one venue's kept reply to another venue's caller", async () => {
    const other = await givenVenue(t, { subdomain: 'otra-caja' });
    await givenStaff(t, { venueId: other.id, email: 'sala@otra.test', copilotEnabled: true });
    const otherToken = await signIn(t, 'otra-caja', 'sala@otra.test');
    await accountingConfig();
    const response = await call(t, 'otra-caja', {
      method: 'POST',
      url: CONFIG,
      payload: {},
      token: otherToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(accountingConfigResponseSchema.parse(response.json()).accountingConfig).toEqual({
      cashDrawers: [],
      cardReaders: [],
      venueProviders: [],
    });
    expect(
      (await call(t, 'otra-caja', { method: 'POST', url: CONFIG, payload: {}, token: salaToken })).statusCode,
    ).toBe(401);
  });
});

// Needs a PostgreSQL server (CI sets TEST_DATABASE_URL); the embedded database belongs to one process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let second: { app: FastifyInstance; handle: DatabaseHandle } | undefined;

  beforeAll(async () => {
    const handle = await openPostgres(t.database.url!);
    const { app } = await buildApp({
      database: handle,
      clock: t.clock,
      settings: { baseDomain: TEST_BASE_DOMAIN, trustProxy: false, checkReplies: true },
    });
    await app.ready();
    second = { app, handle };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.handle.close();
  });

  it('shows on this instance a drawer the admin adds through the other, as soon as the database tells it', async () => {
    expect(await drawerNamed('Terraza')).toBeUndefined();
    const created = await second!.app.inject({
      method: 'POST',
      url: '/world/api/admin/cash-drawers',
      headers: {
        host: hostOf('caja'),
        authorization: `Bearer ${adminToken}`,
        'idempotency-key': randomUUID(),
      },
      payload: { name: 'Terraza', denominations: [100] },
    });
    expect(created.statusCode, created.body).toBe(200);
    await expect.poll(async () => (await drawerNamed('Terraza'))?.name, { timeout: 2_000 }).toBe('Terraza');
  });
});
