import type { Menu, MenuCategory, MenuGetResponse, MenuProduct } from '@sobremesa/contracts';
import { type Locale } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { ALLERGEN_NAMES } from '../../i18n/allergens.ts';
import { translateKeys } from '../config/config.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { notifyMenuProductChanged } from './menu-events.ts';
import { lockVenueMenuPrices, priceBelowZero, productsBelowZeroWith } from './price-floor.service.ts';
import {
  loadCatalogue,
  lockProduct,
  replaceProductCategories,
  updateProduct,
  upsertTranslation,
  venueCategoryIds,
  type Catalogue,
  type ProductRow,
} from './menus.repository.ts';

export {
  loadCatalogue,
  replaceProductCategories,
  upsertTranslation,
  type Catalogue,
  type ProductRow,
} from './menus.repository.ts';
// The admin menu editor's and the menu CSV's reads and writes of the menu tables, and the menu's live events.
export * from './menu-editor.service.ts';
export * from './menu-import.service.ts';
export * from './menu-events.ts';
export * from './price-floor.service.ts';
// Products other modules need written: takeaway's delivery fee, media's photos.
export { hiddenProductId, lockProductPicture, writeProductPicture } from './product-writes.repository.ts';

// ---------------------------------------------------------------------------------------------------
// Staff callers (SEC-02): the role they act as, against the ordering matrix of the domain

/** Who acts, resolved and checked by the route's declared roles (decision 063). */
import type { OrderingCaller } from '../../http/route-roles.ts';
export type { OrderingCaller };

// ---------------------------------------------------------------------------------------------------
// The menu as guests and staff read it

