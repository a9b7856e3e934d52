import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venueConfigResponseSchema } from '@sobremesa/contracts';
import { auditLog, realtimeEvents, venues } from '../../db/schema/index.ts';
import { buildTestApp, call, givenStaff, givenVenue, signIn, type TestApp } from '../../test/test-app.ts';

/**
 * POST /world/api/venueconfig/update: the venue's admin changes part of the settings (the sites that
 * embed the booking form, the privacy policy...), validated, audited, announced to staff screens and
 * applied at once (frame-ancestors of the embeddable routes).
 */
let t: TestApp;
let adminToken: string;
let salaToken: string;
let otherAdminToken: string;
let casaId: number;

const UPDATE = '/world/api/venueconfig/update';

beforeAll(async () => {
  t = await buildTestApp();
  const casa = await givenVenue(t, {
    subdomain: 'casa',
    settings: {
      reservation_disabled_dow: [1],
      copilotConfig: { zoneFilter: true, cartProductStaffComments: false, promotionsEnabled: false },
    },
  });
  casaId = casa.id;
  const otra = await givenVenue(t, { subdomain: 'otra' });
  await givenStaff(t, { venueId: casa.id, email: 'admin@casa.test', isAdmin: true });
  await givenStaff(t, { venueId: casa.id, email: 'sala@casa.test', roleIds: [] });
  await givenStaff(t, { venueId: otra.id, email: 'admin@otra.test', isAdmin: true });
  adminToken = await signIn(t, 'casa', 'admin@casa.test');
  salaToken = await signIn(t, 'casa', 'sala@casa.test');
  otherAdminToken = await signIn(t, 'otra', 'admin@otra.test');
});
afterAll(() => t.close());

function auditRows() {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, casaId), eq(auditLog.action, 'venue.config.update')))
    .orderBy(auditLog.id);
}

function configEvents() {
  return t.ctx.db
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.venueId, casaId), eq(realtimeEvents.topic, 'venue.config.updated')))
    .orderBy(realtimeEvents.seq);
}

async function storedSettings() {
  const [row] = await t.ctx.db.select().from(venues).where(eq(venues.id, casaId));
  return row!.settings;
}

