import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { REALTIME_PATH } from '@sobremesa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { TestSocket } from '../modules/realtime/realtime-test-socket.ts';
import {
  buildTestApp,
  call,
  givenStaff,
  givenVenue,
  hostOf,
  signIn,
  type TestApp,
} from '../test/test-app.ts';

/**
 * Issue 17 item 1 (decision 021): access is decided from the matched route, never from the raw URL, so a
 * percent-encoded path gets the same venue and token checks; a route without an access rule cannot start;
 * every stream is counted per address from admission to close, and idle or old streams are cut.
 */

const STREAM_DATE = '2026-11-21';

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** An SSE stream opened through a real socket: its status, and a promise settled when the server ends it. */
function openStream(port: number, path: string) {
  let request: http.ClientRequest | undefined;
  const ended = new Promise<void>((resolveEnded) => {
    request = http.get({ host: '127.0.0.1', port, path, headers: { host: hostOf('casa') }, agent: false });
    request.on('error', () => resolveEnded());
    request.on('close', () => resolveEnded());
  });
  const status = new Promise<number>((resolve) => {
    request?.on('response', (response) => {
      resolve(response.statusCode ?? 0);
      response.on('data', () => undefined);
    });
  });
  return { status, ended, close: () => request?.destroy() };
}

/** A socket of the venue `casa` (or `host`) on `path`; resolves once open, rejects with the refusal's status. */
async function openSocket(port: number, path: string, host = hostOf('casa')): Promise<WebSocket> {
  return (await TestSocket.open(port, host, { path })).ws;
}

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('access decided from the matched route', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const venue = await givenVenue(t, { subdomain: 'casa', isDefault: true });
    await givenStaff(t, { venueId: venue.id, email: 'sala@casa.test' });
    token = await signIn(t, 'casa', 'sala@casa.test');
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/%77orld/api/user/checkroleadmin'],
    ['GET', '/%77orld/api/wewingman/download'],
    ['GET', '/world/%61pi/notifications'],
    ['POST', '/%77orld/api/reservation/getbyday'],
  ])('%s %s without a token is 401, as its plain path is', async (method, url) => {
    const response = await call(t, 'casa', { method: method as 'GET' | 'POST', url, payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ result: 401, code: 'UNAUTHENTICATED' });
  });

  it('an encoded path of a public call runs in its venue, and an unknown venue is refused on it too', async () => {
    const known = await call(t, 'casa', { method: 'POST', url: '/%77orld/api/venueconfig' });
    expect(known.statusCode).toBe(200);
    expect(known.json().venueConfig.subdomain).toBe('casa');
    const unknown = await call(t, 'nadie', { method: 'POST', url: '/%77orld/api/venueconfig' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'VENUE_NOT_FOUND' });
  });

  it('a staff member who is not admin is refused the admin check on the encoded path too', async () => {
    const response = await call(t, 'casa', { method: 'GET', url: '/%77orld/api/user/checkroleadmin', token });
    expect(response.statusCode).toBe(403);
  });

  it('every registered route declares who may call it', () => {
    const undeclared = t.app.routeTable.filter((route) => route.access === undefined);
    expect(t.app.routeTable.length).toBeGreaterThan(80);
    expect(undeclared).toEqual([]);
  });

  it('an app with a route that declares no access refuses to start', async () => {
    await expect(
      buildTestApp({
        extraRoutes: (app) => app.get('/world/api/forgotten', async () => ({ result: 0 })),
      }),
    ).rejects.toThrow('GET /world/api/forgotten');
  });
});

