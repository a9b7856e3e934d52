import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, givenStaff, givenVenue, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const venue = await givenVenue(t, { subdomain: 'casa' });
  const other = await givenVenue(t, { subdomain: 'otra' });
  await givenStaff(t, { venueId: venue.id, email: 'sala@casa.test' });
  await givenStaff(t, { venueId: venue.id, email: 'admin@casa.test', isAdmin: true, copilotEnabled: false });
  await givenStaff(t, { venueId: other.id, email: 'sala@otra.test' });
});
afterAll(() => t.close());

describe('user/login', () => {
  it('signs a staff member in and returns a token that works', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/login',
      payload: { userEmail: 'SALA@casa.test', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result).toBe(0);
    expect(body.user.email).toBe('sala@casa.test');
    expect(body.user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken', token: body.user.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('sala@casa.test');
  });

  it('refuses a wrong password with 401 and a Spanish message', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/user/login',
      payload: { userEmail: 'sala@casa.test', password: 'not the password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ result: 401, code: 'INVALID_CREDENTIALS', message: 'El correo o la contraseña no son correctos.' });
  });
});
