import { adminFiscalResponseSchema, type VenueSettings } from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fiscalRecords, venues } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenPaidTicket,
  post,
  releaseDemoTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * The fiscal section of the admin area (issue 23 item 6): VERI*FACTU on by default, the installation number
 * and the agency's environment, saved by the admin only, audited, and used by the next bill's record.
 */
const FISCAL = '/world/api/admin/fiscal';
const SETTINGS = '/world/api/admin/fiscal/settings';

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(() => t.close());
afterEach(() => releaseDemoTables(t, v));

const read = async (token = v.tokens.admin) => call(t, 'demo', { method: 'GET', url: FISCAL, token });
const save = (payload: object, token = v.tokens.admin) => post(t, 'demo', SETTINGS, payload, { token });

/** One Patatas bravas paid by card: the bill the TPV closes. */
const closeATable = () => givenPaidTicket(t, v, [{ sku: 'ENT-02', orderQuantity: 1 }]);

const recordsOfBill = (billId: number) =>
  t.ctx.db.select().from(fiscalRecords).where(eq(fiscalRecords.billId, billId));

describe('GET /world/api/admin/fiscal', () => {
  it('shows a venue that never opened the screen as recording, installation 1, production', async () => {
    const response = await read();
    expect(response.statusCode, response.body).toBe(200);
    const body = adminFiscalResponseSchema.parse(response.json());
    expect(body.settings).toEqual({ enabled: true, installationNumber: '1', environment: 'production' });
    expect(body.issuer.taxId).toMatch(/^[A-Z0-9]{9}$/);
    expect(body.issuer.taxIdValid).toBe(true);
  });

  it('is the admin’s only: other roles get 403, no session 401, another venue’s session 401', async () => {
    for (const role of ['sala', 'tpv', 'cocina'] as const)
      expect((await read(v.tokens[role])).statusCode).toBe(403);
    expect((await call(t, 'demo', { method: 'GET', url: FISCAL })).statusCode).toBe(401);
    expect((await call(t, 'otra', { method: 'GET', url: FISCAL, token: v.tokens.admin })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /world/api/admin/fiscal/settings', () => {
  it('refuses bad input at its field in Spanish and changes nothing', async () => {
    const bad = await save({ enabled: true, installationNumber: 'caja 2', environment: 'production' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'installationNumber', message: 'Solo letras, números, punto, guion y guion bajo' }],
    });
    const environment = await save({ enabled: true, installationNumber: '2', environment: 'staging' });
    expect(environment.statusCode).toBe(400);
    expect(environment.json().fields).toEqual([
      { path: 'environment', message: 'Elige producción o pruebas' },
    ]);
    expect((await save({ installationNumber: '2' })).statusCode).toBe(400);
    expect(adminFiscalResponseSchema.parse((await read()).json()).settings.installationNumber).toBe('1');
  });

  it('refuses every role but the admin', async () => {
    const body = { enabled: false, installationNumber: '9', environment: 'test' };
    for (const role of ['sala', 'sala1', 'tpv', 'pasante'] as const)
      expect((await save(body, v.tokens[role])).statusCode).toBe(403);
    expect(adminFiscalResponseSchema.parse((await read()).json()).settings.enabled).toBe(true);
  });

  it('audits the change, and the next bill starts the new installation’s chain on the test service', async () => {
    const before = await closeATable();
    const [first] = await recordsOfBill(before.id);
    expect(first).toMatchObject({ installationNumber: '1' });

    const saved = await save({ enabled: true, installationNumber: 'TPV-2', environment: 'test' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({
      enabled: true,
      installationNumber: 'TPV-2',
      environment: 'test',
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.venueId, v.demo.id), eq(auditLog.action, 'fiscal_settings.update')));
    expect(audit).toMatchObject({
      entity: 'fiscal_settings',
      before: { enabled: true, installationNumber: '1', environment: 'production' },
      after: { enabled: true, installationNumber: 'TPV-2', environment: 'test' },
    });

    const after = await closeATable();
    const [record] = await recordsOfBill(after.id);
    expect(record).toMatchObject({ installationNumber: 'TPV-2', seq: 1, huellaAnterior: '' });
    expect(record?.qrUrl).toMatch(/^https:\/\/prewww2\.aeat\.es\//);

    const check = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/fiscal/chain-check',
      token: v.tokens.sala,
    });
    expect(check.json()).toMatchObject({ ok: true });
    expect(
      check
        .json()
        .chains.map((chain: { installationNumber: string }) => chain.installationNumber)
        .sort(),
    ).toEqual(['1', 'TPV-2']);
  });

  it('refuses switching VERI*FACTU on, at the switch, while the fiscal data is incomplete; off is always saved', async () => {
    const [row] = await t.ctx.db
      .select({ settings: venues.settings })
      .from(venues)
      .where(eq(venues.id, v.demo.id));
    const settings = row!.settings as { fiscalInfo: VenueSettings['fiscalInfo'] };
    const withFiscalInfo = async (fiscalInfo: VenueSettings['fiscalInfo']) => {
      await t.ctx.db
        .update(venues)
        .set({ settings: { ...settings, fiscalInfo } })
        .where(eq(venues.id, v.demo.id));
      t.ctx.venues.invalidate();
    };
    const off = { enabled: false, installationNumber: '1', environment: 'production' };
    const on = { ...off, enabled: true };
    expect((await save(off)).statusCode).toBe(200);
    try {
      // A venue made with `venue:create` (decision 076): no legal name, NIF or postal code yet.
      await withFiscalInfo({ ...settings.fiscalInfo, legalName: '', taxId: '', postalCode: '' });
      const refused = await save(on);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [
          {
            path: 'enabled',
            message:
              'Completa antes los datos fiscales (razón social, NIF, código postal y serie de las facturas) para activar VERI*FACTU',
          },
        ],
      });
      // A wrong check letter or a postal code out of Spain is as incomplete, and the admin reads it in English.
      await withFiscalInfo({ ...settings.fiscalInfo, taxId: 'B15000000', postalCode: '60000' });
      const english = await post(t, 'demo', SETTINGS, on, {
        token: v.tokens.admin,
        headers: { 'accept-language': 'en' },
      });
      expect(english.statusCode).toBe(400);
      expect(english.json().fields).toEqual([
        {
          path: 'enabled',
          message:
            'Complete the fiscal data first (legal name, NIF, postal code and invoice series) to switch VERI*FACTU on',
        },
      ]);
      expect(adminFiscalResponseSchema.parse((await read()).json()).settings.enabled).toBe(false);
      // Off is saved whatever the data says.
      expect((await save({ ...off, environment: 'test' })).statusCode).toBe(200);
    } finally {
      await withFiscalInfo(settings.fiscalInfo);
    }
    expect((await save(on)).statusCode).toBe(200);
  });

  it('with VERI*FACTU off, a bill is issued without a record', async () => {
    expect(
      (await save({ enabled: false, installationNumber: 'TPV-2', environment: 'test' })).statusCode,
    ).toBe(200);
    const bill = await closeATable();
    expect(await recordsOfBill(bill.id)).toEqual([]);
    expect(
      (await save({ enabled: true, installationNumber: '1', environment: 'production' })).statusCode,
    ).toBe(200);
  });
});
