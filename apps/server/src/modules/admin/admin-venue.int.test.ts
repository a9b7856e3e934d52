import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditResponseSchema, adminVenueResponseSchema } from '@sobremesa/contracts';
import { auditLog, realtimeEvents, venues } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { givenAdminVenues } from './admin.fixtures.ts';

/**
 * The admin area's venue calls: the identity (name, subdomain, custom host, time zone, language), the
 * fiscal NIF through the settings call, and the audit log viewer. Admin only, audited, per venue.
 */
let t: TestApp;
let adminToken: string;
let salaToken: string;
let otherAdminToken: string;
let casaId: number;
let adminId: number;

const VENUE = '/world/api/admin/venue';
const IDENTITY = '/world/api/admin/venue/identity';
const SETTINGS = '/world/api/venueconfig/update';
const AUDIT = '/world/api/admin/audit';

beforeAll(async () => {
  t = await buildTestApp();
  const world = await givenAdminVenues(t, {
    casa: { settings: { posProvider: 'WEPOS' } },
    otra: { customHost: 'reservas.otra.es' },
    adminName: 'Lola',
  });
  casaId = world.casa.id;
  ({ adminId, adminToken, salaToken, otherAdminToken } = world);
});
afterAll(() => t.close());

async function storedVenue() {
  const [row] = await t.ctx.db.select().from(venues).where(eq(venues.id, casaId));
  return row!;
}

function identityAudits() {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, casaId), eq(auditLog.action, 'venue.identity.update')))
    .orderBy(auditLog.id);
}

describe('admin venue calls: access', () => {
  it.each([
    ['GET', VENUE, undefined],
    ['POST', IDENTITY, { businessName: 'Intruso' }],
    ['GET', AUDIT, undefined],
  ] as const)(
    '%s %s needs a token (401), the admin role (403) and this venue (401)',
    async (method, url, payload) => {
      const ask = (token?: string) =>
        call(t, 'casa', { method, url, ...(payload ? { payload } : {}), ...(token ? { token } : {}) });
      expect((await ask()).statusCode).toBe(401);
      const refused = await ask(salaToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await ask(otherAdminToken)).statusCode).toBe(401);
      expect((await storedVenue()).businessName).toBe('Casa casa');
    },
  );
});

describe('GET /world/api/admin/venue', () => {
  it('gives the identity and the settings completed with their defaults', async () => {
    const response = await call(t, 'casa', { method: 'GET', url: VENUE, token: adminToken });
    expect(response.statusCode).toBe(200);
    const body = adminVenueResponseSchema.parse(response.json());
    expect(body.venue).toEqual({
      businessName: 'Casa casa',
      subdomain: 'casa',
      customHost: null,
      timeZone: 'Europe/Madrid',
      defaultLocale: 'es',
      currency: 'EUR',
    });
    expect(body.settings.posProvider).toBe('WEPOS');
    expect(body.settings.fiscalInfo.invoiceSeries).toBe('T');
  });
});

