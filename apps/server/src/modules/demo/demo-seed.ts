import { LOCALES } from '@sobremesa/domain';
import type { Database, Transaction } from '../../db/database.ts';
import {
  paymentSettings,
  cardReaders,
  cashDrawers,
  cashDrawerSlots,
  copilotRoles,
  copilotRoleStations,
  diningTables,
  dishClasses,
  elaborationStations,
  elaborationTypes,
  invoiceSeries,
  menuCategories,
  menuCourseItems,
  menuCourses,
  menus,
  optionTypes,
  options,
  productAllergens,
  productCategories,
  productElaborationStations,
  productOptionTypes,
  products,
  rooms,
  serviceSchedules,
  tableCombinationMembers,
  tableCombinations,
  translations,
  venueProviders,
  vouchers,
} from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../lib/common-passwords.ts';
import { createStaffAccount } from '../users/users.service.ts';
import { createVenue } from '../venues/venues.service.ts';
import {
  DEMO_DAY_MENU_COURSES,
  DEMO_DISH_CLASSES,
  DEMO_MENUS,
  DEMO_OPTION_TYPES,
  DEMO_PRODUCTS,
  type CategoryKey,
  type DishClassKey,
  type OptionTypeKey,
  type AllLocales,
  type StationKey,
} from './demo-menu.ts';
import { inAllLanguages } from './demo-menu-translations.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_BUSINESS_NAME,
  DEMO_CARD_READERS,
  DEMO_CASH_DRAWER,
  DEMO_ELABORATION,
  DEMO_INVOICE_SERIES,
  DEMO_OPEN_WEEKDAYS,
  DEMO_ROLES,
  DEMO_ROOMS,
  DEMO_SERVICES,
  DEMO_SETTINGS,
  DEMO_SUBDOMAIN,
  DEMO_TABLE_COMBINATIONS,
  DEMO_VENUE_PROVIDERS,
} from './demo-venue.ts';
import {
  allergenIdsByCode,
  countVenues,
  insertRows,
  listCashDenominations,
  lockDemoSeeding,
} from './demo.repository.ts';

/** The password of every demo account; printed at start-up and in the README. Demo mode only (SEC-03). */
export { DEMO_PASSWORD };

export interface DemoSeedResult {
  readonly seeded: boolean;
  readonly businessName: string;
  readonly accounts: { email: string; role: string }[];
}

type Translation = typeof translations.$inferInsert;

/** One translation row per locale the text has. */
/** A demo text's nine rows in the translations table. */
function translated(venueId: number, key: string, text: AllLocales): Translation[] {
  return LOCALES.map((locale) => ({ venueId, key, locale, value: text[locale] }));
}

