import { DELIVERY_FEE_SKU, PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { productOrders, products } from '../../db/schema/index.ts';

// The delivery fee's product and line, under the domain's DELIVERY_FEE_SKU (decision 036).

/** The name the bill prints: bills are the venue's Spanish fiscal documents. */
const DELIVERY_FEE_NAME = 'Gastos de envío';

/** Accessory to the food it carries, the delivery takes the food's VAT rate (10 % in Spain). */
const DELIVERY_FEE_VAT_BP = 1000;

async function feeProductId(db: Executor, venueId: number): Promise<number> {
  await db
    .insert(products)
    .values({
      venueId,
      sku: DELIVERY_FEE_SKU,
      name: DELIVERY_FEE_NAME,
      priceCents: 0,
      vatRateBp: DELIVERY_FEE_VAT_BP,
      type: 'comida',
      isVisible: false,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.venueId, venueId), eq(products.sku, DELIVERY_FEE_SKU)));
  if (!row) throw new Error('delivery fee product missing');
  return row.id;
}

/** Puts a delivery order's fee on its account as a served, non-kitchen line. */
export async function addDeliveryFeeLine(
  db: Executor,
  venueId: number,
  reservationId: number,
  feeCents: number,
  now: Date,
): Promise<void> {
  if (feeCents <= 0) return;
  await db.insert(productOrders).values({
    venueId,
    reservationId,
    productId: await feeProductId(db, venueId),
    productSku: DELIVERY_FEE_SKU,
    productName: DELIVERY_FEE_NAME,
    productType: 'comida',
    units: 1,
    // Served from the start: the kitchen and bar read lines below served, and a fee is nothing to prepare.
    status: PRODUCT_ORDER_STATUS.served,
    dateServed: now,
    priceCents: feeCents,
    vatRateBp: DELIVERY_FEE_VAT_BP,
  });
}
