import fs from 'node:fs';
import { okSchema } from '@sobremesa/contracts';
import { FLOOR_ACTORS, mayPerform } from '@sobremesa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, call, givenVenue, type TestApp } from '../test/test-app.ts';
import type { OpenApiDocument } from './openapi.ts';
import { contractRoutes } from './route-schemas.ts';

/**
 * Issue 20 item 6 (decision 067): every route declares its input and reply with the contracts' schemas; a
 * reply that drifts from its contract fails where replies are checked (the tests); the generated OpenAPI
 * 3.1 document lists every call of the spec with who may make it, and integrators read it as a page.
 */

const SPEC = new URL('../../../../../shared/spec/SPEC.md', import.meta.url);

/** The spec's calls (§7) as `METHOD path`, path parameters written `{}` and without a trailing slash. */
function specCalls(): string[] {
  const text = fs.readFileSync(SPEC, 'utf8');
  const section = text.slice(text.indexOf('## 7. Calls'), text.indexOf('## 8.'));
  const calls = new Set<string>();
  for (const line of section.split('\n')) {
    for (const match of line.matchAll(
      /\b(GET|POST|PATCH|PUT|DELETE) (\/world\/[^\s,;(?]*)((?:,? ?\/?[a-z][a-z-]*)*)/g,
    )) {
      const [, method, path = '', tail = ''] = match;
      // "POST /world/api/productorder/ startpreparation, finishpreparation, …": one call per name.
      if (path.endsWith('/') && /^ [a-z]/.test(tail)) {
        for (const name of tail
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean))
          calls.add(`${method} ${path}${name}`);
        continue;
      }
      calls.add(`${method} ${path}`);
      // "POST /world/api/review/create, /addtext, /update": siblings of the first.
      for (const sibling of tail.matchAll(/, \/([a-z-]+)/g)) {
        calls.add(`${method} ${path.slice(0, path.lastIndexOf('/'))}/${sibling[1]}`);
      }
    }
  }
  return [...calls].map((entry) => entry.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, ''));
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await buildTestApp();
    await givenVenue(t, { subdomain: 'casa' });
    const response = await call(t, 'casa', { method: 'GET', url: '/world/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    document = response.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document whose every operation has replies and says who may call it', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(150);
    for (const operation of operations) {
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      expect(['public', 'staff', 'copilot', 'admin']).toContain(operation['x-access']);
    }
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists every call of the spec', () => {
    const listed = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '')}`,
        ),
      ),
    );
    const calls = specCalls();
    expect(calls.length).toBeGreaterThan(90);
    expect(calls.filter((entry) => !listed.has(entry))).toEqual([]);
  });

  it('describes every JSON reply with a contract: only files, streams and pages go without one', () => {
    /** Operations whose reply is not JSON, each with what it sends instead. */
    const notJson: Record<string, string> = {
      'GET /media/{file}': 'an image of the venue',
      'GET /world/ws': 'the realtime websocket',
      'GET /world/api/docs': 'the API reference page (HTML)',
      'GET /world/api/admin/menus/export.csv': 'the venue’s menus as CSV',
      'GET /world/api/openapi.json': 'this document, described by OpenAPI itself',
      'POST /world/api/accounting/z-report/pdf': 'the Z report as a PDF',
      'POST /world/api/bill/view-bill-pdf': 'the bill as a PDF',
      'POST /world/api/bill/guest-receipt': 'the guest’s receipt as a PDF',
      'GET /world/api/fiscal/records.xml': 'the VERI*FACTU records as the agency’s XML',
      'POST /world/api/reports/owner/csv': 'one owner report as CSV',
      'GET /world/api/wewingman/download': 'the print helper’s installer',
      'POST /world/api/payments/redsys/notification': 'the plain-text OK the acquirer expects',
      'GET /world/api/menu/product-events': 'an event stream (SSE)',
      'GET /world/api/takeaway/events': 'an event stream (SSE)',
      'GET /world/reservation/availability-events': 'an event stream (SSE)',
      'GET /world/reservation/calendar.ics': 'the reservation as an iCalendar file',
      'GET /world/reservation/qr.png': 'the check-in QR as PNG',
      'GET /world/reservation/qr.svg': 'the check-in QR as SVG',
    };
    const undescribed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(
          ([, operation]) =>
            !['200', '2XX'].some((status) => 'content' in (operation.responses[status] ?? {})),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undescribed.sort()).toEqual(Object.keys(notJson).sort());
  });

  it('gives staff operations their roles from the route declaration the server checks', () => {
    const noShow = document.paths['/world/api/reservation/set-no-show']?.post;
    expect(noShow?.['x-access']).toBe('copilot');
    expect(noShow?.['x-roles']).toMatchObject({
      matrix: 'floor',
      operation: 'noShow',
      admits: FLOOR_ACTORS.filter((actor) => mayPerform(actor, 'noShow')),
    });
    expect(noShow?.description).toContain('Roles:');
    const adminCall = document.paths['/world/api/venueconfig/update']?.post;
    expect(adminCall?.['x-access']).toBe('admin');
  });

  it('describes declared bodies and replies with the contracts', () => {
    const translations = document.paths['/world/api/translations/get']?.post;
    const body = translations?.requestBody as { content: Record<string, { schema: { properties: object } }> };
    expect(Object.keys(body.content['application/json']?.schema.properties ?? {})).toContain('keys');
    const reply = translations?.responses['200'] as {
      content: Record<string, { schema: { properties: object } }>;
    };
    expect(Object.keys(reply.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['result', 'translations']),
    );
  });

  it('is readable as a page for integrators that search engines leave out', async () => {
    const response = await call(t, 'casa', { method: 'GET', url: '/world/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(response.body).toContain('/world/api/reservation/set-no-show');
    expect(response.body).toContain('Access: <strong>admin</strong>');
    expect(response.body).toMatch(/Roles: [^<]*Sala/);
  });
});

describe('replies checked against their contracts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      extraRoutes: (app) => {
        const api = contractRoutes(app);
        const reply = okSchema({ count: z.number().int() });
        api.post(
          '/world/api/test/echo-count',
          {
            schema: { body: z.strictObject({ count: z.number().int() }), response: { 200: reply } },
            config: { access: 'public' },
          },
          async (request) => ({ result: 0 as const, count: request.body.count }),
        );
        // A handler whose reply no longer meets its contract, as a drifted one would.
        api.get(
          '/world/api/test/drifted',
          { schema: { response: { 200: reply } }, config: { access: 'public' } },
          async () => ({ result: 0, count: 'three' }) as unknown as { result: 0; count: number },
        );
      },
    });
    await givenVenue(t, { subdomain: 'casa' });
  });
  afterAll(() => t.close());

  it('sends a reply that meets its contract', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/test/echo-count',
      payload: { count: 3 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 0, count: 3 });
  });

  it('fails a reply that drifted from its contract', async () => {
    const response = await call(t, 'casa', { method: 'GET', url: '/world/api/test/drifted' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('three');
  });

  it('refuses a declared body as every route does: 400 naming the fields, in the caller’s language', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/test/echo-count',
      headers: { 'accept-language': 'es' },
      payload: { count: 'tres', extra: 1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; fields: { path: string; message: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields.map((field) => field.path).sort()).toEqual(['count', 'extra']);
    expect(body.fields.find((field) => field.path === 'extra')?.message).toBe('Campo desconocido');
  });
});
