import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  post,
  productsOf,
  type OrderingVenues,
} from '../modules/menus/ordering.fixtures.ts';
import { DRAWN_PAGE_TTL_MS } from './drawn-page-cache.ts';

/**
 * The guest pages the server draws are drawn once a minute per venue, address, language and host (issue 19),
 * and afresh at once when staff change a product. The renderer here stands in for apps/web's server build: it
 * draws the menu it asks the API for, and numbers its renders.
 */
let t: TestApp;
let v: OrderingVenues;
let buildRoot: string;

const RENDERER = `
let renders = 0;
export function setScopeStorage() {}
export function isServerRendered(pathname) {
  return pathname === '/menu' || pathname === '/carta';
}
export async function renderPage({ locale, fetch }) {
  renders += 1;
  const reply = await fetch('/world/api/menu/get', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { menus } = await reply.json();
  const bravas = menus
    .flatMap((menu) => menu.menuCategories.flatMap((category) => category.products))
    .find((product) => product.sku === 'ENT-02');
  const markup = '<p data-render="' + renders + '">' + locale + ' ' + JSON.stringify(bravas) + '</p>';
  return {
    kind: 'page',
    status: 200,
    stateBlock: '',
    htmlAttributes: ' data-server-rendered=""',
    pipe: (destination) => {
      destination.end(markup);
      return destination;
    },
  };
}
`;

/** A build with its server renderer beside it, as `npm run build` leaves apps/web/dist and dist-server. */
function writeBuild(root: string): string {
  const dist = path.join(root, 'dist');
  const page =
    '<!doctype html>\n<html lang="es">\n  <head></head>\n  <body><div id="root"></div></body>\n</html>\n';
  fs.mkdirSync(path.join(dist, 'first-route'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), page);
  fs.writeFileSync(path.join(dist, 'first-route', 'menu.html'), page);
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), RENDERER);
  return dist;
}

async function drawn(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers: { host: hostOf('demo'), ...headers } });
  expect(response.statusCode).toBe(200);
  const match = /<p data-render="(\d+)">([a-z]{2}) (.*)<\/p>/.exec(response.body);
  if (!match) throw new Error(`no drawn markup in ${response.body}`);
  return {
    render: Number(match[1]),
    locale: match[2],
    bravas: JSON.parse(match[3]!) as { available: boolean },
  };
}

beforeAll(async () => {
  buildRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sobremesa-drawn-'));
  t = await buildTestApp({ webDist: writeBuild(buildRoot) });
  v = await givenOrderingVenues(t);
}, 180_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(buildRoot, { recursive: true, force: true });
});

describe('guest pages drawn by the server, kept a minute', () => {
  it('draws a page once per address and language, for guests whose cookies change nothing', async () => {
    const first = await drawn('/menu', { 'accept-language': 'es' });
    expect(await drawn('/menu', { 'accept-language': 'es', cookie: 'cookies-accepted=true' })).toEqual(first);
    expect((await drawn('/menu', { 'accept-language': 'en' })).locale).toBe('en');
    expect((await drawn('/menu', { cookie: 'selectedLocale=eu' })).locale).toBe('eu');
    const carta = await drawn('/carta', { 'accept-language': 'es' });
    expect(carta.render).toBeGreaterThan(first.render);
    expect((await drawn('/carta', { 'accept-language': 'es' })).render).toBe(carta.render);

    // A cookie the renderer might read (a staff screen's choice) is drawn for that request alone.
    const own = await drawn('/menu', { 'accept-language': 'es', cookie: 'selectedRole=sala' });
    expect(own.render).toBeGreaterThan(carta.render);
    expect((await drawn('/menu', { 'accept-language': 'es', cookie: 'selectedRole=sala' })).render).toBe(
      own.render + 1,
    );
  });

  it("draws a page asked for with a guest's capability for that request alone, never kept", async () => {
    const plain = await drawn('/menu', { 'accept-language': 'es' });
    const guest = await drawn('/menu?uid=guest-capability', { 'accept-language': 'es' });
    expect(guest.render).toBeGreaterThan(plain.render);
    expect((await drawn('/menu?uid=guest-capability', { 'accept-language': 'es' })).render).toBe(
      guest.render + 1,
    );
    // The plain page stays the one kept, not the guest's.
    expect((await drawn('/menu', { 'accept-language': 'es' })).render).toBe(plain.render);
  });

  it('draws the menu afresh once staff sell a dish out, and every page after a minute', async () => {
    const before = await drawn('/menu', { 'accept-language': 'es' });
    expect(before.bravas.available).toBe(true);
    const bravas = productsOf(await demoMenu(t)).find((product) => product.sku === 'ENT-02')!;
    const sold = await post(
      t,
      'demo',
      '/world/api/product/menu/update-availability-product',
      { productId: bravas.id, available: false },
      { token: v.tokens.cocina },
    );
    expect(sold.statusCode, sold.body).toBe(200);
    // The change is heard on commit (NOTIFY), a moment after the reply.
    await expect
      .poll(async () => (await drawn('/menu', { 'accept-language': 'es' })).bravas.available, {
        timeout: 5_000,
      })
      .toBe(false);

    const kept = await drawn('/menu', { 'accept-language': 'es' });
    expect((await drawn('/menu', { 'accept-language': 'es' })).render).toBe(kept.render);
    t.clock.advance(DRAWN_PAGE_TTL_MS + 1);
    expect((await drawn('/menu', { 'accept-language': 'es' })).render).toBeGreaterThan(kept.render);
  });

  it('draws the pages afresh at once when staff pause online orders', async () => {
    const kept = await drawn('/menu', { 'accept-language': 'es' });
    expect((await drawn('/menu', { 'accept-language': 'es' })).render).toBe(kept.render);
    const paused = await post(
      t,
      'demo',
      '/world/api/takeaway/pause',
      { pause: 30 },
      { token: v.tokens.sala },
    );
    expect(paused.statusCode, paused.body).toBe(200);
    // The takeaway page says "paused" to the next guest, not a minute later.
    await expect
      .poll(async () => (await drawn('/menu', { 'accept-language': 'es' })).render, { timeout: 5_000 })
      .toBeGreaterThan(kept.render);
  });

  it('draws the pages afresh at once when the venue changes its time zone', async () => {
    const kept = await drawn('/menu', { 'accept-language': 'es' });
    expect((await drawn('/menu', { 'accept-language': 'es' })).render).toBe(kept.render);
    const moved = await post(
      t,
      'demo',
      '/world/api/admin/venue/identity',
      { timeZone: 'Atlantic/Canary' },
      { token: v.tokens.admin },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    // The venue's dates (the picker's first day) follow its zone: the page kept from before is not sent again.
    await expect
      .poll(async () => (await drawn('/menu', { 'accept-language': 'es' })).render, { timeout: 5_000 })
      .toBeGreaterThan(kept.render);
  });
});
