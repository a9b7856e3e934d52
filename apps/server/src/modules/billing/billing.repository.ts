// The lines an account bills (product_orders as billing reads them; kitchen marks them paid), the row types of billing's
// tables, its audit entries and the takeaway order a ticket names; payments, discounts and bills have their own repositories.
import { PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import type {
  billClientFiscalInfos,
  billLines,
  bills,
  billTaxLines,
  payments,
  reservationPromotions,
  tips,
} from '../../db/schema/index.ts';
import { productOrders, takeawayOrders } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type TipRow = typeof tips.$inferSelect;
export type BillRow = typeof bills.$inferSelect;
export type BillLineRow = typeof billLines.$inferSelect;
export type BillTaxLineRow = typeof billTaxLines.$inferSelect;
export type PromotionRow = typeof reservationPromotions.$inferSelect;
export type ClientFiscalInfoRow = typeof billClientFiscalInfos.$inferSelect;

/** The order lines of an account that count towards its bill (spec §4: negative statuses do not). */
export function billableLines(db: Executor, venueId: number, reservationId: number) {
  return db
    .select({
      id: productOrders.id,
      parentId: productOrders.parentId,
      productName: productOrders.productName,
      units: productOrders.units,
      priceCents: productOrders.priceCents,
      vatRateBp: productOrders.vatRateBp,
      paidAt: productOrders.paidAt,
    })
    .from(productOrders)
    .where(
      and(
        eq(productOrders.venueId, venueId),
        eq(productOrders.reservationId, reservationId),
        gte(productOrders.status, PRODUCT_ORDER_STATUS.created),
      ),
    )
    .orderBy(asc(productOrders.id));
}
export type BillableLineRow = Awaited<ReturnType<typeof billableLines>>[number];

/**
 * The priced options chosen on each product order (the `choices` the order stored with their modifiers),
 * by product order id: what a bill prints under each dish.
 */
export async function pricedOptionsOfLines(
  db: Executor,
  venueId: number,
  productOrderIds: readonly number[],
): Promise<Map<number, { name: string; unitPriceCents: number }[]>> {
  if (productOrderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productOrders.id, choices: productOrders.choices })
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), inArray(productOrders.id, [...productOrderIds])));
  return new Map(
    rows.map((row) => [
      row.id,
      (Array.isArray(row.choices)
        ? (row.choices as { choiceName?: unknown; priceModifierCents?: unknown }[])
        : []
      )
        .filter(
          (choice) => typeof choice.choiceName === 'string' && Number.isInteger(choice.priceModifierCents),
        )
        .map((choice) => ({
          name: choice.choiceName as string,
          unitPriceCents: choice.priceModifierCents as number,
        })),
    ]),
  );
}

/** The takeaway order a bill's account is for (its ticket names it), or null for a table's account. */
export async function takeawayOfAccount(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<{ number: number; mode: 'pickup' | 'delivery' } | null> {
  const [row] = await db
    .select({ number: takeawayOrders.number, mode: takeawayOrders.mode })
    .from(takeawayOrders)
    .where(and(eq(takeawayOrders.venueId, venueId), eq(takeawayOrders.reservationId, reservationId)));
  return row ? { number: row.number, mode: row.mode === 'delivery' ? 'delivery' : 'pickup' } : null;
}