describe('venueconfig/update', () => {
  it('needs a token (401), the admin role (403), and a token of this venue (401)', async () => {
    const payload = { privacyPolicy: 'x' };
    expect((await call(t, 'casa', { method: 'POST', url: UPDATE, payload })).statusCode).toBe(401);
    const refused = await call(t, 'casa', { method: 'POST', url: UPDATE, payload, token: salaToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const foreign = await call(t, 'casa', { method: 'POST', url: UPDATE, payload, token: otherAdminToken });
    expect(foreign.statusCode).toBe(401);
    expect(await auditRows()).toEqual([]);
  });

  it('changes only the fields sent, audits them and tells staff screens', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: UPDATE,
      token: adminToken,
      payload: {
        embedOrigins: ['https://www.casa-ejemplo.test/', 'http://127.0.0.1:8123'],
        privacyPolicy: 'Tratamos tus datos solo para gestionar tu reserva.',
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.changed).toEqual(['embedOrigins', 'privacyPolicy']);
    const { venueConfig } = venueConfigResponseSchema.parse({ result: 0, venueConfig: body.venueConfig });
    expect(venueConfig.embedOrigins).toEqual(['https://www.casa-ejemplo.test', 'http://127.0.0.1:8123']);
    // Fields not sent keep their value: no default overwrote them.
    expect(venueConfig.reservation_disabled_dow).toEqual([1]);
    expect(venueConfig.copilotConfig.cartProductStaffComments).toBe(false);

    // The public config sees it at once (the venue directory's cache was dropped).
    const seen = await call(t, 'casa', { method: 'POST', url: '/world/api/venueconfig' });
    expect(seen.json().venueConfig).toMatchObject({
      embedOrigins: ['https://www.casa-ejemplo.test', 'http://127.0.0.1:8123'],
      privacyPolicy: 'Tratamos tus datos solo para gestionar tu reserva.',
    });
    expect(await storedSettings()).toMatchObject({
      reservation_disabled_dow: [1],
      embedOrigins: ['https://www.casa-ejemplo.test', 'http://127.0.0.1:8123'],
    });

    const [audit] = await auditRows();
    expect(audit).toMatchObject({
      actorRole: 'admin',
      entity: 'venue',
      entityId: String(casaId),
      before: { embedOrigins: [], privacyPolicy: '' },
      after: {
        embedOrigins: ['https://www.casa-ejemplo.test', 'http://127.0.0.1:8123'],
        privacyPolicy: 'Tratamos tus datos solo para gestionar tu reserva.',
      },
    });
    expect(audit!.actorUserId).toEqual(expect.any(Number));
    const events = await configEvents();
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({ changed: ['embedOrigins', 'privacyPolicy'] });
  });

  it('lets the declared sites frame the embeddable routes at once, and no others', async () => {
    const embedded = await call(t, 'casa', { method: 'GET', url: '/iframe-reservar' });
    expect(embedded.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://www.casa-ejemplo.test http://127.0.0.1:8123",
    );
    const other = await call(t, 'otra', { method: 'GET', url: '/widget' });
    expect(other.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
  });

  it('writes nothing, audits nothing and announces nothing when nothing changes', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: UPDATE,
      token: adminToken,
      payload: { privacyPolicy: 'Tratamos tus datos solo para gestionar tu reserva.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().changed).toEqual([]);
    expect(await auditRows()).toHaveLength(1);
    expect(await configEvents()).toHaveLength(1);
  });

  it.each([
    [{}, '(body)'],
    [{ nope: true }, 'nope'],
    [{ embedOrigins: 'https://a.test' }, 'embedOrigins'],
    [{ embedOrigins: ['*'] }, 'embedOrigins.0'],
    [{ embedOrigins: ['https://a.test/reservas'] }, 'embedOrigins.0'],
    [{ embedOrigins: ['https://a.test?x=1'] }, 'embedOrigins.0'],
    [{ embedOrigins: ['https://user:pw@a.test'] }, 'embedOrigins.0'],
    [{ embedOrigins: ['javascript:alert(1)'] }, 'embedOrigins.0'],
    [{ embedOrigins: ['ftp://a.test'] }, 'embedOrigins.0'],
    [{ embedOrigins: ['https://*.a.test'] }, 'embedOrigins.0'],
    [{ embedOrigins: ["https://a.test 'unsafe-inline'"] }, 'embedOrigins.0'],
    [{ privacyPolicy: 42 }, 'privacyPolicy'],
    [{ reservation_disabled_dow: [8] }, 'reservation_disabled_dow.0'],
  ])('refuses %j with 400 naming %s, and stores nothing', async (payload, path) => {
    const before = await storedSettings();
    const response = await call(t, 'casa', { method: 'POST', url: UPDATE, token: adminToken, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().fields.map((field: { path: string }) => field.path)).toContain(path);
    expect(await storedSettings()).toEqual(before);
  });

  it('takes an empty list to stop every site from framing the form', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: UPDATE,
      token: adminToken,
      payload: { embedOrigins: [] },
    });
    expect(response.json().venueConfig.embedOrigins).toEqual([]);
    const embedded = await call(t, 'casa', { method: 'GET', url: '/iframe-reservar' });
    expect(embedded.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
    expect(await auditRows()).toHaveLength(2);
  });
});

// After the calls above, whose audit rows they count.
describe('venueconfig/update: what the admin types', () => {
  const orderingService = (name: string) => ({
    defaultMenuOrderConfig: {
      cartSendMode: 0,
      cartStaffValidation: false,
      description: '',
      menuOrderEnabled: 1,
      name,
      notifyPos: false,
    },
  });

  it.each([
    [
      { location_gmaps_url: 'not a url' },
      'location_gmaps_url',
      'Pega el enlace completo, que empiece por https://',
    ],
    [
      { location_gmaps_url: 'maps.app.goo.gl/x1' },
      'location_gmaps_url',
      'Pega el enlace completo, que empiece por https://',
    ],
    [
      { reviewGoogleMapsUrl: 'http://g.page/r/casa/review' },
      'reviewGoogleMapsUrl',
      'Pega el enlace completo, que empiece por https://',
    ],
    [
      { reviewGoogleMapsUrl: 'javascript:alert(1)' },
      'reviewGoogleMapsUrl',
      'Pega el enlace completo, que empiece por https://',
    ],
    [
      { paymentConfig: { methods: [], tipsEnabled: true } },
      'paymentConfig.methods',
      'Elige al menos una forma de pago',
    ],
    [orderingService('  '), 'defaultMenuOrderConfig.name', 'Escribe el nombre del servicio de pedidos'],
    [{ posProvider: '' }, 'posProvider', 'Escribe el nombre del TPV'],
    [{ menuServices: ['Comida', ' '] }, 'menuServices.1', 'Pon un nombre al servicio'],
  ])('refuses %j at %s in the admin’s words, and stores nothing', async (payload, path, message) => {
    const before = await storedSettings();
    const response = await call(t, 'casa', { method: 'POST', url: UPDATE, token: adminToken, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path, message }]);
    expect(await storedSettings()).toEqual(before);
  });

  it('saves good links, payment methods and names, trimmed; an empty link removes it', async () => {
    const payload = {
      location_gmaps_url: ' https://maps.app.goo.gl/AbC123 ',
      reviewGoogleMapsUrl: 'https://g.page/r/casa/review',
      paymentConfig: { methods: ['card'], tipsEnabled: false },
      ...orderingService(' Pide desde la mesa '),
      posProvider: 'WEPOS',
      menuServices: ['Comida', 'Cena '],
    };
    const response = await call(t, 'casa', { method: 'POST', url: UPDATE, token: adminToken, payload });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedSettings()).toMatchObject({
      location_gmaps_url: 'https://maps.app.goo.gl/AbC123',
      reviewGoogleMapsUrl: 'https://g.page/r/casa/review',
      paymentConfig: { methods: ['card'], tipsEnabled: false },
      defaultMenuOrderConfig: { name: 'Pide desde la mesa' },
      menuServices: ['Comida', 'Cena'],
    });
    const cleared = await call(t, 'casa', {
      method: 'POST',
      url: UPDATE,
      token: adminToken,
      payload: { location_gmaps_url: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await storedSettings()).toMatchObject({ location_gmaps_url: '' });
  });
});