describe('POST /world/api/admin/venue/identity', () => {
  it('changes the name, time zone, language and custom host, audits them and tells staff screens', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: IDENTITY,
      token: adminToken,
      payload: {
        businessName: '  Casa Pepe  ',
        timeZone: 'Atlantic/Canary',
        defaultLocale: 'gl',
        customHost: 'Reservas.CasaPepe.es',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().changed).toEqual(['businessName', 'customHost', 'defaultLocale', 'timeZone']);
    const row = await storedVenue();
    expect(row).toMatchObject({
      businessName: 'Casa Pepe',
      timeZone: 'Atlantic/Canary',
      defaultLocale: 'gl',
      customHost: 'reservas.casapepe.es',
    });
    const [audit] = await identityAudits();
    expect(audit).toMatchObject({
      actorUserId: adminId,
      actorRole: 'admin',
      before: { businessName: 'Casa casa', customHost: null, defaultLocale: 'es', timeZone: 'Europe/Madrid' },
      after: { businessName: 'Casa Pepe', customHost: 'reservas.casapepe.es', defaultLocale: 'gl' },
    });
    const events = await t.ctx.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.venueId, casaId), eq(realtimeEvents.topic, 'venue.config.updated')));
    expect(events.at(-1)?.payload).toEqual({
      changed: ['businessName', 'customHost', 'defaultLocale', 'timeZone'],
    });
    // The new custom host answers at once, and the guest config shows the new name.
    const byHost = await t.app.inject({
      method: 'POST',
      url: '/world/api/venueconfig',
      headers: { host: 'reservas.casapepe.es' },
    });
    expect(byHost.json().venueConfig.business_name).toBe('Casa Pepe');
  });

  it('writes nothing and audits nothing when nothing changes', async () => {
    const before = (await identityAudits()).length;
    const response = await call(t, 'casa', {
      method: 'POST',
      url: IDENTITY,
      token: adminToken,
      payload: { businessName: 'Casa Pepe' },
    });
    expect(response.json().changed).toEqual([]);
    expect(await identityAudits()).toHaveLength(before);
  });

  it('refuses bad input with 400 at each field, in the admin language', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: IDENTITY,
      token: adminToken,
      headers: { 'x-locale': 'en' },
      payload: {
        businessName: '',
        subdomain: 'Casa Pepe!',
        timeZone: 'Mars/Olympus',
        defaultLocale: 'xx',
        customHost: 'http://x',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Some of the data is not valid.');
    const paths = (response.json().fields as { path: string }[]).map((field) => field.path).sort();
    expect(paths).toEqual(['businessName', 'customHost', 'defaultLocale', 'subdomain', 'timeZone']);
    for (const payload of [{}, { currency: 'USD' }, { customHost: 'casa.sobremesa.test' }]) {
      const refused = await call(t, 'casa', { method: 'POST', url: IDENTITY, token: adminToken, payload });
      expect(refused.statusCode).toBe(400);
    }
    expect((await storedVenue()).businessName).toBe('Casa Pepe');
  });

  it("refuses another venue's subdomain or custom host with 409 at the field", async () => {
    for (const payload of [{ subdomain: 'otra' }, { customHost: 'reservas.otra.es' }]) {
      const response = await call(t, 'casa', { method: 'POST', url: IDENTITY, token: adminToken, payload });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Esa dirección ya la usa otro local. Elige otra.');
      expect(response.json().fields[0].path).toBe(Object.keys(payload)[0]);
    }
    expect((await storedVenue()).subdomain).toBe('casa');
  });

  it('applies two admins editing at once one after the other, each audited against the other', async () => {
    const before = (await identityAudits()).length;
    const [first, second] = await Promise.all([
      call(t, 'casa', {
        method: 'POST',
        url: IDENTITY,
        token: adminToken,
        payload: { businessName: 'Casa Uno' },
      }),
      call(t, 'casa', {
        method: 'POST',
        url: IDENTITY,
        token: adminToken,
        payload: { businessName: 'Casa Dos' },
      }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const audits = (await identityAudits()).slice(before);
    expect(audits).toHaveLength(2);
    // The second writer saw the first one's value as its "before": no lost update.
    expect((audits[1]!.before as { businessName: string }).businessName).toBe(
      (audits[0]!.after as { businessName: string }).businessName,
    );
    expect((await storedVenue()).businessName).toBe(
      (audits[1]!.after as { businessName: string }).businessName,
    );
  });

  it('moves the venue to a new subdomain, where it answers at once', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: IDENTITY,
      token: adminToken,
      payload: { subdomain: 'casapepe' },
    });
    expect(response.statusCode).toBe(200);
    const moved = await call(t, 'casapepe', { method: 'GET', url: VENUE, token: adminToken });
    expect(moved.json().venue.subdomain).toBe('casapepe');
    const back = await call(t, 'casapepe', {
      method: 'POST',
      url: IDENTITY,
      token: adminToken,
      payload: { subdomain: 'casa' },
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('the fiscal data (venueconfig/update fiscalInfo)', () => {
  const fiscalInfo = (changes: Record<string, string> = {}) => ({
    legalName: 'Casa Pepe SL',
    taxId: 'B87654323',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    invoiceSeries: 'T',
    ...changes,
  });
  /** What a venue made without fiscal data holds: the defaults, untouched by a refused save. */
  const UNSET = { legalName: '', taxId: '', address: '', postalCode: '', city: '', invoiceSeries: 'T' };
  const saveFiscal = (changes: Record<string, string>, headers: Record<string, string> = {}) =>
    call(t, 'casa', {
      method: 'POST',
      url: SETTINGS,
      token: adminToken,
      headers,
      payload: { fiscalInfo: fiscalInfo(changes) },
    });

  it('refuses an empty legal name, NIF and series and a postal code that is not Spanish, each at its field', async () => {
    const response = await saveFiscal({ legalName: ' ', taxId: '', invoiceSeries: '', postalCode: 'ABCDE' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Hay datos que no son válidos.');
    expect(response.json().fields).toEqual([
      { path: 'fiscalInfo.legalName', message: 'Escribe la razón social' },
      { path: 'fiscalInfo.taxId', message: 'Escribe el NIF' },
      {
        path: 'fiscalInfo.postalCode',
        message: 'Un código postal español: 5 cifras, de 01000 a 52999',
      },
      { path: 'fiscalInfo.invoiceSeries', message: 'Escribe la serie de las facturas' },
    ]);
    expect((await storedVenue()).settings.fiscalInfo).toEqual(UNSET);
  });

  it('words the refusals in the admin’s language', async () => {
    const response = await saveFiscal({ legalName: '', postalCode: '53000' }, { 'x-locale': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { path: 'fiscalInfo.legalName', message: 'Write the company’s legal name' },
      { path: 'fiscalInfo.postalCode', message: 'A Spanish postal code: 5 digits, from 01000 to 52999' },
    ]);
  });

  it.each([
    [
      { postalCode: '00999' },
      'fiscalInfo.postalCode',
      'Un código postal español: 5 cifras, de 01000 a 52999',
    ],
    [{ postalCode: '2801' }, 'fiscalInfo.postalCode', 'Un código postal español: 5 cifras, de 01000 a 52999'],
    [{ invoiceSeries: 'T+A' }, 'fiscalInfo.invoiceSeries', 'Hasta 19 letras, números, /, _ o -'],
    [{ invoiceSeries: 'S'.repeat(20) }, 'fiscalInfo.invoiceSeries', 'Hasta 19 letras, números, /, _ o -'],
    [{ legalName: 'x'.repeat(121) }, 'fiscalInfo.legalName', 'Como mucho 120 caracteres'],
    [{ taxId: 'B12345678' }, 'fiscalInfo.taxId', 'El NIF no es válido: revisa su último carácter'],
  ])('refuses %j at %s', async (changes, path, message) => {
    const response = await saveFiscal(changes);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path, message }]);
    expect((await storedVenue()).settings.fiscalInfo).toEqual(UNSET);
  });

  it('stores good fiscal data trimmed, the NIF in capitals without separators', async () => {
    const response = await saveFiscal({
      legalName: '  Casa Pepe SL ',
      taxId: 'b-87654323',
      postalCode: ' 01000 ',
      invoiceSeries: 'T/2026',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await storedVenue()).settings.fiscalInfo).toEqual({
      legalName: 'Casa Pepe SL',
      taxId: 'B87654323',
      address: 'Calle Mayor 1',
      postalCode: '01000',
      city: 'Madrid',
      invoiceSeries: 'T/2026',
    });
    expect((await saveFiscal({ postalCode: '52999', invoiceSeries: 'S'.repeat(19) })).statusCode).toBe(200);
  });
});

describe('GET /world/api/admin/audit', () => {
  it("lists this venue's changes newest first with who, when (with offset), before and after", async () => {
    const response = await call(t, 'casa', { method: 'GET', url: AUDIT, token: adminToken });
    expect(response.statusCode).toBe(200);
    const body = adminAuditResponseSchema.parse(response.json());
    expect(body.entries.length).toBeGreaterThanOrEqual(5);
    expect(body.entries.map((entry) => entry.id)).toEqual(
      [...body.entries.map((entry) => entry.id)].sort((a, b) => b - a),
    );
    const latest = body.entries[0]!;
    expect(latest).toMatchObject({ action: 'venue.config.update', actorName: 'Lola', actorRole: 'admin' });
    expect(latest.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/);
    expect(body.actions).toEqual(['venue.config.update', 'venue.identity.update']);
    expect(body.entities).toEqual(['venue']);
  });

  it('filters by action and pages with beforeId', async () => {
    const first = await call(t, 'casa', {
      method: 'GET',
      url: `${AUDIT}?action=venue.identity.update&limit=2`,
      token: adminToken,
    });
    const page = adminAuditResponseSchema.parse(first.json());
    expect(page.entries).toHaveLength(2);
    expect(page.entries.every((entry) => entry.action === 'venue.identity.update')).toBe(true);
    expect(page.nextBeforeId).toBe(page.entries[1]!.id);
    const next = adminAuditResponseSchema.parse(
      (
        await call(t, 'casa', {
          method: 'GET',
          url: `${AUDIT}?action=venue.identity.update&limit=2&beforeId=${page.nextBeforeId}`,
          token: adminToken,
        })
      ).json(),
    );
    expect(next.entries[0]!.id).toBeLessThan(page.nextBeforeId!);
  });

  it("never shows another venue's rows, and refuses bad filters with 400", async () => {
    const otra = adminAuditResponseSchema.parse(
      (await call(t, 'otra', { method: 'GET', url: AUDIT, token: otherAdminToken })).json(),
    );
    expect(otra.entries).toEqual([]);
    const byOurAdmin = adminAuditResponseSchema.parse(
      (
        await call(t, 'otra', {
          method: 'GET',
          url: `${AUDIT}?actorUserId=${adminId}`,
          token: otherAdminToken,
        })
      ).json(),
    );
    expect(byOurAdmin.entries).toEqual([]);
    for (const query of ['limit=0', 'limit=500', 'beforeId=abc', 'sort=id']) {
      const response = await call(t, 'casa', { method: 'GET', url: `${AUDIT}?${query}`, token: adminToken });
      expect(response.statusCode).toBe(400);
    }
  });
});
