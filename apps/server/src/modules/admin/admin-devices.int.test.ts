import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDevicesResponseSchema } from '@sobremesa/contracts';
import {
  accountingSnapshots,
  auditLog,
  cardReaders,
  cashDrawers,
  elaborationStations,
  elaborationTypes,
  realtimeEvents,
  tillShifts,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { givenAdminVenues } from './admin.fixtures.ts';

/**
 * The devices section of the admin area (issue 22 item 6): cash drawers with their denominations, card
 * readers and the printer of each station. Admin only, per venue, audited, announced to staff screens.
 */
let t: TestApp;
let adminToken: string;
let salaToken: string;
let otherAdminToken: string;
let casaId: number;
let stationId: number;

const DEVICES = '/world/api/admin/devices';
const DRAWERS = '/world/api/admin/cash-drawers';
const READERS = '/world/api/admin/card-readers';
const PRINTERS = '/world/api/admin/station-printers';

beforeAll(async () => {
  t = await buildTestApp();
  const { casa, ...world } = await givenAdminVenues(t);
  casaId = casa.id;
  ({ adminToken, salaToken, otherAdminToken } = world);
  const [type] = await t.ctx.db
    .insert(elaborationTypes)
    .values({ venueId: casa.id, name: 'Cocina' })
    .returning();
  const [station] = await t.ctx.db
    .insert(elaborationStations)
    .values({ venueId: casa.id, elaborationTypeId: type!.id, name: 'Caliente' })
    .returning();
  stationId = station!.id;
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = adminToken, venue = 'casa') =>
  call(t, venue, { method: 'POST', url, payload, token });
const devices = async () =>
  adminDevicesResponseSchema.parse(
    (await call(t, 'casa', { method: 'GET', url: DEVICES, token: adminToken })).json(),
  );
const audits = (action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, casaId), eq(auditLog.action, action)));
const configEvents = async () =>
  (await t.ctx.db.select().from(realtimeEvents).where(eq(realtimeEvents.venueId, casaId))).filter(
    (row) => row.topic === 'venue.config.updated',
  ).length;

async function givenDrawer(name: string, denominations = [100, 500, 1000]) {
  const response = await post(DRAWERS, { name, denominations });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().cashDrawer.id as number;
}