function translationKeys(catalogue: Catalogue): string[] {
  return [
    ...catalogue.menuRows.map((row) => `menu.${row.id}.name`),
    ...catalogue.categoryRows.map((row) => `category.${row.id}.name`),
    ...catalogue.productRows.flatMap((row) => [`product.${row.id}.name`, `product.${row.id}.description`]),
    ...catalogue.optionTypeRows.map((row) => `optionType.${row.id}.name`),
    ...catalogue.optionRows.map((row) => `option.${row.id}.name`),
    ...catalogue.dishClassRows.map((row) => `dishClass.${row.id}.name`),
    ...catalogue.courseRows.map((row) => `menuCourse.${row.id}.name`),
  ];
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

const siNo = (value: boolean) => (value ? ('SI' as const) : ('NO' as const));

/**
 * Builds the menus of a venue in `locale`. Guests (`staffView` false) see visible products only, options
 * with enabled >= 1 only, and no empty category (spec §5); staff see everything.
 */
export function buildMenus(
  catalogue: Catalogue,
  names: Record<string, string>,
  locale: Locale,
  staffView: boolean,
): Pick<MenuGetResponse, 'menus' | 'dishClasses' | 'optionTypePriceModifiers'> {
  const text = (key: string, fallback: string) => names[key] ?? fallback;
  const optionsByType = groupBy(
    catalogue.optionRows.filter((row) => staffView || row.enabled),
    (row) => row.optionTypeId,
  );
  const typeById = new Map(catalogue.optionTypeRows.map((row) => [row.id, row]));
  const typesByProduct = groupBy(catalogue.productTypes, (row) => row.productId);
  const allergensByProduct = groupBy(catalogue.allergenRows, (row) => row.productId);
  const productById = new Map(catalogue.productRows.map((row) => [row.id, row]));
  const listingByCategory = groupBy(catalogue.listing, (row) => row.categoryId);
  const itemsByCourse = groupBy(catalogue.courseItemRows, (row) => row.courseId);
  const coursesByMenu = groupBy(catalogue.courseRows, (row) => row.menuProductId);

  const optionTypesOf = (productId: number) =>
    (typesByProduct.get(productId) ?? []).flatMap((link) => {
      const type = typeById.get(link.optionTypeId);
      if (!type) return [];
      const offered = optionsByType.get(type.id) ?? [];
      if (!staffView && offered.length === 0) return [];
      return [
        {
          id: type.id,
          name: text(`optionType.${type.id}.name`, type.name),
          minChoices: type.minChoices,
          maxChoices: type.maxChoices,
          sortOrder: link.sortOrder,
          options: offered.map((option) => ({
            id: option.id,
            name: text(`option.${option.id}.name`, option.name),
            priceModifierCents: option.priceModifierCents,
            enabled: option.enabled ? 1 : 0,
            sortOrder: option.sortOrder,
          })),
        },
      ];
    });

  const courseView = (productId: number) =>
    (coursesByMenu.get(productId) ?? []).map((course) => ({
      id: course.id,
      name: text(`menuCourse.${course.id}.name`, course.name),
      dishClass: course.dishClassId,
      minChoices: course.minChoices,
      maxChoices: course.maxChoices,
      items: (itemsByCourse.get(course.id) ?? []).flatMap((item) => {
        const ids =
          item.productId !== null
            ? [item.productId]
            : (listingByCategory.get(item.categoryId ?? -1) ?? []).map((entry) => entry.productId);
        return ids.flatMap((id) => {
          const product = productById.get(id);
          if (!product) return [];
          return [
            {
              productId: product.id,
              sku: product.sku,
              name: text(`product.${product.id}.name`, product.name),
              supplementCents: item.supplementCents,
              available: product.available,
              productOptions: optionTypesOf(product.id),
            },
          ];
        });
      }),
    }));

  const productView = (row: ProductRow): MenuProduct => ({
    id: row.id,
    sku: row.sku,
    name: text(`product.${row.id}.name`, row.name),
    description: text(`product.${row.id}.description`, row.description),
    priceCents: row.priceCents,
    vatRateBp: row.vatRateBp,
    isMenu: siNo(row.isMenu),
    topChoice: siNo(row.topChoice),
    isUnitary: siNo(row.isUnitary),
    servingQtyMin: row.servingQtyMin,
    unitaryIncrement: row.unitaryIncrement,
    productOptions: optionTypesOf(row.id),
    menuCourses: row.isMenu ? courseView(row.id) : [],
    dishClass: row.dishClassId,
    modifyDishClass: row.modifyDishClass,
    isShareable: row.isShareable,
    type: row.type === 'bebida' ? 'bebida' : 'comida',
    isVisible: row.isVisible,
    available: row.available,
    pictureUrl: row.pictureUrl,
    allergens: (allergensByProduct.get(row.id) ?? []).map((entry) => ({
      id: entry.allergenId,
      code: entry.code,
      name: ALLERGEN_NAMES[entry.code]?.[locale] ?? entry.code,
      mayContainTraces: entry.mayContainTraces,
    })),
    sortOrder: row.sortOrder,
  });

  const categories = catalogue.categoryRows.filter((row) => staffView || row.enabled);
  const childrenOf = groupBy(categories, (row) => `${row.menuId}:${row.parentId ?? 0}`);
  const categoryTree = (menuId: number, parentId: number | null): MenuCategory[] =>
    (childrenOf.get(`${menuId}:${parentId ?? 0}`) ?? []).flatMap((row) => {
      const products = (listingByCategory.get(row.id) ?? []).flatMap((entry) => {
        const product = productById.get(entry.productId);
        return product && (staffView || product.isVisible) ? [productView(product)] : [];
      });
      const children = categoryTree(menuId, row.id);
      if (!staffView && products.length === 0 && children.length === 0) return [];
      return [
        {
          id: row.id,
          name: text(`category.${row.id}.name`, row.name),
          sortOrder: row.sortOrder,
          products,
          children,
        },
      ];
    });

  const menus: Menu[] = catalogue.menuRows
    .filter((row) => staffView || row.enabled)
    .map((row) => ({
      id: row.id,
      name: text(`menu.${row.id}.name`, row.name),
      menuTypeName: row.menuTypeName,
      isDayMenu: row.isDayMenu,
      sortOrder: row.sortOrder,
      sortOrderCustomer: row.sortOrderCustomer,
      menuCategories: categoryTree(row.id, null),
    }))
    .filter((menu) => staffView || menu.menuCategories.length > 0);
  if (!staffView) menus.sort((a, b) => a.sortOrderCustomer - b.sortOrderCustomer || a.id - b.id);

  return {
    menus,
    dishClasses: catalogue.dishClassRows.map((row) => ({
      id: row.id,
      name: text(`dishClass.${row.id}.name`, row.name),
      sortOrder: row.sortOrder,
    })),
    optionTypePriceModifiers: catalogue.optionRows
      .filter((row) => row.enabled)
      .map((row) => ({
        optionTypeId: row.optionTypeId,
        optionId: row.id,
        priceModifierCents: row.priceModifierCents,
      })),
  };
}

/** menu/get: the venue's menus in `locale`. */
export async function menusOf(
  ctx: AppContext,
  venue: Venue,
  locale: Locale,
  options: { staffView: boolean; menuId?: number },
): Promise<MenuGetResponse> {
  const catalogue = await loadCatalogue(ctx.db, venue.id);
  if (options.menuId !== undefined && !catalogue.menuRows.some((row) => row.id === options.menuId))
    throw notFound();
  const names = await translateKeys(ctx, venue, translationKeys(catalogue), locale);
  const built = buildMenus(catalogue, names, locale, options.staffView);
  const menus =
    options.menuId === undefined ? built.menus : built.menus.filter((menu) => menu.id === options.menuId);
  return {
    result: 0,
    ...built,
    menus,
    menuOrderEnabled: venue.settings.defaultMenuOrderConfig.menuOrderEnabled,
  };
}

/** product/menu/get: every product of the venue, flat, for staff screens. */
export async function menuProductsOf(ctx: AppContext, venue: Venue, locale: Locale): Promise<MenuProduct[]> {
  const catalogue = await loadCatalogue(ctx.db, venue.id);
  const names = await translateKeys(ctx, venue, translationKeys(catalogue), locale);
  // Reuse the product view through a one-category pseudo-tree of every product.
  const all = buildMenus(
    {
      ...catalogue,
      menuRows: [{ ...(catalogue.menuRows[0] ?? fallbackMenu(venue.id)), id: -1 }],
      categoryRows: [
        { id: -1, venueId: venue.id, menuId: -1, parentId: null, name: '', sortOrder: 0, enabled: true },
      ],
      listing: catalogue.productRows.map((row) => ({
        venueId: venue.id,
        categoryId: -1,
        productId: row.id,
        sortOrder: 0,
      })),
    },
    names,
    locale,
    true,
  );
  return all.menus[0]?.menuCategories[0]?.products ?? [];
}

function fallbackMenu(venueId: number): Catalogue['menuRows'][number] {
  return {
    id: -1,
    venueId,
    name: '',
    menuTypeName: '',
    sortOrder: 0,
    sortOrderCustomer: 0,
    isDayMenu: false,
    enabled: true,
    createdAt: new Date(0),
  };
}

// ---------------------------------------------------------------------------------------------------
// Staff changes to products

function changedPayload(row: ProductRow) {
  return {
    productId: row.id,
    sku: row.sku,
    available: row.available,
    topChoice: row.topChoice,
    isVisible: row.isVisible,
    priceCents: row.priceCents,
  };
}

export interface ProductChanges {
  name?: string;
  description?: string;
  priceCents?: number;
  vatRateBp?: number;
  isVisible?: boolean;
  available?: boolean;
  topChoice?: boolean;
  sortOrder?: number;
  categoryIds?: number[];
}

/**
 * Changes a product of the venue in one transaction: a price or VAT change writes an audit row with the
 * before and after (SEC-11); a new name or description is also the translation in the editor's
 * language (`locale`), so the guest menu shows it; every change announces `menu.product.changed` so open menus (guests and
 * staff) update without a reload (RT-01).
 */
export async function changeProduct(
  ctx: AppContext,
  venue: Venue,
  caller: OrderingCaller,
  productId: number,
  changes: ProductChanges,
  locale: Locale = 'es',
): Promise<ProductRow> {
  return ctx.db.transaction(async (tx) => {
    // A new price waits for the venue's other price changes before it locks the product, as they do.
    if (changes.priceCents !== undefined) await lockVenueMenuPrices(tx, venue.id);
    const before = await lockProduct(tx, venue.id, productId);
    if (!before) throw notFound();
    const { categoryIds, ...columns } = changes;
    if (columns.priceCents !== undefined && columns.priceCents !== before.priceCents) {
      const [worst] = await productsBelowZeroWith(tx, venue.id, {
        products: [{ id: productId, priceCents: columns.priceCents }],
      });
      if (worst) throw priceBelowZero(worst, ['menuProduct.priceCents']);
    }
    const row =
      Object.keys(columns).length > 0 ? await updateProduct(tx, venue.id, productId, columns) : before;
    // Guests read names from translations: the editor's language is written there too.
    if (columns.name !== undefined)
      await upsertTranslation(tx, venue.id, `product.${productId}.name`, locale, columns.name);
    if (columns.description !== undefined)
      await upsertTranslation(tx, venue.id, `product.${productId}.description`, locale, columns.description);
    if (categoryIds) {
      const known = await venueCategoryIds(tx, venue.id, categoryIds);
      if (known.length !== new Set(categoryIds).size) throw notFound();
      await replaceProductCategories(tx, venue.id, productId, [...new Set(categoryIds)]);
    }
    if (
      (columns.priceCents !== undefined && columns.priceCents !== before.priceCents) ||
      (columns.vatRateBp !== undefined && columns.vatRateBp !== before.vatRateBp)
    ) {
      await appendAudit(
        tx,
        venue.id,
        caller,
        'product.price_change',
        'product',
        productId,
        { priceCents: before.priceCents, vatRateBp: before.vatRateBp },
        { priceCents: row.priceCents, vatRateBp: row.vatRateBp },
      );
    }
    const change = changedPayload(row);
    await appendEvent(tx, venue.id, 'menu.product.changed', change);
    // Open guest menus hear it too (their SSE stream, decision 014), also only on commit.
    await notifyMenuProductChanged(tx, venue.id, change);
    return row;
  });
}

/** Reads products of the venue by sku inside a transaction (orders price from these). */
export function catalogueFor(db: Executor, venueId: number): Promise<Catalogue> {
  return loadCatalogue(db, venueId);
}
