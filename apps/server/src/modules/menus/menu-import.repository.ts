// The menu tables as the CSV export reads them and the import writes them (decision 061; menus owns them, decision 068).
import { and, asc, eq, like } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { allOf } from '../../lib/all-of.ts';
import { readsOn } from '../../db/reads.ts';
import {
  allergens,
  dishClasses,
  menuCategories,
  menus,
  productAllergens,
  productCategories,
  products,
  translations,
} from '../../db/schema/index.ts';

/** Everything of the venue's menus an export writes and an import compares against. */
export async function loadMenuCatalogue(db: Executor, venueId: number) {
  return allOf(
    {
      products: db
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          description: products.description,
          priceCents: products.priceCents,
          vatRateBp: products.vatRateBp,
          type: products.type,
          isVisible: products.isVisible,
          dishClassId: products.dishClassId,
        })
        .from(products)
        .where(eq(products.venueId, venueId))
        .orderBy(asc(products.sortOrder), asc(products.id)),
      dishClasses: db
        .select({ id: dishClasses.id, name: dishClasses.name })
        .from(dishClasses)
        .where(eq(dishClasses.venueId, venueId)),
      menus: db
        .select({ id: menus.id, name: menus.name })
        .from(menus)
        .where(eq(menus.venueId, venueId))
        .orderBy(asc(menus.sortOrder), asc(menus.id)),
      categories: db
        .select({
          id: menuCategories.id,
          menuId: menuCategories.menuId,
          parentId: menuCategories.parentId,
          name: menuCategories.name,
        })
        .from(menuCategories)
        .where(eq(menuCategories.venueId, venueId))
        .orderBy(asc(menuCategories.sortOrder), asc(menuCategories.id)),
      memberships: db
        .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
        .from(productCategories)
        .where(eq(productCategories.venueId, venueId))
        .orderBy(asc(productCategories.sortOrder), asc(productCategories.categoryId)),
      allergenLinks: db
        .select({
          productId: productAllergens.productId,
          allergenId: productAllergens.allergenId,
          traces: productAllergens.mayContainTraces,
        })
        .from(productAllergens)
        .where(eq(productAllergens.venueId, venueId)),
      allergens: db
        .select({ id: allergens.id, code: allergens.code })
        .from(allergens)
        .orderBy(asc(allergens.sortOrder)),
      translations: db
        .select({ key: translations.key, locale: translations.locale, value: translations.value })
        .from(translations)
        .where(and(eq(translations.venueId, venueId), like(translations.key, 'product.%'))),
    },
    readsOn(db),
  );
}
export type MenuCatalogue = Awaited<ReturnType<typeof loadMenuCatalogue>>;

export type ProductColumns = Partial<
  Pick<
    typeof products.$inferInsert,
    'name' | 'description' | 'priceCents' | 'vatRateBp' | 'type' | 'isVisible' | 'dishClassId'
  >
>;

export async function findProduct(db: Executor, venueId: number, productId: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.venueId, venueId), eq(products.id, productId)));
  return row!;
}

export async function replaceProductAllergens(
  db: Executor,
  venueId: number,
  productId: number,
  links: readonly { allergenId: number; traces: boolean }[],
): Promise<void> {
  await db
    .delete(productAllergens)
    .where(and(eq(productAllergens.venueId, venueId), eq(productAllergens.productId, productId)));
  if (links.length === 0) return;
  await db.insert(productAllergens).values(
    links.map((link) => ({
      venueId,
      productId,
      allergenId: link.allergenId,
      mayContainTraces: link.traces,
    })),
  );
}
