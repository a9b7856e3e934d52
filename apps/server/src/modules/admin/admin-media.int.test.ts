import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, media, products, realtimeEvents, venues } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { givenAdminVenues } from './admin.fixtures.ts';

/**
 * Image uploads (issue 22, decision 061): the venue's logo and favicon and a product's photo, re-encoded at
 * their sizes without the file's metadata, kept per venue and served at immutable content-named URLs.
 */
let t: TestApp;
let adminToken: string;
let salaToken: string;
let casaId: number;
let productId: number;
let otherProductId: number;

const LOGO = '/world/api/admin/venue/logo';
const FAVICON = '/world/api/admin/venue/favicon';
const photo = (id: number) => `/world/api/admin/products/${id}/photo`;

/** A phone-like photo: a large JPEG whose EXIF names the camera and a GPS position. */
function phonePhoto(width = 3000, height = 2000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#b83a1e' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' },
    })
    .toBuffer();
}

function squarePng(size: number): Promise<Buffer> {
  return sharp({ create: { width: size, height: size / 2, channels: 4, background: '#1e5bb8ff' } })
    .png()
    .toBuffer();
}

function upload(url: string, body: Buffer, token = adminToken, contentType = 'image/jpeg') {
  return call(t, 'casa', {
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': contentType },
    token,
  });
}

