import { LOCALES } from '@sobremesa/domain';
import type { Transaction } from '../../db/database.ts';
import {
  dishClasses,
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
  translations,
} from '../../db/schema/index.ts';
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
import { allergenIdsByCode, insertRows } from './demo.repository.ts';
import { lookup } from './demo-seed-lookup.ts';

type Translation = typeof translations.$inferInsert;

/** One translation row per locale the text has. */
/** A demo text's nine rows in the translations table. */
function translated(venueId: number, key: string, text: AllLocales): Translation[] {
  return LOCALES.map((locale) => ({ venueId, key, locale, value: text[locale] }));
}

/** Dish classes, option types, menus with categories, products, the menú del día and every translation. */
export async function seedMenus(
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
