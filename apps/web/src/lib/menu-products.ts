import type { Menu, MenuCategory, MenuProduct } from '@sobremesa/contracts';

/**
 * Every product of the menus by sku (carts and orders refer to products by sku; a product listed in two
 * categories is one product), for the guest menu, takeaway, the commander and the floor alike.
 */
export function productsBySku(menus: readonly Menu[]): Map<string, MenuProduct> {
  const bySku = new Map<string, MenuProduct>();
  const walk = (categories: readonly MenuCategory[]) => {
    for (const category of categories) {
      for (const product of category.products) bySku.set(product.sku, product);
      walk(category.children);
    }
  };
  for (const menu of menus) walk(menu.menuCategories);
  return bySku;
}
