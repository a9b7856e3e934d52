import { and, eq } from 'drizzle-orm';
import { openPglite } from '../../apps/server/src/db/pglite.ts';
import { menuCategories, menus, productCategories, products } from '../../apps/server/src/db/schema/index.ts';
import { seedDemoVenue } from '../../apps/server/src/modules/demo/demo-seed.ts';

const PRODUCTS = 200;

/** The demo venue plus carta dishes until the venue has 200 products, through the seed's own database code. */
export async function seedTwoHundredProducts(dataDir: string): Promise<void> {
  const handle = await openPglite(dataDir);
  try {
    await seedDemoVenue(handle.db);
    const existing = await handle.db.select({ id: products.id, venueId: products.venueId }).from(products);
    const venueId = existing[0]!.venueId;
    const [carta] = await handle.db
      .select()
      .from(menus)
      .where(and(eq(menus.venueId, venueId), eq(menus.menuTypeName, 'carta')));
    const categories = await handle.db
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.menuId, carta!.id));
    for (let index = existing.length; index < PRODUCTS; index += 1) {
      const [row] = await handle.db
        .insert(products)
        .values({
          venueId,
          sku: `BENCH-${index}`,
          name: `Plato de temporada ${index}`,
          description: 'Con producto de mercado, según disponibilidad del día.',
          priceCents: 900 + (index % 20) * 50,
          vatRateBp: 1000,
          sortOrder: 1000 + index,
        })
        .returning({ id: products.id });
      const category = categories[index % categories.length]!;
      await handle.db
        .insert(productCategories)
        .values({ venueId, categoryId: category.id, productId: row!.id, sortOrder: 1000 + index });
    }
  } finally {
    await handle.close();
  }
}
