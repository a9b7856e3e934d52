import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues } from '../db/schema/index.ts';
import { buildTestApp, call, givenStaff, givenVenue, signIn, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  const venue = await givenVenue(t, { subdomain: 'casa', isDefault: true });
  const closed = await givenVenue(t, { subdomain: 'cerrado' });
  await t.ctx.db.update(venues).set({ status: 'suspended' }).where(eq(venues.id, closed.id));
  await givenStaff(t, { venueId: venue.id, email: 'sala@casa.test' });
  token = await signIn(t, 'casa', 'sala@casa.test');
});
afterAll(() => t.close());

describe('venue resolution from the Host header', () => {
  it('answers a venue on its subdomain', async () => {
    const response = await call(t, 'casa', { method: 'POST', url: '/world/api/venueconfig' });
    expect(response.statusCode).toBe(200);
    expect(response.json().venueConfig).toMatchObject({ subdomain: 'casa', business_name: 'Casa casa' });
  });

  it.each([
    'localhost:3000',
    '127.0.0.1:3000',
    '192.168.1.20',
    '10.0.0.7:8080',
    '[::1]:3000',
    'sobremesa.test',
  ])('serves the default venue on %s', async (host) => {
    const response = await t.app.inject({ method: 'POST', url: '/world/api/venueconfig', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.json().venueConfig.subdomain).toBe('casa');
  });

  it('answers 404 VENUE_NOT_FOUND for an unknown venue', async () => {
    const response = await call(t, 'nadie', { method: 'POST', url: '/world/api/venueconfig' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ result: 404, code: 'VENUE_NOT_FOUND', error: 'VENUE_NOT_FOUND' });
  });

  it('answers 423 with error VENUE_SUSPENDED for a suspended venue (spec §8)', async () => {
    const response = await call(t, 'cerrado', { method: 'POST', url: '/world/api/venueconfig' });
    expect(response.statusCode).toBe(423);
    expect(response.json()).toMatchObject({ result: 423, error: 'VENUE_SUSPENDED', code: 'VENUE_SUSPENDED' });
  });
});

describe('bad input never gets a 500', () => {
  it('malformed JSON is a 400 naming the body, in the caller language', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-GB,en;q=0.9' },
      payload: '{"userEmail": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      result: 400,
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON.',
      fields: [{ path: '(body)' }],
    });
  });

  it('wrong types and missing fields are a 400 listing each field', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/login',
      payload: { userEmail: 42 },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().fields.map((field: { path: string }) => field.path);
    expect(paths).toEqual(expect.arrayContaining(['userEmail', 'password']));
    expect(response.json().message).toBe('Hay datos que no son válidos.');
  });

  it('unknown fields are rejected by name', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/login',
      payload: { userEmail: 'sala@casa.test', password: 'x', isAdmin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ path: 'isAdmin', message: 'Campo desconocido' });
  });

  it('prototype-poisoning keys are refused (SEC-10)', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userEmail":"a@b.es","password":"x","__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('an oversize body is a 413', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/update-user-name',
      token,
      payload: { userName: 'x'.repeat(300 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a body in another format is a 415', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'userEmail=a&password=b',
    });
    expect(response.statusCode).toBe(415);
  });

  it('an empty body on a no-body call is fine (spec: venueconfig has no body)', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/venueconfig',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('an unknown API path is a JSON 404', async () => {
    const response = await call(t, 'casa', { method: 'GET', url: '/world/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ result: 404, code: 'NOT_FOUND' });
  });
});

describe('cross-site writes (SEC-06) and headers (SEC-08)', () => {
  it('refuses a tokenless POST from another origin', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/login',
      headers: { origin: 'https://evil.example' },
      payload: { userEmail: 'sala@casa.test', password: 'whatever1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CROSS_SITE_REQUEST');
  });

  it('accepts a POST from its own origin', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/venueconfig',
      headers: { origin: 'http://casa.sobremesa.test' },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['192.168.1.20:3000', undefined],
    ['casa.sobremesa.test', undefined],
    ['localhost:3000', 'same-origin'],
    ['127.0.0.1:3000', 'same-origin'],
  ])('over plain HTTP at %s sends Cross-Origin-Opener-Policy %s', async (host, expected) => {
    // Chromium ignores the header on an untrustworthy origin and logs an error on every staff page.
    const response = await t.app.inject({ method: 'GET', url: '/world/api/systemconfig', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-opener-policy']).toBe(expected);
  });

  it('sets the security headers on API replies', async () => {
    const response = await call(t, 'casa', { method: 'GET', url: '/world/api/systemconfig' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
    expect(response.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('turns a lost race in the database into a 409, not a 500', async () => {
    const racing = await buildTestApp({
      extraRoutes: (app, ctx) =>
        app.post('/world/api/test/race', { config: { access: 'public' } }, async (request) => {
          // Creating the same subdomain twice hits the unique index, as two tablets racing would.
          await ctx.db.insert(venues).values({ subdomain: 'gemela', businessName: 'Gemela' });
          return { result: 0, venue: request.venue.id };
        }),
    });
    try {
      await givenVenue(racing, { subdomain: 'casa' });
      expect((await call(racing, 'casa', { method: 'POST', url: '/world/api/test/race' })).statusCode).toBe(
        200,
      );
      const second = await call(racing, 'casa', { method: 'POST', url: '/world/api/test/race' });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'CONFLICT' });
      expect(second.body).not.toContain('venues_subdomain_key');
    } finally {
      await racing.close();
    }
  });

  it('never leaks a stack trace or SQL on an unexpected failure', async () => {
    const failing = await buildTestApp({
      extraRoutes: (app) =>
        app.get('/world/api/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('relation "secret_table" does not exist at line 3');
        }),
    });
    try {
      await givenVenue(failing, { subdomain: 'casa' });
      const response = await call(failing, 'casa', { method: 'GET', url: '/world/api/test/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('secret_table');
      expect(response.json()).toEqual({
        result: 500,
        code: 'INTERNAL',
        message: 'Ha ocurrido un error con el servidor',
      });
    } finally {
      await failing.close();
    }
  });
});
