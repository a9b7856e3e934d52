import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from './route-access.ts';
import {
  contractFields,
  encodedPath,
  expectedKind,
  firstOption,
  hostileValuesFor,
  HOSTILE_PATH_VALUES,
  pathWith,
  placeholder,
  queryOf,
  setAt,
  sweptRoutes,
  type Field,
} from '../test/hostile-requests.ts';
import { rawRequest, type RawReply } from '../test/raw-http.ts';
import { buildTestApp, givenStaff, givenVenue, signIn, type TestApp } from '../test/test-app.ts';

/**
 * The route-table sweep (issue 17, decision 021): every registered route, on its plain and encoded paths,
 * with no token and with another venue's token, and with hostile ids, NUL bytes and unpaired surrogates in
 * every field it reads, answers 4xx and never 5xx; a route that is not public answers 401 to a caller
 * without a token of its venue. Sent through a real socket, so a held-open reply counts as a failure.
 */

let t: TestApp;
let port: number;
let ownToken: string;
let foreignToken: string;

/** An unanswered request is a failure; the bound only keeps a broken server from stalling the suite. */
const DEADLINE_MS = 10_000;

interface Sent {
  readonly route: RegisteredRoute;
  readonly label: string;
  readonly reply: RawReply;
}
const sent: Sent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const own = await givenVenue(t, { subdomain: 'casa', isDefault: true });
  const other = await givenVenue(t, { subdomain: 'otra' });
  await givenStaff(t, { venueId: own.id, email: 'admin@casa.test', isAdmin: true });
  await givenStaff(t, { venueId: other.id, email: 'admin@otra.test', isAdmin: true });
  ownToken = await signIn(t, 'casa', 'admin@casa.test');
  foreignToken = await signIn(t, 'otra', 'admin@otra.test');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

async function send(
  route: RegisteredRoute,
  label: string,
  request: { path: string; token?: string; body?: unknown },
): Promise<RawReply> {
  const reply = await rawRequest(port, {
    method: route.method,
    path: request.path,
    // zod's English wording names the type a field expects, which discovery reads (field messages follow
    // the caller's language).
    headers: {
      'accept-language': 'en',
      ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    },
    body: route.method === 'GET' ? undefined : JSON.stringify(request.body ?? {}),
    deadlineMs: DEADLINE_MS,
  });
  sent.push({ route, label, reply });
  return reply;
}

/** Every top-level field the contracts' request schemas name. */
const CONTRACT_FIELDS = contractFields();

/** A document holding each field's sample. */
function documentOf(fields: ReadonlyMap<string, Field>): Record<string, unknown> {
  let document: Record<string, unknown> = {};
  for (const [path, field] of fields) document = setAt(document, path, field.sample);
  return document;
}

/**
 * The fields a route reads, learned from its own 400 replies: first what an empty input lacks, round after
 * round (`required`); then every field of the contracts is offered and the route's strict schema names
 * those it does not know, so its optional fields are found too (`all`).
 */
async function discoverFields(
  route: RegisteredRoute,
  path: string,
): Promise<{ required: Map<string, Field>; all: Map<string, Field> }> {
  const required = await learnFields(route, path, new Map());
  const offered = await learnFields(route, path, new Map([...CONTRACT_FIELDS, ...required]));
  return { required, all: offered.refusedUnknown ? offered : required };
}

async function learnFields(
  route: RegisteredRoute,
  path: string,
  start: Map<string, Field>,
): Promise<Map<string, Field> & { refusedUnknown?: boolean }> {
  const fields: Map<string, Field> & { refusedUnknown?: boolean } = new Map(start);
  for (let round = 0; round < 6; round += 1) {
    const document = documentOf(fields);
    const query = route.method === 'GET' ? queryOf(stringValues(document)) : '';
    const reply = await send(route, 'discovery', {
      path: `${path}${query}`,
      token: ownToken,
      body: document,
    });
    if (reply.status !== 400) break;
    const named = (JSON.parse(reply.body) as { fields?: { path: string; message: string }[] }).fields ?? [];
    let learned = false;
    for (const { path: fieldPath, message } of named) {
      if (fieldPath === '(body)') continue;
      if (message === 'Unknown field') {
        learned = fields.delete(fieldPath) || learned;
        fields.refusedUnknown = true;
        continue;
      }
      const option = firstOption(message);
      const kind = option === undefined ? expectedKind(message) : 'string';
      if (!kind) continue;
      const next = option === undefined ? placeholder(kind) : { kind, sample: option };
      const known = fields.get(fieldPath);
      if (known?.kind === next.kind && (option === undefined || known.sample === option)) continue;
      fields.set(fieldPath, next);
      learned = true;
    }
    if (!learned) break;
  }
  return fields;
}

function stringValues(document: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(document).map(([key, value]) => [key, encodeURIComponent(String(value))]),
  );
}

/** A hostile value as a query string carries it (already percent-encoded). */
function asQueryValue(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  if (value.includes('\ud800') || value.includes('\udfff')) return '%ED%A0%80';
  return encodeURIComponent(value);
}

async function sweep(route: RegisteredRoute): Promise<void> {
  const plain = pathWith(route.url, '1');
  for (const path of [plain, encodedPath(plain)]) {
    await send(route, 'no token', { path });
    await send(route, "another venue's token", { path, token: foreignToken });
  }
  if (route.url.includes(':')) {
    for (const value of HOSTILE_PATH_VALUES) {
      await send(route, `path ${value}`, { path: pathWith(route.url, value), token: ownToken });
    }
  }
  // Each hostile value goes alone into an input that is otherwise what the route takes, so it reaches as
  // far into the route as it can.
  const { required, all } = await discoverFields(route, plain);
  const base = documentOf(required);
  for (const [field, { kind }] of all) {
    for (const value of hostileValuesFor(kind)) {
      if (route.method === 'GET') {
        const query = { ...stringValues(base), [field]: asQueryValue(value) };
        await send(route, `${field}=${asQueryValue(value)}`, {
          path: `${plain}${queryOf(query)}`,
          token: ownToken,
        });
      } else {
        await send(route, `${field}=${JSON.stringify(value)}`, {
          path: plain,
          token: ownToken,
          body: setAt(base, field, value),
        });
      }
    }
  }
}

describe('the route-table sweep', () => {
  it(
    'every route answers hostile requests with a 4xx, and access without a token of its venue with 401',
    { timeout: 180_000 },
    async () => {
      // Logging out revokes the sweep's own token: that route goes last.
      const routes = sweptRoutes(t.app.routeTable).sort(
        (a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')),
      );
      expect(routes.length).toBeGreaterThan(80);
      for (const route of routes) await sweep(route);

      const failures = sent.filter(({ reply }) => reply.status === 0 || reply.status >= 500);
      const openedWithoutAccess = sent.filter(
        ({ route, label, reply }) =>
          route.access !== 'public' &&
          (label === 'no token' || label === "another venue's token") &&
          reply.status !== 401,
      );
      const hostile = sent.filter(({ label }) => label !== 'discovery').length;
      console.log(
        `route-table sweep: ${routes.length} routes, ${hostile} hostile requests and ` +
          `${sent.length - hostile} discovery requests; ${failures.length} answered 5xx or never, ` +
          `${openedWithoutAccess.length} not refused 401 without a token of the venue`,
      );
      const describeSent = ({ route, label, reply }: Sent) =>
        `${route.method} ${route.url} [${label}] → ${reply.status} ${reply.body.slice(0, 120)}`;
      expect(failures.map(describeSent)).toEqual([]);
      expect(openedWithoutAccess.map(describeSent)).toEqual([]);
    },
  );
});