describe('devices calls: access', () => {
  it.each([
    ['GET', DEVICES, undefined],
    ['POST', DRAWERS, { name: 'Intrusa', denominations: [100] }],
    ['POST', READERS, { name: 'Intruso', kind: 'redsys' }],
    ['POST', PRINTERS, { stationPrinters: {} }],
  ] as const)('%s %s needs the admin role (403)', async (method, url, payload) => {
    const refused = await call(t, 'casa', { method, url, token: salaToken, ...(payload ? { payload } : {}) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it("another venue's admin cannot touch this venue's drawer or reader (404)", async () => {
    const drawerId = await givenDrawer('Barra');
    const reader = (await post(READERS, { name: 'Datáfono barra', kind: 'redsys' })).json().cardReader;
    const otherAdmin = (url: string, payload: object) => post(url, payload, otherAdminToken, 'otra');
    expect((await otherAdmin(`${DRAWERS}/${drawerId}`, { name: 'Mía' })).statusCode).toBe(404);
    expect((await otherAdmin(`${DRAWERS}/${drawerId}/remove`, {})).statusCode).toBe(404);
    expect((await otherAdmin(`${READERS}/${reader.id}`, { name: 'Mío', kind: 'x' })).statusCode).toBe(404);
    expect((await otherAdmin(`${READERS}/${reader.id}/remove`, {})).statusCode).toBe(404);
    const [stored] = await t.ctx.db.select().from(cashDrawers).where(eq(cashDrawers.id, drawerId));
    expect(stored!.name).toBe('Barra');
  });
});

describe('cash drawers', () => {
  it('creates a drawer with its denominations, audited and announced', async () => {
    const eventsBefore = await configEvents();
    const response = await post(DRAWERS, { name: ' Terraza ', denominations: [5000, 50, 200] });
    expect(response.statusCode, response.body).toBe(200);
    const drawer = response.json().cashDrawer;
    expect(drawer).toEqual({
      id: drawer.id,
      name: 'Terraza',
      denominations: [
        { value: 50, kind: 'coin' },
        { value: 200, kind: 'coin' },
        { value: 5000, kind: 'note' },
      ],
    });
    expect((await devices()).cashDrawers).toContainEqual(drawer);
    const [audit] = (await audits('cash_drawer.create')).filter((row) => row.entityId === String(drawer.id));
    expect(audit!.after).toEqual(drawer);
    expect(await configEvents()).toBe(eventsBefore + 1);
    const accounting = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/accounting-config',
      payload: {},
      token: adminToken,
    });
    const listed = accounting
      .json()
      .accountingConfig.cashDrawers.find((row: { id: number }) => row.id === drawer.id);
    expect(listed.slots.map((slot: { value: number }) => slot.value)).toEqual([50, 200, 5000]);
  });

  it('renames a drawer and changes its denominations', async () => {
    const id = await givenDrawer('Sala', [100, 200]);
    const response = await post(`${DRAWERS}/${id}`, { name: 'Sala grande', denominations: [200, 2000] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().cashDrawer).toEqual({
      id,
      name: 'Sala grande',
      denominations: [
        { value: 200, kind: 'coin' },
        { value: 2000, kind: 'note' },
      ],
    });
    const [audit] = (await audits('cash_drawer.update')).filter((row) => row.entityId === String(id));
    expect(audit!.before).toMatchObject({ name: 'Sala' });
  });

  it.each([
    [{ name: '', denominations: [100] }, 'name', 'Escribe un nombre'],
    [{ name: 'Caja', denominations: [300] }, 'denominations.0', 'No es una moneda ni un billete de euro'],
    [{ name: 'Caja', denominations: [] }, 'denominations', 'Elige al menos una moneda o billete'],
    [{ name: 'Caja', denominations: [100, 100] }, 'denominations', 'Hay valores repetidos'],
  ])('refuses %j with a message at its field (400)', async (payload, path, message) => {
    const response = await post(DRAWERS, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ path, message });
  });

  it.each([
    ['en', 'name', 'Write a name'],
    ['eu', 'name', 'Idatzi izen bat'],
    ['de', 'extra', 'Unbekanntes Feld'],
  ])('words the refused fields in the admin’s language (%s)', async (language, path, message) => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: DRAWERS,
      token: adminToken,
      headers: { 'accept-language': language },
      payload: { name: '', denominations: [100], extra: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ path, message });
  });

  it('removes a drawer with no history, audited', async () => {
    const id = await givenDrawer('Provisional');
    const response = await post(`${DRAWERS}/${id}/remove`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect((await devices()).cashDrawers.map((row) => row.id)).not.toContain(id);
    expect((await audits('cash_drawer.remove')).map((row) => row.entityId)).toContain(String(id));
  });

  it('refuses to remove a drawer with an open shift (409) and keeps it', async () => {
    const id = await givenDrawer('En uso');
    const [snapshot] = await t.ctx.db
      .insert(accountingSnapshots)
      .values({ venueId: casaId, type: 1, logicalDate: '2026-11-25', cashDrawerId: id })
      .returning();
    await t.ctx.db.insert(tillShifts).values({
      venueId: casaId,
      cashDrawerId: id,
      logicalDate: '2026-11-25',
      floatCents: 0,
      openedSnapshotId: snapshot!.id,
      openedAt: new Date('2026-11-25T10:00:00Z'),
    });
    const response = await post(`${DRAWERS}/${id}/remove`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Este cajón tiene un turno abierto. Ciérralo en la caja antes de quitarlo.',
    );
    expect((await devices()).cashDrawers.map((row) => row.id)).toContain(id);
    await t.ctx.db.update(tillShifts).set({ status: 'closed' }).where(eq(tillShifts.cashDrawerId, id));
    const closed = await post(`${DRAWERS}/${id}/remove`, {});
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('CONFLICT');
  });
  it('a removal racing a till opening on the drawer: one wins, the other is refused, never a 500', async () => {
    const id = await givenDrawer('Carrera');
    const [removed, opened] = await Promise.all([
      post(`${DRAWERS}/${id}/remove`, {}),
      call(t, 'casa', {
        method: 'POST',
        url: '/world/api/accounting/create-accounting-snapshot',
        payload: { cashDrawerId: id, cashDrawerSlots: [], snapshotType: 1 },
        token: adminToken,
        headers: { 'idempotency-key': randomUUID() },
      }),
    ]);
    const outcome = [removed.statusCode, opened.statusCode];
    expect([
      [200, 404],
      [409, 201],
    ]).toContainEqual(outcome);
    if (opened.statusCode === 201) {
      await t.ctx.db.update(tillShifts).set({ status: 'closed' }).where(eq(tillShifts.cashDrawerId, id));
    }
  });
});

describe('card readers', () => {
  it('adds, renames and removes a card reader, audited', async () => {
    const created = await post(READERS, { name: 'Datáfono terraza', kind: 'sumup' });
    expect(created.statusCode, created.body).toBe(200);
    const reader = created.json().cardReader;
    expect(reader).toEqual({ id: reader.id, name: 'Datáfono terraza', kind: 'sumup' });
    expect((await devices()).cardReaders).toContainEqual(reader);
    const renamed = await post(`${READERS}/${reader.id}`, { name: 'Datáfono sala', kind: 'redsys' });
    expect(renamed.json().cardReader).toEqual({ id: reader.id, name: 'Datáfono sala', kind: 'redsys' });
    const [stored] = await t.ctx.db.select().from(cardReaders).where(eq(cardReaders.id, reader.id));
    expect(stored!.provider).toBe('redsys');
    expect((await post(`${READERS}/${reader.id}/remove`, {})).statusCode).toBe(200);
    expect((await audits('card_reader.remove')).map((row) => row.entityId)).toContain(String(reader.id));
  });

  it('refuses a reader without a name or kind (400 at the field)', async () => {
    const response = await post(READERS, { name: 'Sin tipo', kind: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ path: 'kind', message: 'Escribe el tipo de datáfono' });
  });

  it('an unknown reader is a 404', async () => {
    expect((await post(`${READERS}/999999`, { name: 'X', kind: 'y' })).statusCode).toBe(404);
  });
});

describe('station printers', () => {
  it("maps a station to a printer in the venue's settings, audited", async () => {
    const response = await post(PRINTERS, { stationPrinters: { [stationId]: 'Cocina-EPSON' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().stationPrinters).toEqual({ [stationId]: 'Cocina-EPSON' });
    const listed = await devices();
    expect(listed.stations).toEqual([{ id: stationId, name: 'Caliente' }]);
    expect(listed.stationPrinters).toEqual({ [stationId]: 'Cocina-EPSON' });
    const [audit] = await audits('venue.config.update');
    expect(audit!.after).toEqual({ stationPrinters: { [stationId]: 'Cocina-EPSON' } });
  });

  it("refuses a station that is not the venue's (400 at the field)", async () => {
    const response = await post(PRINTERS, { stationPrinters: { '999999': 'Barra' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { path: 'stationPrinters.999999', message: 'No es una estación del local' },
    ]);
  });
});
