import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket } from '../modules/realtime/realtime-test-socket.ts';
import { buildTestApp, givenStaff, givenVenue, hostOf, signIn, type TestApp } from '../test/test-app.ts';
import { HEALTH_PATH, SHED_RETRY_AFTER_SECONDS } from './load-shedding.ts';

const LIMIT = 2;
const HOLD_PATH = '/world/api/test/hold';
const SUBDOMAIN = 'carga';

let t: TestApp;
let port: number;
/** Requests parked in the test route, each released by calling its function. */
const held: (() => void)[] = [];
let heldWaiters: (() => void)[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    maxInFlightRequests: LIMIT,
    extraRoutes(app) {
      // A request that stays in hand until the test lets it go.
      app.get(HOLD_PATH, { config: { access: 'public' } }, async () => {
        await new Promise<void>((resolve) => {
          held.push(resolve);
          for (const wake of heldWaiters) wake();
          heldWaiters = [];
        });
        return { held: true };
      });
    },
  });
  await givenVenue(t, { subdomain: SUBDOMAIN });
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  for (const release of held.splice(0)) release();
  await t.close();
});

interface Reply {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** A request over a real connection of its own; `request` is there to cut it. */
function send(path: string, headers: Record<string, string> = {}) {
  let request!: http.ClientRequest;
  const reply = new Promise<Reply>((resolve, reject) => {
    request = http.request(
      { host: '127.0.0.1', port, path, agent: false, headers: { host: hostOf(SUBDOMAIN), ...headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
  return { request, reply };
}

async function heldCount(count: number): Promise<void> {
  while (held.length < count) await new Promise<void>((resolve) => heldWaiters.push(resolve));
}

const systemConfig = '/world/api/systemconfig';

describe('load shedding', () => {
  it('answers 503 with Retry-After and a localised message beyond the limit, and serves again once requests finish', async () => {
    const first = send(HOLD_PATH);
    const second = send(HOLD_PATH);
    await heldCount(2);

    const shed = await send(systemConfig).reply;
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(JSON.parse(shed.body)).toEqual({
      result: 503,
      code: 'OVERLOADED',
      message: 'El servidor está atendiendo muchas peticiones. Vuelve a intentarlo en unos segundos.',
    });
    const english = await send(systemConfig, { 'accept-language': 'en' }).reply;
    expect(JSON.parse(english.body).message).toBe(
      'The server is handling many requests. Try again in a few seconds.',
    );

    held.shift()!();
    expect((await first.reply).status).toBe(200);
    // One place is free again: a request is served (and a third one would be shed).
    const third = send(HOLD_PATH);
    await heldCount(2);
    expect((await send(systemConfig).reply).status).toBe(503);
    for (const release of held.splice(0)) release();
    expect((await second.reply).status).toBe(200);
    expect((await third.reply).status).toBe(200);
    expect((await send(systemConfig).reply).status).toBe(200);
  });

  it('gives the place back when a client cuts its request before the reply', async () => {
    const cut = send(HOLD_PATH);
    const kept = send(HOLD_PATH);
    await heldCount(2);
    const closed = new Promise<void>((resolve) => cut.request.once('close', () => resolve()));
    cut.reply.catch(() => undefined);
    cut.request.destroy();
    await closed;
    // The server sees the cut a moment later; wait for the place to come back rather than for a time.
    let status = 503;
    while (status === 503) status = (await send(systemConfig).reply).status;
    expect(status).toBe(200);
    for (const release of held.splice(0)) release();
    expect((await kept.reply).status).toBe(200);
  });

  it('never sheds the health check or the staff socket', async () => {
    const venue = await givenVenue(t, { subdomain: 'carga2' });
    await givenStaff(t, { venueId: venue.id, email: 'sala@carga2.test' });
    const token = await signIn(t, 'carga2', 'sala@carga2.test');
    const first = send(HOLD_PATH);
    const second = send(HOLD_PATH);
    await heldCount(2);

    const health = await send(HEALTH_PATH).reply;
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    const { socket, welcome } = await TestSocket.connect(port, hostOf('carga2'), { token });
    expect(welcome.type).toBe('welcome');
    await socket.close();
    expect((await send(systemConfig).reply).status).toBe(503);

    for (const release of held.splice(0)) release();
    await Promise.all([first.reply, second.reply]);
  });
});
