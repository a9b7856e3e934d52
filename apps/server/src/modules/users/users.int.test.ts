import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copilotRoles, staffSessions } from '../../db/schema/index.ts';
import {
  buildTestApp,
  call,
  givenStaff,
  givenVenue,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app.ts';
import { SESSION_IDLE_MS } from './users.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const venue = await givenVenue(t, { subdomain: 'casa' });
  const other = await givenVenue(t, { subdomain: 'otra' });
  const [sala, cocina] = await t.ctx.db
    .insert(copilotRoles)
    .values([
      { venueId: venue.id, name: 'Sala', view: 'Sala', notificationTypes: ['ticket_request'] },
      { venueId: venue.id, name: 'Cocina', view: 'Cocina', notificationTypes: ['order_ready_food'] },
    ])
    .returning();
  await givenStaff(t, {
    venueId: venue.id,
    email: 'sala@casa.test',
    roleIds: [sala!.id, cocina!.id],
    activeRoleId: cocina!.id,
  });
  await givenStaff(t, { venueId: venue.id, email: 'admin@casa.test', isAdmin: true, copilotEnabled: false });
  await givenStaff(t, { venueId: venue.id, email: 'limit@casa.test' });
  await givenStaff(t, { venueId: other.id, email: 'sala@otra.test' });
});
afterAll(() => t.close());

