import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, givenVenue, type TestApp } from '../../test/test-app.ts';
import { furnishVenue } from '../reservations/reservations.fixtures.ts';

const HOME = '/world/api/venue/home';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const casa = await givenVenue(t, {
    subdomain: 'casa',
    businessName: 'Casa Pepa',
    settings: {
      location_gmaps_url: 'https://maps.google.com/?cid=42',
      favicon_url: '/world/media/casa.png',
      fiscalInfo: {
        legalName: 'Casa Pepa SL',
        taxId: 'B00000000',
        address: 'Rúa Nova 3',
        postalCode: '15703',
        city: 'Santiago',
        invoiceSeries: 'T',
      },
    },
  });
  await furnishVenue(t.ctx.db, casa.id, {
    rooms: [
      { name: 'Comedor', tables: [{ name: 'C1', minPax: 1, maxPax: 4 }] },
      { name: 'Terraza', tables: [{ name: 'T1', minPax: 2, maxPax: 6 }] },
      { name: 'Privado', reservable: false, tables: [{ name: 'P1', minPax: 1, maxPax: 12 }] },
    ],
    services: [
      { name: 'Comida', start: '13:00', end: '16:00', lastSeating: '15:00', weekdays: [1, 2, 3, 4, 5] },
      { name: 'Comida', start: '13:00', end: '16:00', lastSeating: '15:30', weekdays: [6, 7] },
      { name: 'Cena', start: '20:00', end: '23:30', lastSeating: '22:30', weekdays: [5, 6] },
    ],
  });
  await givenVenue(t, { subdomain: 'otra', businessName: 'Otra' });
});
afterAll(() => t.close());

const home = (subdomain: string, payload: unknown = {}) =>
  call(t, subdomain, { method: 'POST', url: HOME, payload: payload as Record<string, unknown> });

describe('venue home', () => {
  it('gives /home its venue, address and map, hours by service and the rooms guests can book', async () => {
    const response = await home('casa');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      result: 0,
      home: {
        name: 'Casa Pepa',
        logoUrl: '/world/media/casa.png',
        address: { street: 'Rúa Nova 3', postalCode: '15703', city: 'Santiago' },
        mapUrl: 'https://maps.google.com/?cid=42',
        hours: [
          { name: 'Comida', weekdays: [1, 2, 3, 4, 5, 6, 7], start: '13:00', end: '16:00' },
          { name: 'Cena', weekdays: [5, 6], start: '20:00', end: '23:30' },
        ],
        rooms: [
          { id: expect.any(Number), name: 'Comedor', maxPax: 4 },
          { id: expect.any(Number), name: 'Terraza', maxPax: 6 },
        ],
        locales: expect.arrayContaining(['es', 'en']),
        bookingEnabled: true,
      },
    });
  });

  it('another venue gets only its own, with nothing to book and no map', async () => {
    const response = await home('otra');
    expect(response.json()).toMatchObject({
      home: { name: 'Otra', rooms: [], hours: [], mapUrl: null, logoUrl: null, bookingEnabled: false },
    });
  });

  it('refuses a body with fields it does not know', async () => {
    expect((await home('casa', { rooms: 1 })).statusCode).toBe(400);
  });
});
