import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, givenVenue, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await givenVenue(t, { subdomain: 'casa' });
});
afterAll(() => t.close());

const remind = (payload: Record<string, unknown>, ip = '198.51.100.7') =>
  call(t, 'casa', { method: 'POST', url: '/world/user/remindnumber', payload, remoteAddress: ip });

describe('guest self-service without SMTP', () => {
  it('remindnumber says email is off, the same for any address, so the screen can offer another way', async () => {
    for (const email of ['lucia@example.com', 'nobody@example.com']) {
      const response = await remind({ email });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ result: 0, emailStatus: 'disabled' });
    }
    expect((await remind({ email: 'not an address' })).statusCode).toBe(400);
    expect((await remind({ email: 'lucia@example.com', extra: 1 })).statusCode).toBe(400);
  });
});
