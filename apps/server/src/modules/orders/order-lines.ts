// An order's lines: planned and priced from the catalogue, written in their final state, and shown.
import type { CartSessionOrder, CreateCartSessionOrderRequest } from '@sobremesa/contracts';
import {
  orderTotalCents,
  planCourses,
  planOrder,
  priceLine,
  unitPriceCents,
  type PlannedChoice,
  type PlannedLine as DomainPlannedLine,
} from '@sobremesa/domain';
import { AppError, notFound } from '../../http/app-error.ts';
import type { OrderingCaller } from '../menus/menus.service.ts';
import type { NewLine, NewServiceEvent } from '../kitchen/kitchen.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { CartSessionOrderRow, OrderCatalogue, ProductOrderRow } from './orders.repository.ts';

/** Who sends an order: a guest through their capability, or staff through the commander. */
export type OrderSender =
  | { readonly kind: 'guest'; readonly uid: string }
  | { readonly kind: 'staff'; readonly caller: OrderingCaller; readonly principal: StaffPrincipal };

type Choice = PlannedChoice;

/** A line of an order planned from the catalogue (`planOrder`), ready to be written. */
export type PlannedLine = DomainPlannedLine<OrderCatalogue['productRows'][number]>;

/**
 * Prices and checks every line from the venue's catalogue (`planOrder`, SEC-10) and answers its problems
 * as before: an unknown sku (or an invisible product for a guest) 404, bad fields 400, a dish its options
 * would price below 0 € 409 `order_price_below_zero`, a sold-out product 409 `product_unavailable` with
 * the skus.
 */
export function planLines(
  catalogue: OrderCatalogue,
  lines: CreateCartSessionOrderRequest['products'],
  sender: OrderSender['kind'],
): PlannedLine[] {
  const plan = planOrder(catalogue, lines, sender);
  if (plan.ok) return plan.lines;
  switch (plan.problem.kind) {
    case 'unknown_product':
      throw notFound();
    case 'invalid':
      throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', { fields: [...plan.problem.fields] });
    case 'below_zero': {
      // Menus written before decision 078 may still allow it: the dish is refused, never given away.
      const { sku } = plan.problem;
      const name = catalogue.productRows.find((row) => row.sku === sku)?.name ?? sku;
      throw new AppError(409, 'CONFLICT', 'order_price_below_zero', { params: { name } });
    }
    case 'unavailable':
      throw new AppError(409, 'CONFLICT', 'product_unavailable', {
        extra: { unavailableSkus: [...plan.problem.skus] },
      });
  }
}

export function orderView(
  order: CartSessionOrderRow,
  reservationId: number,
  lines: readonly ProductOrderRow[],
): CartSessionOrder {
  const items = lines.map((line) => {
    const priced = priceLine(unitPriceCents(line.priceCents, []), line.units, line.vatRateBp);
    return {
      productOrderId: line.id,
      parentId: line.parentId,
      productSku: line.productSku,
      name: line.productName,
      type: line.productType,
      units: line.units,
      statusProductOrder: line.status,
      unitPriceCents: line.priceCents,
      totalCents: priced.totalCents,
      vatRateBp: line.vatRateBp,
      dishClass: line.dishClassId,
      menuIncluded: line.menuIncluded,
      choices: (line.choices as Choice[]) ?? [],
      comments: line.comments,
      staffComments: line.staffComments,
    };
  });
  return {
    id: order.id,
    reservationId,
    cartSessionStatus: order.status,
    source: order.source,
    clientMessage: order.clientMessage,
    createdDateTime: order.createdAt.toISOString(),
    totalCents: orderTotalCents(items),
    items,
  };
}

/**
 * The rows of an order's lines in their final state, menu courses right after their menu line: with
 * course firing (decision 026) later courses held and the course going now fired in its service event.
 */
export function newLines(
  planned: readonly PlannedLine[],
  status: number,
  courses: { heldDishClassIds: readonly number[]; order: ReadonlyMap<number, number> } | null,
): { lines: NewLine[]; events: NewServiceEvent[] } {
  const lines: Omit<NewLine, 'held' | 'fired' | 'event'>[] = [];
  for (const line of planned) {
    const parent = lines.length;
    lines.push({
      parent: null,
      productId: line.product.id,
      productSku: line.product.sku,
      productName: line.product.name,
      productType: line.product.type,
      units: line.units,
      status,
      dishClassId: line.dishClassId,
      choices: line.choices,
      priceCents: line.unitPriceCents,
      toggledPriceCents: 0,
      vatRateBp: line.product.vatRateBp,
      isShareable: line.isShareable,
      menuIncluded: false,
      comments: line.comments,
      staffComments: line.staffComments,
    });
    for (const child of line.children)
      lines.push({
        parent,
        productId: child.product.id,
        productSku: child.product.sku,
        productName: child.product.name,
        productType: child.product.type,
        units: line.units,
        status,
        dishClassId: child.dishClassId,
        choices: child.choices,
        priceCents: child.priceCents,
        toggledPriceCents: child.onItsOwnCents,
        vatRateBp: line.product.vatRateBp,
        isShareable: false,
        menuIncluded: true,
        comments: null,
        staffComments: null,
      });
  }
  if (!courses)
    return { lines: lines.map((line) => ({ ...line, held: false, fired: false, event: null })), events: [] };
  const plan = planCourses(lines, courses.heldDishClassIds, courses.order);
  return {
    lines: lines.map((line, index) => ({ ...line, ...plan.lines[index]! })),
    events: [...plan.events],
  };
}
