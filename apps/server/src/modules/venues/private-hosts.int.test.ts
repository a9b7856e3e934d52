import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, givenVenue, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 17 item 13, decision 003: a request whose Host is any address a venue's own network may use (and
 * this machine) is answered for the default venue through the real HTTP stack; a public address is not.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await givenVenue(t, { subdomain: 'casa', businessName: 'Casa por defecto', isDefault: true });
  await givenVenue(t, { subdomain: 'otra', businessName: 'Otra casa' });
});
afterAll(() => t.close());

const venueNameOn = async (host: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/world/api/venueconfig', headers: { host } });
  return { status: response.statusCode, body: response.json() as { venueConfig?: unknown } };
};

describe('Host → default venue', () => {
  it.each([
    'localhost:3000',
    '127.0.0.1:3000',
    '10.0.0.5:3000',
    '172.16.4.2:3000',
    '172.31.0.9',
    '192.168.1.20:3000',
    '169.254.3.4:3000',
    '[::1]:3000',
    '[fd00::20]:3000',
    '[fe80::1]:3000',
    '[::ffff:192.168.1.20]:3000',
    '100.101.102.103:3000',
    '192.0.2.2:3000',
  ])('%s is served as the default venue', async (host) => {
    const { status, body } = await venueNameOn(host);
    expect(status).toBe(200);
    expect(JSON.stringify(body.venueConfig)).toContain('Casa por defecto');
  });

  it.each(['8.8.8.8:3000', '172.32.0.1:3000', '[2a00:1450:4003::1]:3000'])(
    '%s is no venue (404)',
    async (host) => {
      expect((await venueNameOn(host)).status).toBe(404);
    },
  );
});