async function served(url: string) {
  const response = await call(t, 'casa', { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return { response, body: response.rawPayload, meta: await sharp(response.rawPayload).metadata() };
}

beforeAll(async () => {
  t = await buildTestApp();
  const { casa, otra, ...world } = await givenAdminVenues(t);
  casaId = casa.id;
  ({ adminToken, salaToken } = world);
  const [product] = await t.ctx.db
    .insert(products)
    .values({ venueId: casa.id, sku: 'FOTO-1', name: 'Tortilla de foto', priceCents: 900, vatRateBp: 1000 })
    .returning();
  productId = product!.id;
  const [other] = await t.ctx.db
    .insert(products)
    .values({ venueId: otra.id, sku: 'FOTO-1', name: 'Tortilla ajena', priceCents: 900, vatRateBp: 1000 })
    .returning();
  otherProductId = other!.id;
});
afterAll(() => t.close());

async function storedSettings() {
  const [row] = await t.ctx.db.select().from(venues).where(eq(venues.id, casaId));
  return row!.settings as Record<string, unknown>;
}

describe('POST /world/api/admin/venue/logo', () => {
  it('keeps a 512 px WebP without the photo metadata, sets logo_url, audits and announces it', async () => {
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(LOGO, original);
    expect(response.statusCode).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}-512\.webp$/);
    expect((await storedSettings()).logo_url).toBe(url);

    const { response: file, body, meta } = await served(url);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([512, 341]);
    expect(meta.exif).toBeUndefined();
    expect(body.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(body.equals(original)).toBe(false);

    const again = await call(t, 'casa', {
      method: 'GET',
      url,
      headers: { 'if-none-match': String(file.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.venueId, casaId), eq(auditLog.action, 'venue.config.update')));
    expect(audits.some((audit) => JSON.stringify(audit.after).includes(url))).toBe(true);
    const events = await t.ctx.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.venueId, casaId), eq(realtimeEvents.topic, 'venue.config.updated')));
    expect(events.length).toBeGreaterThan(0);

    const home = await call(t, 'casa', { method: 'POST', url: '/world/api/venue/home', payload: {} });
    expect(home.json().home.logoUrl).toBe(url);
  });

  it('is not served on another venue’s host', async () => {
    const url = (await storedSettings()).logo_url as string;
    expect((await call(t, 'otra', { method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a file that is not JPEG, PNG or WebP by its bytes, whatever it is labelled', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload(LOGO, svg, adminToken, 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Sube una imagen JPEG, PNG o WebP.');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(LOGO, gif)).statusCode).toBe(400);
    const empty = await call(t, 'casa', { method: 'POST', url: LOGO, payload: {}, token: adminToken });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a truncated JPEG as unreadable', async () => {
    const truncated = (await phonePhoto(400, 300)).subarray(0, 600);
    const response = await upload(LOGO, truncated);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/No se puede leer la imagen/);
  });

  it('refuses a file over 8 MB with 413 and says the limit', async () => {
    const big = Buffer.concat([await phonePhoto(100, 100), Buffer.alloc(8 * 1024 * 1024)]);
    const response = await upload(LOGO, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('La imagen es demasiado grande: como máximo 8 MB.');
  });

  it('is for the admin only', async () => {
    const before = await storedSettings();
    const refused = await upload(LOGO, await squarePng(64), salaToken, 'image/png');
    expect(refused.statusCode).toBe(403);
    expect((await upload(LOGO, await squarePng(64), '', 'image/png')).statusCode).toBe(401);
    expect((await storedSettings()).logo_url).toBe(before.logo_url);
  });

  it('is taken off the pages by remove', async () => {
    const response = await call(t, 'casa', { method: 'POST', url: `${LOGO}/remove`, token: adminToken });
    expect(response.statusCode).toBe(200);
    expect((await storedSettings()).logo_url).toBe('');
    const refused = await call(t, 'casa', { method: 'POST', url: `${LOGO}/remove`, token: salaToken });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /world/api/admin/venue/favicon', () => {
  it('keeps square PNG icons at 32, 180, 192 and 512 px and points favicon_url at the 192 one', async () => {
    const response = await upload(FAVICON, await squarePng(600), adminToken, 'image/png');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { url: string; renditions: Record<string, string> };
    expect(body.url).toMatch(/-192\.png$/);
    expect((await storedSettings()).favicon_url).toBe(body.url);
    expect(Object.keys(body.renditions).map(Number)).toEqual([32, 180, 192, 512]);
    for (const [width, url] of Object.entries(body.renditions)) {
      const { meta } = await served(url);
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual([
        'png',
        Number(width),
        Number(width),
        true,
      ]);
    }
  });
});

describe('POST /world/api/admin/products/:productId/photo', () => {
  it('keeps a 1200 px photo and its 400 px card picture as WebP, and the guest menu names it', async () => {
    const response = await upload(photo(productId), await phonePhoto());
    expect(response.statusCode).toBe(200);
    const body = response.json() as { url: string; renditions: Record<string, string> };
    expect(body.url).toMatch(/-1200\.webp$/);
    const large = await served(body.url);
    expect([large.meta.width, large.meta.height, large.meta.exif]).toEqual([1200, 800, undefined]);
    const card = await served(body.renditions[400]!);
    expect([card.meta.width, card.meta.height]).toEqual([400, 267]);

    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, productId));
    expect(row!.pictureUrl).toBe(body.url);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.venueId, casaId), eq(auditLog.action, 'product.photo.update')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toEqual({ pictureUrl: body.url });
  });

  it('never enlarges a small photo', async () => {
    const response = await upload(photo(productId), await squarePng(300), adminToken, 'image/png');
    const { meta } = await served((response.json() as { url: string }).url);
    expect([meta.width, meta.height]).toEqual([300, 150]);
  });

  it('answers 404 for another venue’s product and a bad id, 403 to a non-admin', async () => {
    const png = await squarePng(64);
    expect((await upload(photo(otherProductId), png, adminToken, 'image/png')).statusCode).toBe(404);
    expect(
      (await upload('/world/api/admin/products/abc/photo', png, adminToken, 'image/png')).statusCode,
    ).toBe(400);
    expect((await upload(photo(productId), png, salaToken, 'image/png')).statusCode).toBe(403);
    const remove = await call(t, 'casa', {
      method: 'POST',
      url: `${photo(otherProductId)}/remove`,
      token: adminToken,
    });
    expect(remove.statusCode).toBe(404);
    const stored = await t.ctx.db.select().from(media).where(eq(media.venueId, casaId));
    expect(stored.every((row) => row.bytes.length > 0)).toBe(true);
  });

  it('removes the photo', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: `${photo(productId)}/remove`,
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, productId));
    expect(row!.pictureUrl).toBeNull();
  });
});
