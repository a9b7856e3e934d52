import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  givenStaff,
  givenVenue,
  hostOf,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { staffLoginAddresses, users } from '../../db/schema/index.ts';
import { runMaintenance } from '../../maintenance.ts';
import {
  KNOWN_ADDRESS_MS,
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT_FROM_UNKNOWN,
} from './login-throttle.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  const venue = await givenVenue(t, { subdomain: 'casa' });
  for (const email of ['race@casa.test', 'spray@casa.test', 'v6@casa.test', 'away@casa.test']) {
    await givenStaff(t, { venueId: venue.id, email });
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A login over a real socket from `from` (any 127.x.y.z is this machine's own loopback address). */
function login(email: string, password: string, from: string): Promise<number> {
  const body = JSON.stringify({ userEmail: email, password });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/world/api/user/login',
        agent: false,
        headers: { host: hostOf('casa'), 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe('login throttling under real concurrency (SEC-04, ASVS 2.2.1)', () => {
  it('checks at most the limit of 50 parallel wrong passwords for one account from one address', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () => login('race@casa.test', 'wrong password', '127.0.0.5')),
    );
    // 401 is a password that was checked; 429 one refused before checking.
    expect(tally(statuses)).toEqual({ 401: LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.max, 429: 40 });
  });

  it('caps guessing on one account across addresses, while its known address still signs in', async () => {
    expect(await login('spray@casa.test', TEST_PASSWORD, '127.0.0.2')).toBe(200);

    const attackers = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15'];
    const statuses = await Promise.all(
      attackers.flatMap((from) =>
        Array.from({ length: 12 }, () => login('spray@casa.test', 'wrong password', from)),
      ),
    );
    expect(tally(statuses)).toEqual({ 401: LOGIN_FAILURES_PER_ACCOUNT_FROM_UNKNOWN.max, 429: 40 });

    // The staff member's own tablet is not locked out by the attack, and signing in spends no budget.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await login('spray@casa.test', TEST_PASSWORD, '127.0.0.2')).toBe(200);
    }
    // A new address waits for the window like the attackers do, then gets in.
    expect(await login('spray@casa.test', TEST_PASSWORD, '127.0.0.3')).toBe(429);
    t.clock.advance(LOGIN_FAILURES_PER_ACCOUNT_FROM_UNKNOWN.windowSeconds * 1000);
    expect(await login('spray@casa.test', TEST_PASSWORD, '127.0.0.3')).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.max + 1; host += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/world/api/user/login',
        headers: { host: hostOf('casa') },
        remoteAddress: `2001:db8:17:1::${host.toString(16)}`,
        payload: { userEmail: 'v6@casa.test', password: 'wrong password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(tally(statuses)).toEqual({ 401: LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.max, 429: 1 });
  });

  it('forgets an address the account has not signed in from for 30 days', async () => {
    expect(await login('away@casa.test', TEST_PASSWORD, '127.0.0.4')).toBe(200);
    const addresses = () =>
      t.ctx.db
        .select({ address: staffLoginAddresses.address })
        .from(staffLoginAddresses)
        .innerJoin(users, eq(users.id, staffLoginAddresses.userId))
        .where(eq(users.email, 'away@casa.test'));
    await runMaintenance(t.ctx);
    expect(await addresses()).toEqual([{ address: '127.0.0.4' }]);
    t.clock.advance(KNOWN_ADDRESS_MS + 1000);
    await runMaintenance(t.ctx);
    expect(await addresses()).toEqual([]);
  });
});
