import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountingConfigResponseSchema,
  allergensResponseSchema,
  copilotRolesResponseSchema,
  systemConfigResponseSchema,
  tablesResponseSchema,
  translationsResponseSchema,
  venueConfigResponseSchema,
  venueMenusResponseSchema,
} from '@sobremesa/contracts';
import {
  cardReaders,
  cashDenominations,
  cashDrawers,
  cashDrawerSlots,
  copilotRoles,
  diningTables,
  elaborationStations,
  elaborationTypes,
  menus,
  rooms,
  translations,
  venueProviders,
  copilotRoleStations,
} from '../../db/schema/index.ts';
import { buildTestApp, call, givenStaff, givenVenue, signIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let salaToken: string;
let adminOnlyToken: string;
let otherToken: string;

/** Two venues with their own floor, menus, roles and cash, to show each call sees only its venue. */
async function givenFurnishedVenue(subdomain: string, label: string) {
  const venue = await givenVenue(t, {
    subdomain,
    settings: {
      reservation_disabled_dow: [1],
      copilotConfig: { zoneFilter: true, cartProductStaffComments: true, promotionsEnabled: false },
    },
  });
  const db = t.ctx.db;
  const [sala] = await db
    .insert(rooms)
    .values({ venueId: venue.id, name: `Sala ${label}`, sortOrder: 1 })
    .returning();
  const [terraza] = await db
    .insert(rooms)
    .values({ venueId: venue.id, name: `Terraza ${label}`, sortOrder: 2 })
    .returning();
  await db.insert(diningTables).values([
    { venueId: venue.id, roomId: sala!.id, name: `${label}1`, minPax: 1, maxPax: 2, sortOrder: 1 },
    { venueId: venue.id, roomId: sala!.id, name: `${label}2`, minPax: 2, maxPax: 4, sortOrder: 2 },
    { venueId: venue.id, roomId: terraza!.id, name: `${label}T1`, minPax: 4, maxPax: 8, sortOrder: 3 },
  ]);
  const [type] = await db
    .insert(elaborationTypes)
    .values({ venueId: venue.id, name: `Cocina ${label}` })
    .returning();
  const [station] = await db
    .insert(elaborationStations)
    .values({ venueId: venue.id, elaborationTypeId: type!.id, name: `Caliente ${label}` })
    .returning();
  const [role] = await db
    .insert(copilotRoles)
    .values({
      venueId: venue.id,
      name: `Cocina ${label}`,
      view: 'Cocina',
      notificationTypes: ['order_ready_food'],
      requiredProductRoles: ['Cocina'],
    })
    .returning();
  await db
    .insert(copilotRoleStations)
    .values({ venueId: venue.id, copilotRoleId: role!.id, elaborationStationId: station!.id });
  const [carta] = await db
    .insert(menus)
    .values({
      venueId: venue.id,
      name: `Carta ${label}`,
      menuTypeName: 'carta',
      sortOrder: 1,
      sortOrderCustomer: 1,
      isDayMenu: false,
      enabled: true,
    })
    .returning();
  await db.insert(translations).values([
    { venueId: venue.id, key: `menu.${carta!.id}.name`, locale: 'es', value: `Carta ${label}` },
    { venueId: venue.id, key: `menu.${carta!.id}.name`, locale: 'en', value: `Menu ${label}` },
  ]);
  const [drawer] = await db
    .insert(cashDrawers)
    .values({ venueId: venue.id, name: `Cajón ${label}` })
    .returning();
  const denominations = await db.select().from(cashDenominations);
  const fiftyCents = denominations.find((denomination) => denomination.valueCents === 50)!;
  await db
    .insert(cashDrawerSlots)
    .values({ venueId: venue.id, cashDrawerId: drawer!.id, cashDenominationId: fiftyCents.id, quantity: 12 });
  await db.insert(cardReaders).values({ venueId: venue.id, name: `Datáfono ${label}`, provider: 'redsys' });
  await db.insert(venueProviders).values({ venueId: venue.id, name: `Proveedor ${label}`, type: 'payments' });
  return { venue, carta: carta!, role: role!, station: station! };
}

let casa: Awaited<ReturnType<typeof givenFurnishedVenue>>;

beforeAll(async () => {
  t = await buildTestApp();
  casa = await givenFurnishedVenue('casa', 'A');
  const otra = await givenFurnishedVenue('otra', 'B');
  await givenStaff(t, { venueId: casa.venue.id, email: 'sala@casa.test', roleIds: [casa.role.id] });
  await givenStaff(t, {
    venueId: casa.venue.id,
    email: 'admin@casa.test',
    isAdmin: true,
    copilotEnabled: false,
  });
  await givenStaff(t, { venueId: otra.venue.id, email: 'sala@otra.test', roleIds: [otra.role.id] });
  salaToken = await signIn(t, 'casa', 'sala@casa.test');
  adminOnlyToken = await signIn(t, 'casa', 'admin@casa.test');
  otherToken = await signIn(t, 'otra', 'sala@otra.test');
});
afterAll(() => t.close());

describe('systemconfig and logical date (public)', () => {
  it('tells the WebSocket URL and the logical date in the venue zone', async () => {
    t.clock.set('2026-11-21T04:30:00Z'); // 05:30 in Madrid: still Friday's service
    const response = await call(t, 'casa', { method: 'GET', url: '/world/api/systemconfig' });
    const body = systemConfigResponseSchema.parse(response.json());
    expect(body.systemConfig).toMatchObject({
      websocket_url: 'ws://casa.sobremesa.test/world/ws',
      websocket_port: 80,
      logicalDate: '2026-11-20',
      timeZone: 'Europe/Madrid',
    });
    const logical = await call(t, 'casa', { method: 'POST', url: '/world/api/config/logical-date' });
    expect(logical.json()).toEqual({ result: 0, logicalDate: '2026-11-20' });
    t.clock.set('2026-11-21T05:00:00Z');
    expect(
      (await call(t, 'casa', { method: 'POST', url: '/world/api/config/logical-date' })).json().logicalDate,
    ).toBe('2026-11-21');
  });
});

describe('venueconfig and elaboration types (public)', () => {
  it("returns this venue's config with the spec defaults and nothing of the other venue", async () => {
    const response = await call(t, 'casa', { method: 'POST', url: '/world/api/venueconfig' });
    const { venueConfig } = venueConfigResponseSchema.parse(response.json());
    expect(venueConfig).toMatchObject({
      subdomain: 'casa',
      business_name: 'Casa casa',
      reservation_disabled_dow: [1],
      enableCategoryScroll: true,
      copilotConfig: { zoneFilter: true, cartProductStaffComments: true },
      elaborationTypes: [{ name: 'Cocina A' }],
      cashDrawers: [{ name: 'Cajón A' }],
    });
    expect(JSON.stringify(venueConfig)).not.toContain('Cocina B');
    const types = await call(t, 'casa', { method: 'POST', url: '/world/api/elaborationtype/get' });
    expect(types.json().elaborationTypes.map((type: { name: string }) => type.name)).toEqual(['Cocina A']);
  });
});

describe('venuemenus, allergens and translations (public, localised)', () => {
  it('names menus in the caller language, falling back to Spanish', async () => {
    const english = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/venuemenus',
      headers: { 'accept-language': 'en' },
    });
    expect(venueMenusResponseSchema.parse(english.json()).menus.map((menu) => menu.name)).toEqual(['Menu A']);
    const basque = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/venuemenus',
      headers: { cookie: 'selectedLocale=eu' },
    });
    expect(basque.json().menus.map((menu: { name: string }) => menu.name)).toEqual(['Carta A']);
  });

  it('lists the 14 EU allergens in the asked language', async () => {
    const response = await call(t, 'casa', {
      method: 'GET',
      url: '/world/api/allergens/list',
      headers: { 'x-locale': 'de' },
    });
    const { allergens } = allergensResponseSchema.parse(response.json());
    expect(allergens).toHaveLength(14);
    expect(allergens.map((allergen) => allergen.name)).toContain('Erdnüsse');
  });

  it("returns only the asked keys, never another venue's", async () => {
    const key = `menu.${casa.carta.id}.name`;
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/translations/get',
      payload: { keys: [key, 'menu.999999.name'], locale: 'en' },
    });
    expect(translationsResponseSchema.parse(response.json()).translations).toEqual({ [key]: 'Menu A' });
    const fromOther = await call(t, 'otra', {
      method: 'POST',
      url: '/world/api/translations/get',
      payload: { keys: [key] },
    });
    expect(fromOther.json().translations).toEqual({});
  });

  it('refuses malformed translation requests with 400', async () => {
    for (const payload of [
      {},
      { keys: [] },
      { keys: 'menu.1.name' },
      { keys: ['a'], locale: 'ja' },
      { keys: ['a'], extra: 1 },
    ]) {
      const response = await call(t, 'casa', { method: 'POST', url: '/world/api/translations/get', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('staff configuration: copilotrole/list, tables, accounting-config', () => {
  const staffCalls = [
    { method: 'GET', url: '/world/api/copilotrole/list' },
    { method: 'GET', url: '/world/api/tables' },
    { method: 'POST', url: '/world/api/accounting-config' },
  ] as const;

  it.each(staffCalls)('$url needs a token (401) and the copilot role (403)', async (request) => {
    expect((await call(t, 'casa', { ...request })).statusCode).toBe(401);
    const refused = await call(t, 'casa', { ...request, token: adminOnlyToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No estas autorizado para acceder a copilot');
  });

  it.each(staffCalls)("$url refuses another venue's token (SEC-01)", async (request) => {
    expect((await call(t, 'casa', { ...request, token: otherToken })).statusCode).toBe(401);
  });

  it('copilotrole/list gives the venue roles with stations and notification types', async () => {
    const response = await call(t, 'casa', {
      method: 'GET',
      url: '/world/api/copilotrole/list',
      token: salaToken,
    });
    const { copilotRoles: roles } = copilotRolesResponseSchema.parse(response.json());
    expect(roles).toEqual([
      {
        id: casa.role.id,
        name: 'Cocina A',
        active: 0,
        copilotView: { name: 'Cocina' },
        elaborationStations: [casa.station.id],
        notificationTypes: [{ name: 'order_ready_food' }],
        requirementProductCopilotRoles: [{ name: 'Cocina' }],
      },
    ]);
  });

  it('tables gives rooms with their tables in floor order', async () => {
    const response = await call(t, 'casa', { method: 'GET', url: '/world/api/tables', token: salaToken });
    const body = tablesResponseSchema.parse(response.json());
    expect(body.rooms.map((room) => [room.name, room.tables.map((table) => table.name)])).toEqual([
      ['Sala A', ['A1', 'A2']],
      ['Terraza A', ['AT1']],
    ]);
    expect(body.tables).toHaveLength(3);
  });

  it('accounting-config gives drawers with denomination slots, card readers and providers', async () => {
    const response = await call(t, 'casa', {
      method: 'POST',
      url: '/world/api/accounting-config',
      token: salaToken,
    });
    const { accountingConfig } = accountingConfigResponseSchema.parse(response.json());
    expect(accountingConfig.cashDrawers).toEqual([
      {
        id: expect.any(Number),
        name: 'Cajón A',
        slots: [{ cashDenominationId: expect.any(Number), value: 50, quantity: 12 }],
      },
    ]);
    expect(accountingConfig.cardReaders).toEqual([
      { id: expect.any(Number), name: 'Datáfono A', provider: 'redsys' },
    ]);
    expect(accountingConfig.venueProviders).toEqual([
      { id: expect.any(Number), name: 'Proveedor A', type: 'payments' },
    ]);
  });
});
