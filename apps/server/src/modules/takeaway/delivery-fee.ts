import { DELIVERY_FEE_SKU } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { addServedLine } from '../kitchen/kitchen.service.ts';
import { hiddenProductId } from '../menus/menus.service.ts';

// The delivery fee's product and line, under the domain's DELIVERY_FEE_SKU (decision 036). Menus writes the
// product and kitchen the line (decision 068).

/** The name the bill prints: bills are the venue's Spanish fiscal documents. */
const DELIVERY_FEE_NAME = 'Gastos de envío';

/** Accessory to the food it carries, the delivery takes the food's VAT rate (10 % in Spain). */
const DELIVERY_FEE_VAT_BP = 1000;

/** Puts a delivery order's fee on its account as a served, non-kitchen line. */
export async function addDeliveryFeeLine(
  db: Executor,
  venueId: number,
  reservationId: number,
  feeCents: number,
  now: Date,
): Promise<void> {
  if (feeCents <= 0) return;
  const fee = {
    sku: DELIVERY_FEE_SKU,
    name: DELIVERY_FEE_NAME,
    vatRateBp: DELIVERY_FEE_VAT_BP,
    type: 'comida',
  };
  await addServedLine(db, {
    venueId,
    reservationId,
    productId: await hiddenProductId(db, venueId, fee),
    productSku: fee.sku,
    productName: fee.name,
    productType: fee.type,
    units: 1,
    // Served from the start: the kitchen and bar read lines below served, and a fee is nothing to prepare.
    servedAt: now,
    priceCents: feeCents,
    vatRateBp: fee.vatRateBp,
  });
}
