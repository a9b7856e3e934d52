import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@sobremesa/domain';
import { queryRows } from '../../db/rows.ts';
import {
  cashDrawerSlots,
  cashDrawers,
  cardReaders,
  copilotRoles,
  diningTables,
  menus,
  products,
  rooms,
  translations,
  venues,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { DEMO_PASSWORD, seedDemoVenue, type DemoSeedResult } from './demo-seed.ts';

let t: TestApp;
let result: DemoSeedResult;

beforeAll(async () => {
  t = await buildTestApp();
  result = await seedDemoVenue(t.ctx.db);
});
afterAll(() => t.close());

function count(query: ReturnType<typeof sql>): Promise<number> {
  return queryRows<{ n: string | number }>(t.ctx.db, query).then(([row]) => Number(row?.n));
}

interface MenuCategoryReply {
  products: { sku: string; name: string }[];
  children: MenuCategoryReply[];
}

describe('seedDemoVenue', () => {
  it('seeds one default venue into an empty database and lists its accounts', async () => {
    expect(result.seeded).toBe(true);
    expect(result.businessName).toBe('Casa Sobremesa');
    expect(result.accounts.map((account) => account.email)).toEqual([
      'sala@demo.test',
      'sala1@demo.test',
      'cocina@demo.test',
      'barra@demo.test',
      'tpv@demo.test',
      'pasante@demo.test',
      'admin@demo.test',
    ]);
    const venueRows = await t.ctx.db.select().from(venues);
    expect(venueRows).toHaveLength(1);
    expect(venueRows[0]).toMatchObject({ subdomain: 'demo', isDefault: true, timeZone: 'Europe/Madrid' });
    expect(venueRows[0]?.settings).toMatchObject({
      reservation_disabled_dow: [1],
      printEnabled: true,
      fiscalInfo: { taxId: 'B87654323', city: 'Madrid' },
    });
  });

  it('serves the demo venue on localhost', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/world/api/venueconfig',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().venueConfig).toMatchObject({
      business_name: 'Casa Sobremesa',
      serviceSchedule: [
        { name: 'Comida', start: '13:00', end: '16:00', lastSeating: '15:00', slotIntervalMinutes: 15 },
        { name: 'Cena', start: '20:00', end: '23:30', lastSeating: '22:30', slotIntervalMinutes: 15 },
      ],
    });
  });

  it('lays out about 20 tables of different sizes over Sala, Terraza and Barra', async () => {
    const roomRows = await t.ctx.db.select().from(rooms).orderBy(rooms.sortOrder);
    expect(roomRows.map((room) => room.name)).toEqual(['Sala', 'Terraza', 'Barra']);
    const tables = await t.ctx.db.select().from(diningTables);
    expect(tables).toHaveLength(20);
    expect(new Set(tables.map((table) => table.maxPax))).toEqual(new Set([2, 4, 6, 8]));
    for (const room of roomRows) expect(tables.some((table) => table.roomId === room.id)).toBe(true);
    expect(await count(sql`select count(*) as n from service_schedules`)).toBe(12);
  });

  it('creates the six copilot roles with their notification types and stations', async () => {
    const roles = await t.ctx.db.select().from(copilotRoles).orderBy(copilotRoles.sortOrder);
    expect(roles.map((role) => role.view)).toEqual([
      'Sala',
      '1 en Sala',
      'Cocina',
      'Barra',
      'TPV',
      'Pasante',
    ]);
    const byView = new Map(roles.map((role) => [role.view, role]));
    expect(byView.get('Cocina')?.notificationTypes).toEqual(expect.any(Array));
    expect(byView.get('Cocina')!.notificationTypes).not.toContain('ticket_request');
    expect(byView.get('Sala')?.notificationTypes).toContain('ticket_request');
    expect(byView.get('TPV')?.notificationTypes).toContain('ticket_request');
    const kitchenStations = await count(
      sql`select count(*) as n from copilot_role_stations where copilot_role_id = ${byView.get('Cocina')!.id}`,
    );
    expect(kitchenStations).toBe(4);
    expect(await count(sql`select count(*) as n from elaboration_types`)).toBe(4);
  });

  it('lets every demo account sign in with its role preselected', async () => {
    const expected: Record<string, string> = {
      'sala@demo.test': 'Sala',
      'sala1@demo.test': '1 en Sala',
      'cocina@demo.test': 'Cocina',
      'barra@demo.test': 'Barra',
      'tpv@demo.test': 'TPV',
      'pasante@demo.test': 'Pasante',
      'admin@demo.test': 'Sala',
    };
    for (const [email, view] of Object.entries(expected)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/world/api/user/login',
        headers: { host: 'localhost' },
        payload: { userEmail: email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, email).toBe(200);
      const user = response.json().user as {
        isAdmin: boolean;
        copilotRoles: { active: number; copilotView: { name: string } }[];
      };
      const active = user.copilotRoles.filter((role) => role.active === 1);
      expect(
        active.map((role) => role.copilotView.name),
        email,
      ).toEqual([view]);
      expect(user.isAdmin).toBe(email === 'admin@demo.test');
      if (user.isAdmin) expect(user.copilotRoles).toHaveLength(6);
    }
  });

  it('offers a carta, a drinks menu, a menú del día and breakfast with about 60 products', async () => {
    const menuRows = await t.ctx.db.select().from(menus);
    expect(menuRows.map((menu) => menu.menuTypeName).sort()).toEqual([
      'bebida',
      'carta',
      'desayuno',
      'menu del dia',
    ]);
    expect(menuRows.filter((menu) => menu.isDayMenu)).toHaveLength(1);
    const productRows = await t.ctx.db.select().from(products);
    expect(productRows.length).toBeGreaterThanOrEqual(55);
    expect(productRows.length).toBeLessThanOrEqual(70);
    expect(new Set(productRows.map((product) => product.vatRateBp))).toEqual(new Set([1000, 2100]));
    expect(productRows.filter((product) => product.isMenu)).toHaveLength(1);
    expect(
      productRows.every((product) => Number.isInteger(product.priceCents) && product.priceCents > 0),
    ).toBe(true);
    // Every one of the 14 EU allergens appears on some dish, as an ingredient or as traces.
    expect(await count(sql`select count(distinct allergen_id) as n from product_allergens`)).toBe(14);
    expect(
      await count(sql`select count(*) as n from options where price_modifier_cents > 0`),
    ).toBeGreaterThan(5);
    expect(await count(sql`select count(*) as n from menu_courses`)).toBe(4);
    expect(await count(sql`select count(*) as n from dish_classes`)).toBe(4);
  });

  it('translates menus, categories, dishes, options and courses into the nine languages', async () => {
    const rows = await t.ctx.db.select().from(translations);
    const localesByKey = new Map<string, Set<string>>();
    for (const row of rows)
      localesByKey.set(row.key, (localesByKey.get(row.key) ?? new Set()).add(row.locale));
    const menuRows = await t.ctx.db.select().from(menus);
    for (const menu of menuRows) expect(localesByKey.get(`menu.${menu.id}.name`)).toEqual(new Set(LOCALES));
    const categoryKeys = [...localesByKey.keys()].filter((key) => key.startsWith('category.'));
    expect(categoryKeys.length).toBeGreaterThanOrEqual(12);
    for (const key of categoryKeys) expect(localesByKey.get(key)).toEqual(new Set(LOCALES));
    // Dishes, descriptions, option types, options and courses too: nothing falls back to Spanish.
    const menuTextKeys = [...localesByKey.keys()].filter((key) =>
      /^(product|optionType|option|menuCourse)\./.test(key),
    );
    expect(menuTextKeys.length).toBeGreaterThan(100);
    for (const key of menuTextKeys) expect(localesByKey.get(key), key).toEqual(new Set(LOCALES));
    const response = await t.app.inject({
      method: 'POST',
      url: '/world/api/translations/get',
      headers: { host: 'localhost' },
      payload: { keys: [`menu.${menuRows[0]!.id}.name`], locale: 'eu' },
    });
    expect(response.statusCode).toBe(200);
    expect(Object.values(response.json().translations as Record<string, string>)).toHaveLength(1);
  });

  it('serves the menu with no Spanish dish name left in any other language', async () => {
    const dishNames = async (locale: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/world/api/menu/get',
        headers: { host: 'localhost', 'x-locale': locale },
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      const names = new Map<string, string>();
      const walk = (categories: MenuCategoryReply[]) => {
        for (const category of categories) {
          for (const product of category.products) names.set(product.sku, product.name);
          walk(category.children);
        }
      };
      for (const menu of response.json().menus as { menuCategories: MenuCategoryReply[] }[])
        walk(menu.menuCategories);
      return names;
    };
    const spanish = await dishNames('es');
    expect(spanish.size).toBeGreaterThan(50);
    // Brands, and the one drink French and Italian call by its Spanish name too; nothing else may stay.
    const brands = new Set(['Coca-Cola', 'Coca-Cola Zero', 'Gin tonic']);
    for (const locale of LOCALES.filter((candidate) => candidate !== 'es')) {
      const names = await dishNames(locale);
      const left = [...spanish].filter(([sku, name]) => !brands.has(name) && names.get(sku) === name);
      expect(left, locale).toEqual([]);
    }
    expect((await dishNames('eu')).get('ENT-04')).toBe('Ezkurrez hazitako urdaiazpiko iberikoa');
  });

  it('sets up a cash drawer with every euro denomination, card readers and providers', async () => {
    const [drawer] = await t.ctx.db.select().from(cashDrawers);
    expect(drawer?.name).toBe('Caja principal');
    const slots = await t.ctx.db
      .select()
      .from(cashDrawerSlots)
      .where(eq(cashDrawerSlots.cashDrawerId, drawer!.id));
    expect(slots).toHaveLength(15);
    expect(slots.some((slot) => slot.quantity > 0)).toBe(true);
    expect(await t.ctx.db.select().from(cardReaders)).not.toHaveLength(0);
    expect(await count(sql`select count(*) as n from venue_providers`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from invoice_series`)).toBe(3);
  });

  it('seeds nothing on a second call', async () => {
    const again = await seedDemoVenue(t.ctx.db);
    expect(again).toEqual({ seeded: false, businessName: '', accounts: [] });
    expect(await t.ctx.db.select().from(venues)).toHaveLength(1);
    expect(await count(sql`select count(*) as n from users`)).toBe(7);
  });

  it('seeds once when several servers start on one empty database at the same time', async () => {
    const database = await createTestDatabase();
    try {
      const results = await Promise.all([seedDemoVenue(database.db), seedDemoVenue(database.db)]);
      expect(results.map((outcome) => outcome.seeded).sort()).toEqual([false, true]);
      expect(await database.db.select().from(venues)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
