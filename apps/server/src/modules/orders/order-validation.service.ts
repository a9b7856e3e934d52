// Orders waiting for staff (cartStaffValidation, takeaway): written waiting, validated with processorder.
import type { CartSessionOrder } from '@sobremesa/contracts';
import { CART_SESSION_STATUS, PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { OrderingCaller } from '../menus/menus.service.ts';
import { notifyTableOrderChanged } from '../menus/menus.service.ts';
import {
  acceptLines,
  announceArrival,
  insertOrderWithLines,
  lockCartSessionOrder,
  updateCartSessionOrder,
} from '../kitchen/kitchen.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { accessReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { linesOfOrder, ordersOfReservation } from './orders.repository.ts';
import { newLines, orderView, type PlannedLine } from './order-lines.ts';

/**
 * A guest's order on an account without a table (takeaway, issue 27): written waiting for staff, who
 * accept it (processorder) before kitchen and bar see its lines.
 */
export async function insertWaitingOrder(
  tx: Transaction,
  venueId: number,
  reservationId: number,
  clientMessage: string | null,
  planned: readonly PlannedLine[],
): Promise<number> {
  const written = newLines(planned, PRODUCT_ORDER_STATUS.created, null);
  const { order } = await insertOrderWithLines(
    tx,
    {
      venueId,
      reservationId,
      status: CART_SESSION_STATUS.waiting,
      clientMessage,
      source: 2,
      createdByGuestId: null,
      createdByUserId: null,
      processedAt: null,
      processedByUserId: null,
      processedByRoleId: null,
      idempotencyKey: null,
      firedAt: null,
    },
    written.events,
    written.lines,
  );
  return order.id;
}

/** processorder: staff validate a waiting order with their role; its lines go to kitchen and bar. */
export async function processOrder(
  ctx: AppContext,
  venue: Venue,
  caller: OrderingCaller,
  cartSessionOrderId: number,
): Promise<CartSessionOrder> {
  return ctx.db.transaction((tx) => processOrderIn(tx, ctx, venue, caller, cartSessionOrderId));
}

/** processorder inside the caller's transaction (a takeaway order accepted with its own status, issue 27). */
export async function processOrderIn(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: OrderingCaller,
  cartSessionOrderId: number,
): Promise<CartSessionOrder> {
  const found = await lockCartSessionOrder(tx, venue.id, cartSessionOrderId);
  if (!found) throw notFound();
  if (found.order.status !== CART_SESSION_STATUS.waiting) throw conflict();
  const order = await updateCartSessionOrder(tx, venue.id, found.order.id, {
    status: CART_SESSION_STATUS.inKitchen,
    processedAt: ctx.clock.now(),
    processedByUserId: caller.principal.userId,
    processedByRoleId: caller.roleId,
  });
  await acceptLines(tx, venue.id, order.id);
  const lines = await linesOfOrder(tx, venue.id, order.id);
  await announceArrival(tx, ctx, venue, {
    key: `order-${order.id}`,
    lines,
    senderUserId: caller.principal.userId,
    orderMessage: order.clientMessage,
    fired: false,
  });
  await appendEvent(tx, venue.id, 'order.processed', {
    cartSessionOrderId: order.id,
    reservationId: found.reservationId,
    cartSessionStatus: order.status,
    roleId: caller.roleId,
  });
  await notifyTableOrderChanged(tx, venue.id, [found.reservationId]);
  return orderView(order, found.reservationId, lines);
}

/** A reservation's orders waiting for staff validation (`cartStaffValidation`), oldest first. */
export async function waitingOrders(
  ctx: AppContext,
  venue: Venue,
  caller: OrderingCaller,
  ref: number | string,
): Promise<CartSessionOrder[]> {
  const access = await accessReservation(ctx.db, ctx, venue, {
    ref,
    staff: caller.principal,
    purposes: ['reservation'],
  });
  const orders = await ordersOfReservation(ctx.db, venue.id, access.row.id, CART_SESSION_STATUS.waiting);
  return Promise.all(
    orders.map(async (order) =>
      orderView(order, access.row.id, await linesOfOrder(ctx.db, venue.id, order.id)),
    ),
  );
}

/** The ids of an account's orders still waiting for staff, oldest first (a takeaway order has one). */
export async function waitingOrderIds(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<number[]> {
  const orders = await ordersOfReservation(db, venueId, reservationId, CART_SESSION_STATUS.waiting);
  return orders.map((order) => order.id);
}
