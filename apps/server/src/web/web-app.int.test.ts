import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues } from '../db/schema/index.ts';
import { seedDemoVenue } from '../modules/demo/demo-seed.ts';
import { buildTestApp, hostOf, type TestApp } from '../test/test-app.ts';
import { HEAD_TTL_MS } from './head-cache.ts';

let t: TestApp;
let webDist: string;
const SCRIPT = `export const dishes = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `plato ${index}`))};`;

/** A build as apps/web writes it: the page, the first-route pages, and a hashed script with its Brotli copy. */
function writeBuild(folder: string): void {
  const page = (route: string) =>
    `<!doctype html>\n<html lang="es">\n  <head>\n    <title>Sobremesa</title>\n    <!-- ${route} -->\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;
  fs.mkdirSync(path.join(folder, 'first-route'), { recursive: true });
  fs.mkdirSync(path.join(folder, 'assets'));
  fs.writeFileSync(path.join(folder, 'index.html'), page('index'));
  for (const route of ['menu', 'carta', 'home', 'reservar', 'copilot', 'login', 'kiosk', 'iframe-reservar'])
    fs.writeFileSync(path.join(folder, 'first-route', `${route}.html`), page(route));
  fs.writeFileSync(path.join(folder, 'assets', 'app-Ab12.js'), SCRIPT);
  fs.writeFileSync(path.join(folder, 'assets', 'app-Ab12.js.br'), brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(folder, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  fs.writeFileSync(path.join(folder, 'manifest.webmanifest'), '{"start_url":"/copilot"}\n');
}

function page(url: string, headers: Record<string, string> = {}, host = hostOf('demo')) {
  return t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
}

function structuredData(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no JSON-LD in the page');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sobremesa-web-'));
  writeBuild(webDist);
  t = await buildTestApp({ webDist });
  await seedDemoVenue(t.ctx.db);
  const [demo] = await t.ctx.db.select().from(venues).where(eq(venues.subdomain, 'demo'));
  await t.ctx.db
    .update(venues)
    .set({
      settings: {
        ...(demo!.settings as Record<string, unknown>),
        fiscalInfo: {
          legalName: 'Casa Demo SL',
          taxId: 'B12345678',
          address: 'Calle Mayor 1',
          postalCode: '20001',
          city: 'Donostia',
          invoiceSeries: 'T',
        },
        location_gmaps_url: 'https://maps.google.com/?q=Calle+Mayor+1',
      },
    })
    .where(eq(venues.id, demo!.id));
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('guest pages for search engines and link previews', () => {
  it('/menu carries the restaurant, its opening hours and every visible dish with its price in euros', async () => {
    const response = await page('/menu', { 'accept-language': 'es-ES,es;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<!-- menu -->');
    expect(html).toContain('<html lang="es"');
    const data = structuredData(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      url: 'http://demo.sobremesa.test/home',
      acceptsReservations: 'http://demo.sobremesa.test/reservar',
      hasMap: 'https://maps.google.com/?q=Calle+Mayor+1',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Calle Mayor 1',
        postalCode: '20001',
        addressLocality: 'Donostia',
      },
    });
    expect(data.name).toBe(
      (await t.ctx.db.select().from(venues).where(eq(venues.subdomain, 'demo')))[0]!.businessName,
    );
    const hours = data.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
    expect(hours.length).toBeGreaterThan(0);
    for (const entry of hours) {
      expect(entry.opens).toMatch(/^\d{2}:\d{2}$/);
      expect(entry.dayOfWeek.every((day) => /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/.test(day))).toBe(
        true,
      );
    }

    // Every visible dish of the guest's menu (as menu/get answers a guest) is a MenuItem with its price.
    const guestMenu = (
      await t.app.inject({
        method: 'POST',
        url: '/world/api/menu/get',
        headers: { host: hostOf('demo'), 'accept-language': 'es' },
        payload: {},
      })
    ).json() as {
      menus: {
        name: string;
        menuCategories: { name: string; products: { name: string; priceCents: number }[] }[];
      }[];
    };
    const menus = data.hasMenu as {
      '@type': string;
      name: string;
      hasMenuSection: {
        '@type': string;
        name: string;
        hasMenuItem: { name: string; offers: { price: string; priceCurrency: string } }[];
      }[];
    }[];
    expect(menus.map((menu) => menu.name)).toEqual(guestMenu.menus.map((menu) => menu.name));
    const firstCategory = guestMenu.menus[0]!.menuCategories[0]!;
    const section = menus[0]!.hasMenuSection[0]!;
    expect(section).toMatchObject({ '@type': 'MenuSection', name: firstCategory.name });
    const dish = firstCategory.products[0]!;
    expect(section.hasMenuItem[0]).toMatchObject({
      '@type': 'MenuItem',
      name: dish.name,
      offers: {
        '@type': 'Offer',
        price: `${Math.trunc(dish.priceCents / 100)}.${String(dish.priceCents % 100).padStart(2, '0')}`,
        priceCurrency: 'EUR',
      },
    });
  });

  it("describes each page in the guest's language, with its canonical address and an alternate per language", async () => {
    const spanish = (await page('/menu', { 'accept-language': 'es' })).body;
    expect(metaContent(spanish, 'name', 'description')).toMatch(
      /^La carta de .+: platos, precios y alérgenos/,
    );
    // Its own address is canonical: the address without a language is the x-default alternate.
    expect(spanish).toContain('<link rel="canonical" href="http://demo.sobremesa.test/menu">');
    const alternates = [...spanish.matchAll(/<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">/g)];
    expect(alternates.map((match) => match[1])).toEqual([
      'es',
      'en',
      'de',
      'fr',
      'eu',
      'ca',
      'it',
      'gl',
      'pt',
      'x-default',
    ]);
    expect(alternates.find((match) => match[1] === 'eu')?.[2]).toBe(
      'http://demo.sobremesa.test/menu?lang=eu',
    );
    expect(metaContent(spanish, 'property', 'og:locale')).toBe('es_ES');
    expect(metaContent(spanish, 'property', 'og:description')).toBe(
      metaContent(spanish, 'name', 'description'),
    );
    expect(metaContent(spanish, 'name', 'twitter:card')).toBe('summary');

    // A search engine's Basque alternate opens in Basque; a guest's kept choice (the cookie) wins over the link.
    const basque = (await page('/menu?lang=eu', { 'accept-language': 'es' })).body;
    expect(basque).toContain('<html lang="eu"');
    expect(metaContent(basque, 'name', 'description')).toMatch(/karta: platerak, prezioak eta alergenoak/);
    expect(basque).toContain('<link rel="canonical" href="http://demo.sobremesa.test/menu?lang=eu">');
    const kept = (await page('/menu?lang=eu', { cookie: 'selectedLocale=fr' })).body;
    expect(kept).toContain('<html lang="fr"');
    expect(metaContent(kept, 'name', 'description')).toMatch(/^La carte de /);
    // Without a cookie or a link, the browser's language.
    expect((await page('/reservar', { 'accept-language': 'de-DE,de;q=0.9' })).body).toContain(
      '<html lang="de"',
    );

    // /carta is the menu: one canonical address.
    expect((await page('/carta?lang=de')).body).toContain(
      '<link rel="canonical" href="http://demo.sobremesa.test/menu?lang=de">',
    );
  });

  it('/home carries the restaurant without the menu; /reservar a description and no structured data', async () => {
    const home = (await page('/home')).body;
    const data = structuredData(home);
    expect(data['@type']).toBe('Restaurant');
    expect(data.hasMenu).toBeUndefined();
    const reserve = (await page('/reservar')).body;
    expect(metaContent(reserve, 'name', 'description')).toMatch(/^Reserva mesa en /);
    expect(reserve).not.toContain('application/ld+json');
  });

  it('a name typed by the venue cannot end the structured data script or break out of an attribute', async () => {
    const [demo] = await t.ctx.db.select().from(venues).where(eq(venues.subdomain, 'demo'));
    // The head of a page is kept a minute: what changes reaches search engines after that.
    t.clock.advance(HEAD_TTL_MS + 1);
    await t.ctx.db
      .update(venues)
      .set({ businessName: 'Casa "Pepe" </script><b>' })
      .where(eq(venues.id, demo!.id));
    try {
      t.ctx.venues.invalidate();
      const html = (await page('/home')).body;
      expect(html).toContain('Casa &quot;Pepe&quot; &lt;/script&gt;&lt;b&gt;');
      expect(html).not.toContain('</script><b>');
      expect(html).not.toContain('"Pepe" <');
    } finally {
      await t.ctx.db.update(venues).set({ businessName: demo!.businessName }).where(eq(venues.id, demo!.id));
      t.ctx.venues.invalidate();
      t.clock.advance(HEAD_TTL_MS + 1);
    }
  });
});

describe('robots and caching', () => {
  it('staff, kiosk and sign-in pages are noindex; the embedded form is indexed only inside its site', async () => {
    for (const url of ['/copilot', '/login', '/kiosk', '/ebitdata', '/copilot/floor']) {
      const response = await page(url);
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(response.body, url).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(response.body, url).not.toContain('name="description"');
    }
    const embedded = await page('/iframe-reservar');
    expect(embedded.headers['x-robots-tag']).toBe('noindex, indexifembedded');
    const guest = await page('/menu');
    expect(guest.headers['x-robots-tag']).toBeUndefined();
    expect(guest.body).not.toContain('name="robots"');
  });

  it('a page opened with a guest capability is never cacheable; other pages are revalidated', async () => {
    for (const url of ['/menu?uid=abc&wid=def', '/menu?wid=def', '/carta?uid=abc', '/reservar?uid=abc']) {
      expect((await page(url)).headers['cache-control'], url).toBe('private, no-store');
    }
    const plain = await page('/menu');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toContain('Cookie');
  });

  it("each venue's robots.txt names its sitemap; a host with no venue asks not to be crawled", async () => {
    const robots = await page('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toBe(
      'User-agent: *\nDisallow: /world/\n\nSitemap: http://demo.sobremesa.test/sitemap.xml\n',
    );
    const nowhere = await page('/robots.txt', {}, hostOf('nadie'));
    expect(nowhere.body).toBe('User-agent: *\nDisallow: /\n');
    expect((await page('/sitemap.xml', {}, hostOf('nadie'))).statusCode).toBe(404);
  });

  it('sitemap.xml lists the guest pages in the nine languages, each naming its alternates', async () => {
    const response = await page('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = ['home', 'menu', 'reservar', 'takeaway-delivery'].flatMap((route) =>
      ['es', 'en', 'de', 'fr', 'eu', 'ca', 'it', 'gl', 'pt'].map(
        (locale) => `http://demo.sobremesa.test/${route}?lang=${locale}`,
      ),
    );
    expect(locs).toEqual(expected);
    const entries = response.body.split('<url>').slice(1);
    for (const entry of entries) expect(entry.match(/<xhtml:link rel="alternate"/g)).toHaveLength(10);
  });

  it("staff pages link the installable app's manifest; guest pages do not (decision 051)", async () => {
    for (const url of ['/copilot', '/login', '/kiosk', '/ebitdata', '/copilot/floor'])
      expect((await page(url)).body, url).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    for (const url of ['/menu', '/home', '/reservar', '/iframe-reservar', '/mis-reservas'])
      expect((await page(url)).body, url).not.toContain('rel="manifest"');
    const manifest = await page('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
  });

  it('serves the service worker revalidated on every check, so a release replaces it at once', async () => {
    const worker = await page('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('public, max-age=0');
  });

  it('serves a hashed file as its Brotli copy from the build, cached for good', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-Ab12.js',
      headers: { host: hostOf('demo'), 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });
});