function lookup<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data refers to unknown ${String(key)}`);
  return value;
}

/**
 * Seeds the demo restaurant into an empty database (no venue yet), in one transaction: a half-seeded
 * venue never exists, and with several instances starting at once exactly one seeds. Otherwise it
 * changes nothing and returns `seeded: false`.
 */
export async function seedDemoVenue(db: Database): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    await lockDemoSeeding(tx);
    if ((await countVenues(tx)) > 0) return { seeded: false, businessName: '', accounts: [] };

    const venue = await createVenue(tx, {
      subdomain: DEMO_SUBDOMAIN,
      businessName: DEMO_BUSINESS_NAME,
      isDefault: true,
      timeZone: 'Europe/Madrid',
      settings: DEMO_SETTINGS,
    });
    const stationIds = await seedKitchen(tx, venue.id);
    const accounts = await seedStaff(tx, venue.id, stationIds);
    await seedFloor(tx, venue.id);
    await seedSchedule(tx, venue.id);
    await seedMenus(tx, venue.id, stationIds);
    await seedTill(tx, venue.id);
    await seedPayments(tx, venue.id);
    return { seeded: true, businessName: venue.businessName, accounts };
  });
}

/**
 * Another venue set up like the demo one (kitchen, staff with the demo accounts and password, floor,
 * schedule, menus, till) at `subdomain`, without online payments: benches that need several venues.
 */
export async function seedDemoVenueCopy(
  db: Database,
  subdomain: string,
  businessName: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const venue = await createVenue(tx, {
      subdomain,
      businessName,
      timeZone: 'Europe/Madrid',
      settings: DEMO_SETTINGS,
    });
    const stationIds = await seedKitchen(tx, venue.id);
    await seedStaff(tx, venue.id, stationIds);
    await seedFloor(tx, venue.id);
    await seedSchedule(tx, venue.id);
    await seedMenus(tx, venue.id, stationIds);
    await seedTill(tx, venue.id);
  });
}

/** Elaboration types and their stations; returns station ids by key. */
async function seedKitchen(tx: Transaction, venueId: number): Promise<Map<StationKey, number>> {
  const stationIds = new Map<StationKey, number>();
  for (const [typeIndex, elaboration] of DEMO_ELABORATION.entries()) {
    const [type] = await insertRows(tx, elaborationTypes, [
      { venueId, name: elaboration.type, sortOrder: typeIndex },
    ]);
    const stations = await insertRows(
      tx,
      elaborationStations,
      elaboration.stations.map((station, index) => ({
        venueId,
        elaborationTypeId: type!.id,
        name: station.name,
        sortOrder: typeIndex * 10 + index,
      })),
    );
    elaboration.stations.forEach((station, index) => stationIds.set(station.key, stations[index]!.id));
  }
  return stationIds;
}

/** The six copilot roles and one account per role, plus the admin. */
async function seedStaff(tx: Transaction, venueId: number, stationIds: Map<StationKey, number>) {
  const roles = await insertRows(
    tx,
    copilotRoles,
    DEMO_ROLES.map((role, index) => ({
      venueId,
      name: role.name,
      view: role.view,
      notificationTypes: [...role.notificationTypes],
      sortOrder: index,
    })),
  );
  const roleIds = new Map(roles.map((role) => [role.name, role.id]));
  await insertRows(
    tx,
    copilotRoleStations,
    DEMO_ROLES.flatMap((role) =>
      role.stations.map((station) => ({
        venueId,
        copilotRoleId: lookup(roleIds, role.name),
        elaborationStationId: lookup(stationIds, station),
      })),
    ),
  );

  const accounts: { email: string; role: string }[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const isAdmin = account.role === 'admin';
    const roleIdsOfAccount = isAdmin ? roles.map((role) => role.id) : [lookup(roleIds, account.role)];
    await createStaffAccount(tx, {
      venueId,
      email: account.email,
      name: account.name,
      password: DEMO_PASSWORD,
      demoSeed: true,
      isAdmin,
      roleIds: roleIdsOfAccount,
      activeRoleId: isAdmin ? lookup(roleIds, 'Sala') : roleIdsOfAccount[0],
    });
    accounts.push({ email: account.email, role: isAdmin ? 'admin (every role)' : account.role });
  }
  return accounts;
}

/** Rooms, tables and the combinations for large parties. */
async function seedFloor(tx: Transaction, venueId: number): Promise<void> {
  const tableIds = new Map<string, number>();
  for (const [roomIndex, demoRoom] of DEMO_ROOMS.entries()) {
    const [room] = await insertRows(tx, rooms, [{ venueId, name: demoRoom.name, sortOrder: roomIndex }]);
    const tables = await insertRows(
      tx,
      diningTables,
      demoRoom.tables.map((table, index) => ({
        venueId,
        roomId: room!.id,
        name: table.name,
        minPax: table.minPax,
        maxPax: table.maxPax,
        combinable: table.combinable ?? false,
        zone: table.zone ?? null,
        sortOrder: index,
      })),
    );
    for (const table of tables) tableIds.set(table.name, table.id);
  }
  for (const combination of DEMO_TABLE_COMBINATIONS) {
    const [row] = await insertRows(tx, tableCombinations, [
      { venueId, name: combination.name, minPax: combination.minPax, maxPax: combination.maxPax },
    ]);
    await insertRows(
      tx,
      tableCombinationMembers,
      combination.tables.map((name) => ({
        venueId,
        combinationId: row!.id,
        tableId: lookup(tableIds, name),
      })),
    );
  }
}

/** The weekly schedule as rows: the source of truth for opening hours and availability. */
async function seedSchedule(tx: Transaction, venueId: number): Promise<void> {
  await insertRows(
    tx,
    serviceSchedules,
    DEMO_OPEN_WEEKDAYS.flatMap((weekday) =>
      DEMO_SERVICES.map((service, index) => ({
        venueId,
        weekday,
        name: service.name,
        startsAt: service.start,
        endsAt: service.end,
        lastSeatingAt: service.lastSeating,
        slotIntervalMinutes: service.slotIntervalMinutes,
        sortOrder: index,
      })),
    ),
  );
}

/** Dish classes, option types, menus with categories, products, the menú del día and every translation. */
async function seedMenus(
  tx: Transaction,
  venueId: number,
  stationIds: Map<StationKey, number>,
): Promise<void> {
  const texts: Translation[] = [];

  const classes = await insertRows(
    tx,
    dishClasses,
    DEMO_DISH_CLASSES.map((dishClass, index) => ({ venueId, name: dishClass.name.es, sortOrder: index })),
  );
  const dishClassIds = new Map<DishClassKey, number>();
  DEMO_DISH_CLASSES.forEach((dishClass, index) => {
    const id = classes[index]!.id;
    dishClassIds.set(dishClass.key, id);
    texts.push(...translated(venueId, `dishClass.${id}.name`, dishClass.name));
  });

  const optionTypeIds = new Map<OptionTypeKey, number>();
  for (const [typeIndex, demoType] of DEMO_OPTION_TYPES.entries()) {
    const [type] = await insertRows(tx, optionTypes, [
      {
        venueId,
        name: demoType.name.es,
        minChoices: demoType.minChoices,
        maxChoices: demoType.maxChoices,
        sortOrder: typeIndex,
      },
    ]);
    optionTypeIds.set(demoType.key, type!.id);
    texts.push(...translated(venueId, `optionType.${type!.id}.name`, inAllLanguages(demoType.name)));
    const rows = await insertRows(
      tx,
      options,
      demoType.options.map((option, index) => ({
        venueId,
        optionTypeId: type!.id,
        name: option.name.es,
        priceModifierCents: option.priceModifierCents,
        sortOrder: index,
      })),
    );
    demoType.options.forEach((option, index) =>
      texts.push(...translated(venueId, `option.${rows[index]!.id}.name`, inAllLanguages(option.name))),
    );
  }

  const categoryIds = new Map<CategoryKey, number>();
  for (const demoMenu of DEMO_MENUS) {
    const [menu] = await insertRows(tx, menus, [
      {
        venueId,
        name: demoMenu.name.es,
        menuTypeName: demoMenu.menuTypeName,
        sortOrder: demoMenu.sortOrder,
        sortOrderCustomer: demoMenu.sortOrderCustomer,
        isDayMenu: demoMenu.isDayMenu,
      },
    ]);
    texts.push(...translated(venueId, `menu.${menu!.id}.name`, demoMenu.name));
    const categories = await insertRows(
      tx,
      menuCategories,
      demoMenu.categories.map((category, index) => ({
        venueId,
        menuId: menu!.id,
        name: category.name.es,
        sortOrder: index,
      })),
    );
    demoMenu.categories.forEach((category, index) => {
      const id = categories[index]!.id;
      categoryIds.set(category.key, id);
      texts.push(...translated(venueId, `category.${id}.name`, category.name));
    });
  }

  const productRows = await insertRows(
    tx,
    products,
    DEMO_PRODUCTS.map((product, index) => ({
      venueId,
      sku: product.sku,
      name: product.name.es,
      description: product.description?.es ?? '',
      priceCents: product.priceCents,
      vatRateBp: product.vatRateBp,
      type: product.type,
      isMenu: product.isMenu ?? false,
      topChoice: product.topChoice ?? false,
      isUnitary: product.unitary !== undefined,
      servingQtyMin: product.unitary?.min ?? 1,
      unitaryIncrement: product.unitary?.increment ?? 1,
      isShareable: product.shareable ?? false,
      isVisible: product.visible ?? true,
      dishClassId: product.dishClass ? lookup(dishClassIds, product.dishClass) : null,
      sortOrder: index,
    })),
  );
  const productIds = new Map(productRows.map((row) => [row.sku, row.id]));
  const allergenIds = await allergenIdsByCode(tx);
  const positionInCategory = new Map<CategoryKey, number>();

  const links = {
    categories: [] as (typeof productCategories.$inferInsert)[],
    allergens: [] as (typeof productAllergens.$inferInsert)[],
    stations: [] as (typeof productElaborationStations.$inferInsert)[],
    optionTypes: [] as (typeof productOptionTypes.$inferInsert)[],
  };
  for (const product of DEMO_PRODUCTS) {
    const productId = lookup(productIds, product.sku);
    texts.push(...translated(venueId, `product.${productId}.name`, inAllLanguages(product.name)));
    if (product.description)
      texts.push(
        ...translated(venueId, `product.${productId}.description`, inAllLanguages(product.description)),
      );
    for (const category of product.categories) {
      const sortOrder = positionInCategory.get(category) ?? 0;
      positionInCategory.set(category, sortOrder + 1);
      links.categories.push({ venueId, productId, categoryId: lookup(categoryIds, category), sortOrder });
    }
    for (const code of product.allergens) {
      links.allergens.push({ venueId, productId, allergenId: lookup(allergenIds, code) });
    }
    for (const code of product.traces ?? []) {
      links.allergens.push({
        venueId,
        productId,
        allergenId: lookup(allergenIds, code),
        mayContainTraces: true,
      });
    }
    for (const station of product.stations) {
      links.stations.push({ venueId, productId, elaborationStationId: lookup(stationIds, station) });
    }
    (product.options ?? []).forEach((optionType, sortOrder) =>
      links.optionTypes.push({
        venueId,
        productId,
        optionTypeId: lookup(optionTypeIds, optionType),
        sortOrder,
      }),
    );
  }
  await insertRows(tx, productCategories, links.categories);
  await insertRows(tx, productAllergens, links.allergens);
  await insertRows(tx, productElaborationStations, links.stations);
  await insertRows(tx, productOptionTypes, links.optionTypes);

  const dayMenu = DEMO_PRODUCTS.find((product) => product.isMenu);
  if (!dayMenu) throw new Error('demo data has no menú del día');
  const dayMenuId = lookup(productIds, dayMenu.sku);
  for (const [courseIndex, course] of DEMO_DAY_MENU_COURSES.entries()) {
    const [row] = await insertRows(tx, menuCourses, [
      {
        venueId,
        menuProductId: dayMenuId,
        name: course.name.es,
        dishClassId: lookup(dishClassIds, course.dishClass),
        sortOrder: courseIndex,
      },
    ]);
    texts.push(...translated(venueId, `menuCourse.${row!.id}.name`, inAllLanguages(course.name)));
    await insertRows(
      tx,
      menuCourseItems,
      course.items.map((item, index) => ({
        venueId,
        courseId: row!.id,
        productId: lookup(productIds, item.sku),
        supplementCents: item.supplementCents ?? 0,
        sortOrder: index,
      })),
    );
  }

  await insertRows(tx, translations, texts);
}

/**
 * A 10,00 € gift card to try the TPV's voucher redemption with. Without a limit of uses, so every demo
 * account can take it (an account takes a voucher once).
 */
const DEMO_VOUCHER = { code: 'REGALO10', kind: 'amount', amountCents: 1000 } as const;

/** Cash drawer with its float, card readers, providers, the invoice series and the demo voucher. */
async function seedTill(tx: Transaction, venueId: number): Promise<void> {
  const [drawer] = await insertRows(tx, cashDrawers, [{ venueId, name: DEMO_CASH_DRAWER.name }]);
  const denominations = await listCashDenominations(tx);
  await insertRows(
    tx,
    cashDrawerSlots,
    denominations.map((denomination) => ({
      venueId,
      cashDrawerId: drawer!.id,
      cashDenominationId: denomination.id,
      quantity: DEMO_CASH_DRAWER.float.get(denomination.valueCents) ?? 0,
    })),
  );
  await insertRows(
    tx,
    cardReaders,
    DEMO_CARD_READERS.map((reader, index) => ({ venueId, ...reader, sortOrder: index })),
  );
  await insertRows(
    tx,
    venueProviders,
    DEMO_VENUE_PROVIDERS.map((provider) => ({ venueId, ...provider })),
  );
  await insertRows(
    tx,
    invoiceSeries,
    DEMO_INVOICE_SERIES.map((series) => ({ venueId, ...series })),
  );
  await insertRows(tx, vouchers, [{ venueId, ...DEMO_VOUCHER }]);
}

/**
 * Card payment for takeaway on the test acquirer that ships with the server (decision 039), with
 * Redsys's published test merchant and key: the demo shows the whole flow and no money can move.
 */
async function seedPayments(tx: Transaction, venueId: number): Promise<void> {
  await tx.insert(paymentSettings).values({
    venueId,
    provider: 'redsys',
    environment: 'test_acquirer',
    merchantCode: '999008881',
    terminal: '1',
    secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
  });
}
