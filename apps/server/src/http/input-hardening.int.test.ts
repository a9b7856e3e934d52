import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, givenStaff, givenVenue, signIn, type TestApp } from '../test/test-app.ts';
import { loggerOptions } from './log-redaction.ts';

/**
 * Issue 17 items 7 and 4 (decision 021) through HTTP: input that PostgreSQL cannot store or that no route
 * may take (NUL, unpaired surrogates, impossible dates, ids past 2^31, card numbers) is a localised 400
 * on every route, and no log line carries personal data, secrets or a failed query's parameters.
 */

let t: TestApp;
let token: string;
const logLines: string[] = [];
const GUEST_NAME = 'Ainhoa Etxeberria';
const GUEST_EMAIL = 'ainhoa.etxeberria@example.com';
const CARD = '4111 1111 1111 1111';

beforeAll(async () => {
  t = await buildTestApp({
    logger: { ...loggerOptions('info'), stream: { write: (line: string) => logLines.push(line) } },
    // A query that fails in the database with a guest's data as its parameters: the log must not keep them.
    extraRoutes: (app, ctx) =>
      app.post('/world/api/test/failing-query', { config: { access: 'public' } }, async () => {
        await ctx.db.execute(
          sql`insert into guests (venue_id, name, email) values (${-1}, ${GUEST_NAME}, ${GUEST_EMAIL})`,
        );
        return { result: 0 };
      }),
  });
  const venue = await givenVenue(t, { subdomain: 'casa', isDefault: true });
  await givenStaff(t, { venueId: venue.id, email: 'sala@casa.test' });
  token = await signIn(t, 'casa', 'sala@casa.test');
});
afterAll(() => t.close());

describe('bad input is a localised 400 on every route, never a 500', () => {
  it.each([
    ['POST', '/world/api/user/login', false, { userEmail: 'a\u0000b@casa.test', password: 'x' }],
    [
      'POST',
      '/world/reservation/register',
      false,
      { date: '2026-11-21', timeSlot: '21:00', pax: 2, name: 'A\u0000' },
    ],
    ['POST', '/world/api/user/update-user-name', true, { userName: 'Ana \ud800' }],
    ['GET', '/world/api/notifications?date=2026-13-45', true, undefined],
    ['GET', '/world/api/bill-client-fiscal-infos?q=%00', true, undefined],
    ['POST', '/world/api/notifications/2147483648/ack', true, {}],
    ['POST', '/world/api/bill/print-info', true, { billId: 2 ** 31 }],
    ['POST', '/world/api/productorder/update-dish-class', true, { productOrderId: 1e300, dishClass: 1 }],
  ])('%s %s', async (method, url, signedIn, payload) => {
    const response = await call(t, 'casa', {
      method: method as 'GET' | 'POST',
      url,
      payload,
      token: signedIn ? token : undefined,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      result: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some of the data is not valid.',
    });
  });
});

describe('card numbers are refused wherever text reaches the server (PCI-01)', () => {
  it('a payment whose terminal reference is a card number written in groups', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/payment/create',
      token,
      payload: { reservationId: 1, method: 'card', amountCents: 1000, card: { terminalReference: CARD } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      // The payment calls put the spec's "Error en el pago: " before every failure.
      message: expect.stringContaining(
        'No envíes números de tarjeta: el pago con tarjeta se hace en el datáfono.',
      ),
      fields: [{ path: 'card.terminalReference' }],
    });
  });

  it.each([
    [
      '/world/reservation/register',
      { date: '2026-11-21', timeSlot: '21:00', pax: 2, comments: 'pago 4111-1111-1111-1111' },
    ],
    ['/world/api/webcontact/sendcomment', { uid: 'x'.repeat(43), comment: 'mi tarjeta 4111.1111.1111.1111' }],
  ])('a guest text on %s, in the guest language', async (url, payload) => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url,
      payload,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Do not send card numbers: card payments are taken on the card terminal.',
    );
  });

  it('a phone number is a format, not free text: a 00-prefixed number is taken', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/reservation/register',
      payload: { date: '2026-11-21', timeSlot: '21:00', pax: 2, phone: '0034 612 345 670' },
    });
    expect(response.json().fields ?? []).not.toContainEqual(expect.objectContaining({ path: 'phone' }));
  });
});

describe('logs keep no personal data', () => {
  it("a failed query's parameters, e-mails, card numbers and tokens never reach a line", async () => {
    const failed = await call(t, 'casa', { method: 'POST', url: '/world/api/test/failing-query', token });
    expect(failed.statusCode).toBe(500);
    await call(t, 'casa', {
      method: 'POST',
      url: `/world/api/user/login?email=${encodeURIComponent(GUEST_EMAIL)}`,
      payload: { userEmail: GUEST_EMAIL, password: CARD },
    });
    t.app.log.warn(
      { note: `guest ${GUEST_EMAIL} paid with ${CARD}`, phone: '+34 612 345 678' },
      `for ${GUEST_EMAIL}`,
    );

    const log = logLines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('params: [redacted]');
    for (const secret of [GUEST_NAME, GUEST_EMAIL, CARD, '4111111111111111', token, '612 345 678']) {
      expect(log).not.toContain(secret);
    }
  });
});