const login = (
  email: string,
  password = TEST_PASSWORD,
  path = '/world/api/user/login',
  remoteAddress?: string,
) =>
  call(t, 'casa', {
    method: 'POST',
    url: path,
    payload: { userEmail: email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('user/login and user/logincopilot', () => {
  it('signs a staff member in (email case-insensitive) with a 256-bit token and their roles', async () => {
    const response = await login('SALA@casa.test');
    expect(response.statusCode).toBe(200);
    const { user, result } = response.json();
    expect(result).toBe(0);
    expect(user.email).toBe('sala@casa.test');
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      user.copilotRoles.map((role: { name: string; active: number }) => [role.name, role.active]),
    ).toEqual([
      ['Sala', 0],
      ['Cocina', 1],
    ]);
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('refuses a wrong password and an unknown account alike, with 401', async () => {
    for (const response of [
      await login('sala@casa.test', 'not the password'),
      await login('nobody@casa.test'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'El correo o la contraseña no son correctos.',
      });
    }
  });

  it('does not let staff of one venue sign in on another (SEC-01)', async () => {
    const response = await login('sala@otra.test');
    expect(response.statusCode).toBe(401);
  });

  it('logincopilot refuses staff without copilot access with the spec message', async () => {
    const response = await login('admin@casa.test', TEST_PASSWORD, '/world/api/user/logincopilot');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('No estas autorizado para acceder a copilot');
    expect((await login('sala@casa.test', TEST_PASSWORD, '/world/api/user/logincopilot')).statusCode).toBe(
      200,
    );
  });

  it('throttles repeated failures per account and address with 429 and Retry-After (SEC-04)', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login('limit@casa.test', 'wrong password', undefined, '203.0.113.9')).statusCode).toBe(
        401,
      );
    }
    const blocked = await login('limit@casa.test', TEST_PASSWORD, undefined, '203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Demasiados intentos\. Vuelve a intentarlo en \d+ segundos\.$/);
    // The attacker's failures do not lock the staff member out from their own tablet.
    expect((await login('limit@casa.test', TEST_PASSWORD, undefined, '198.51.100.4')).statusCode).toBe(200);
    // And the window passes.
    t.clock.advance(16 * 60 * 1000);
    expect((await login('limit@casa.test', TEST_PASSWORD, undefined, '203.0.113.9')).statusCode).toBe(200);
  });
});

describe('tokens: logintoken, checkrole*, expiry and logout (SEC-05)', () => {
  it('logintoken returns the user for a valid token and 401 without one or with garbage', async () => {
    const token = await signIn(t, 'casa', 'sala@casa.test');
    const me = await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('sala@casa.test');
    expect(me.json().user).not.toHaveProperty('token');
    expect((await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken' })).statusCode).toBe(
      401,
    );
    const garbage = await call(t, 'casa', {
      method: 'GET',
      url: '/world/api/user/logintoken',
      token: 'x'.repeat(43),
    });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().code).toBe('UNAUTHENTICATED');
  });

  it("refuses a venue's token on another venue (SEC-01)", async () => {
    const token = await signIn(t, 'otra', 'sala@otra.test');
    const response = await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken', token });
    expect(response.statusCode).toBe(401);
  });

  it('checkrolecopilot: 200 for copilot staff, 403 with the spec text otherwise, 401 without token', async () => {
    const sala = await signIn(t, 'casa', 'sala@casa.test');
    const admin = await signIn(t, 'casa', 'admin@casa.test');
    expect(
      (await call(t, 'casa', { method: 'GET', url: '/world/api/user/checkrolecopilot', token: sala })).json(),
    ).toEqual({
      result: 0,
    });
    const refused = await call(t, 'casa', {
      method: 'GET',
      url: '/world/api/user/checkrolecopilot',
      token: admin,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No estas autorizado para acceder a copilot');
    expect(
      (await call(t, 'casa', { method: 'GET', url: '/world/api/user/checkrolecopilot' })).statusCode,
    ).toBe(401);
  });

  it('checkroleadmin: 200 for admins, 403 for other staff, 401 without token', async () => {
    const sala = await signIn(t, 'casa', 'sala@casa.test');
    const admin = await signIn(t, 'casa', 'admin@casa.test');
    expect(
      (await call(t, 'casa', { method: 'GET', url: '/world/api/user/checkroleadmin', token: admin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'casa', { method: 'GET', url: '/world/api/user/checkroleadmin', token: sala }))
        .statusCode,
    ).toBe(403);
    expect((await call(t, 'casa', { method: 'GET', url: '/world/api/user/checkroleadmin' })).statusCode).toBe(
      401,
    );
  });

  it('a token unused for longer than the idle limit expires', async () => {
    const token = await signIn(t, 'casa', 'sala@casa.test');
    t.clock.advance(SESSION_IDLE_MS + 1000);
    expect(
      (await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken', token })).statusCode,
    ).toBe(401);
  });

  it('using a token slides its expiry', async () => {
    const token = await signIn(t, 'casa', 'sala@casa.test');
    for (let day = 0; day < 3; day += 1) {
      t.clock.advance(SESSION_IDLE_MS - 3600 * 1000);
      expect(
        (await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken', token })).statusCode,
      ).toBe(200);
    }
  });

  it('logout revokes the token: reusing it is a 401', async () => {
    const token = await signIn(t, 'casa', 'sala@casa.test');
    expect((await call(t, 'casa', { method: 'POST', url: '/world/api/user/logout', token })).json()).toEqual({
      result: 0,
    });
    expect(
      (await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken', token })).statusCode,
    ).toBe(401);
    expect((await call(t, 'casa', { method: 'POST', url: '/world/api/user/logout', token })).statusCode).toBe(
      401,
    );
  });

  it('stores only a hash of the token', async () => {
    const token = await signIn(t, 'casa', 'sala@casa.test');
    const sessions = await t.ctx.db.select().from(staffSessions);
    expect(sessions.some((session) => session.tokenHash === token)).toBe(false);
    expect(sessions.every((session) => /^[0-9a-f]{64}$/.test(session.tokenHash))).toBe(true);
  });
});

describe('user/update-user-name', () => {
  it('renames the caller and validates the name', async () => {
    const token = await signIn(t, 'casa', 'sala@casa.test');
    const renamed = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/update-user-name',
      token,
      payload: { userName: '  Lucía  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.name).toBe('Lucía');
    const empty = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/update-user-name',
      token,
      payload: { userName: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0].path).toBe('userName');
    const anonymous = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/update-user-name',
      payload: { userName: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