describe('the web app', () => {
  it("serves its files and pages without a venue, and an encoded API path never gets the app's page", async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sobremesa-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1);');
    const t = await buildTestApp({ webDist });
    try {
      expect(t.app.routeTable.filter((route) => route.access === 'web').length).toBeGreaterThan(0);
      const asset = await call(t, 'nadie', { method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      const page = await call(t, 'nadie', { method: 'GET', url: '/reservar' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>app</title>');
      const api = await call(t, 'nadie', { method: 'GET', url: '/%77orld/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await t.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('streams: a share per address that cannot be bypassed', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ streamLimits: { maxPerAddress: 2 } });
    await givenVenue(t, { subdomain: 'casa', isDefault: true });
    port = await listening(t);
  });
  afterAll(() => t.close());

  it('the availability stream counts plain and encoded paths alike, and frees a place when one closes', async () => {
    const plain = openStream(port, `/world/reservation/availability-events?date=${STREAM_DATE}`);
    const encoded = openStream(port, `/%77orld/reservation/availability-events?date=${STREAM_DATE}`);
    expect([await plain.status, await encoded.status]).toEqual([200, 200]);
    await waitUntil(() => t.app.availabilityEvents.size === 2);

    const third = openStream(port, `/%77orld/reservation/availability-events?date=${STREAM_DATE}`);
    expect(await third.status).toBe(429);
    third.close();

    plain.close();
    await waitUntil(() => t.app.availabilityEvents.size === 1);
    const again = openStream(port, `/world/reservation/availability-events?date=${STREAM_DATE}`);
    expect(await again.status).toBe(200);
    again.close();
    encoded.close();
    await waitUntil(() => t.app.availabilityEvents.size === 0);
  });

  it('the menu stream on an encoded path runs in its venue and is counted', async () => {
    const streams = [
      openStream(port, '/%77orld/api/menu/product-events'),
      openStream(port, '/world/api/menu/product-events'),
    ];
    expect(await Promise.all(streams.map((stream) => stream.status))).toEqual([200, 200]);
    const third = openStream(port, '/%77orld/api/menu/product-events');
    expect(await third.status).toBe(429);
    for (const stream of [...streams, third]) stream.close();
    await waitUntil(() => t.app.menuEvents.size === 0);
  });

  it('the WebSocket on an encoded path resolves its venue, and one address holds at most its share', async () => {
    await expect(
      openSocket(port, `/%77orld${REALTIME_PATH.slice('/world'.length)}`, hostOf('nadie')),
    ).rejects.toThrow('upgrade refused: 404');
    const first = await openSocket(port, `/%77orld${REALTIME_PATH.slice('/world'.length)}`);
    const second = await openSocket(port, REALTIME_PATH);
    await expect(openSocket(port, REALTIME_PATH)).rejects.toThrow('upgrade refused: 429');
    const firstClosed = new Promise((resolve) => first.once('close', resolve));
    first.close();
    await firstClosed;
    // The server sees the close a moment later; a new socket is admitted once it has.
    let third: WebSocket | undefined;
    while (!third) third = await openSocket(port, REALTIME_PATH).catch(() => undefined);
    third.close();
    second.close();
  });
});

describe('streams: idle and old streams are cut', () => {
  it('a stream that nothing reaches for a whole idle period is cut', async () => {
    const t = await buildTestApp({ streamLimits: { idleMs: 200 } });
    try {
      await givenVenue(t, { subdomain: 'casa', isDefault: true });
      const port = await listening(t);
      const stream = openStream(port, `/world/reservation/availability-events?date=${STREAM_DATE}`);
      expect(await stream.status).toBe(200);
      await stream.ended;
      await waitUntil(() => t.app.availabilityEvents.size === 0);
    } finally {
      await t.close();
    }
  });

  it('a stream ends at its maximum lifetime (EventSource reconnects by itself)', async () => {
    const t = await buildTestApp({ streamLimits: { maxLifetimeMs: 200 } });
    try {
      await givenVenue(t, { subdomain: 'casa', isDefault: true });
      const port = await listening(t);
      const stream = openStream(port, '/world/api/menu/product-events');
      expect(await stream.status).toBe(200);
      await stream.ended;
      await waitUntil(() => t.app.menuEvents.size === 0);
    } finally {
      await t.close();
    }
  });
});
