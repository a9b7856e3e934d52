// The steps every change of lines shares: locks in id order, the role check, refreshing orders, menu headers
// and service events, the events screens hear and the audit entry (decision 010).
import type { OrderLineChanged } from '@sobremesa/contracts';
import { ORDER_LINE_CHANGED_TOPIC } from '@sobremesa/contracts';
import {
  isAccountClosed,
  applyLineAction,
  CART_SESSION_STATUS,
  isClosedStatus,
  mayActOnLine,
  mayWriteOff,
  RESERVATION_STATUS_CODES,
  type KitchenOperation,
  type LineStatusAction,
  PRODUCT_ORDER_STATUS,
} from '@sobremesa/domain';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { notifyTableOrderChanged } from '../menus/menus.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { staffReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  childrenOf,
  linesOfOrders,
  linesOfServiceEvents,
  lockLines,
  lockOrders,
  orderIdsOfLines,
  setOrderStatus,
  setServiceEventStatus,
  updateLine,
  type LineRow,
  type OrderRow,
} from './kitchen.repository.ts';
import type { KitchenCaller } from '../../http/route-roles.ts';

const S = PRODUCT_ORDER_STATUS;

export const lineConflict = (ids: readonly number[], reason: string) =>
  new AppError(409, 'CONFLICT', 'line_state_conflict', { extra: { productOrderIds: [...ids], reason } });

export const finishedConflict = () => new AppError(409, 'CONFLICT', 'reservation_finished');

/**
 * Locks what a change touches, always in the same order (orders by id, then lines by id) so two tablets
 * never deadlock and the second waits for the first and then sees its result. Ids of another venue are
 * 404; lines of a finished account 409.
 */
export async function lockChange(
  tx: Transaction,
  venue: Venue,
  ids: readonly number[],
): Promise<{ orders: OrderRow[]; lines: LineRow[]; accountStatus: Map<number, number> }> {
  const orderIds = await orderIdsOfLines(tx, venue.id, ids);
  const orders = await lockOrders(tx, venue.id, orderIds);
  const lines = await lockLines(tx, venue.id, ids);
  if (lines.length !== ids.length) throw notFound();
  if (lines.some((line) => line.cartSessionOrderId !== null && !orderIds.includes(line.cartSessionOrderId)))
    throw new AppError(409, 'CONFLICT', 'conflict');
  const accountStatus = new Map<number, number>();
  for (const reservationId of new Set(lines.map((line) => line.reservationId))) {
    const account = await staffReservation(tx, venue, reservationId);
    if (isAccountClosed(account)) throw finishedConflict();
    accountStatus.set(reservationId, account.status);
  }
  return { orders, lines, accountStatus };
}

export function checkRole(
  caller: KitchenCaller,
  operation: KitchenOperation,
  lines: readonly LineRow[],
): void {
  if (lines.some((line) => !mayActOnLine(caller.actor, operation, line.productType)))
    throw forbidden('forbidden_role');
}

/**
 * Decision 022: a void, rejection or write-off of a line the table counts on paying (served, paid, or in
 * a requested bill) is a discount: 403 `write_off_needs_discount_role` for a role that may not discount.
 */
export function checkWriteOff(
  caller: KitchenCaller,
  operation: KitchenOperation,
  lines: readonly LineRow[],
  accountStatus: ReadonlyMap<number, number>,
): void {
  const priced = (line: LineRow) => ({
    status: line.status,
    paid: line.paidAt !== null,
    billRequested: accountStatus.get(line.reservationId) === RESERVATION_STATUS_CODES.forPayment,
  });
  if (lines.some((line) => !mayWriteOff(caller.actor, operation, priced(line))))
    throw forbidden('write_off_needs_discount_role');
}

/**
 * An order is 3 once nothing in it is left for kitchen or bar (no line created, accepted or preparing;
 * menu headers aside), and back to 2 if a line returns to the board. Waiting and cancelled orders keep
 * their status.
 */
export async function refreshOrders(tx: Transaction, venue: Venue, orders: readonly OrderRow[]) {
  const changed: { id: number; cartSessionStatus: number }[] = [];
  const live = orders.filter(
    (order) => order.status === CART_SESSION_STATUS.inKitchen || order.status === CART_SESSION_STATUS.ready,
  );
  const lines = await linesOfOrders(
    tx,
    venue.id,
    live.map((order) => order.id),
  );
  const parents = new Set(lines.flatMap((line) => (line.parentId === null ? [] : [line.parentId])));
  for (const order of live) {
    const own = lines.filter((line) => line.cartSessionOrderId === order.id && !parents.has(line.id));
    const inKitchen = own.some((line) => line.status >= S.created && line.status <= S.preparing);
    const status = inKitchen ? CART_SESSION_STATUS.inKitchen : CART_SESSION_STATUS.ready;
    if (status !== order.status) {
      await setOrderStatus(tx, venue.id, order.id, status);
      changed.push({ id: order.id, cartSessionStatus: status });
    }
  }
  return changed;
}

/** A menú del día header follows its courses: served once every course still standing is served. */
export async function refreshMenuHeaders(
  tx: Transaction,
  venue: Venue,
  lines: readonly LineRow[],
  now: Date,
) {
  const parentIds = [...new Set(lines.flatMap((line) => (line.parentId === null ? [] : [line.parentId])))];
  if (parentIds.length === 0) return [];
  const parents = await lockLines(tx, venue.id, parentIds);
  const children = await childrenOf(tx, venue.id, parentIds);
  const updated: LineRow[] = [];
  for (const parent of parents) {
    const standing = children.filter(
      (child) => child.parentId === parent.id && !isClosedStatus(child.status),
    );
    if (standing.length === 0 || standing.some((child) => child.status !== S.served)) continue;
    const outcome = applyLineAction(parent, 'serve', now);
    if (!outcome.ok) continue;
    updated.push(await updateLine(tx, venue.id, parent.id, { status: S.served, dateServed: now }));
  }
  return updated;
}

/** A service event is 100 once all its lines are served or voided, else its least advanced line's status. */
export async function refreshServiceEvents(tx: Transaction, venue: Venue, lines: readonly LineRow[]) {
  const ids = [
    ...new Set(lines.flatMap((line) => (line.serviceEventId === null ? [] : [line.serviceEventId]))),
  ];
  const all = await linesOfServiceEvents(tx, venue.id, ids);
  for (const id of ids) {
    const standing = all.filter((line) => line.serviceEventId === id && !isClosedStatus(line.status));
    const status =
      standing.length === 0 || standing.every((line) => line.status === S.served)
        ? S.served
        : Math.min(...standing.filter((line) => line.status !== S.served).map((line) => line.status));
    await setServiceEventStatus(tx, venue.id, id, status);
  }
}

export async function announce(
  tx: Transaction,
  venue: Venue,
  caller: KitchenCaller,
  action: KitchenOperation,
  lines: readonly LineRow[],
  extra: {
    becameReady?: number[];
    orders?: { id: number; cartSessionStatus: number }[];
    reservationIds?: number[];
  },
) {
  const payload: OrderLineChanged = {
    action,
    reservationIds: extra.reservationIds ?? [...new Set(lines.map((line) => line.reservationId))],
    lines: lines.map((line) => ({
      productOrderId: line.id,
      reservationId: line.reservationId,
      cartSessionOrderId: line.cartSessionOrderId,
      statusProductOrder: line.status,
      type: line.productType,
      held: line.held,
      dishClass: line.dishClassId,
      serviceEventId: line.serviceEventId,
      menuIncluded: line.menuIncluded,
      paid: line.paidAt !== null,
    })),
    becameReady: extra.becameReady ?? [],
    cartSessionOrders: extra.orders ?? [],
    byUserId: caller.principal.userId,
    roleId: caller.roleId,
  };
  await appendEvent(tx, venue.id, ORDER_LINE_CHANGED_TOPIC, payload);
  await notifyTableOrderChanged(tx, venue.id, payload.reservationIds);
}

export async function audit(
  tx: Transaction,
  venue: Venue,
  caller: KitchenCaller,
  action: string,
  before: LineRow,
  after: LineRow,
  extra: Record<string, unknown> = {},
  at?: Date,
) {
  const snapshot = (line: LineRow) => ({
    status: line.status,
    reservationId: line.reservationId,
    sku: line.productSku,
    name: line.productName,
    units: line.units,
    priceCents: line.priceCents,
    menuIncluded: line.menuIncluded,
    paid: line.paidAt !== null,
  });
  await appendAudit(
    tx,
    venue.id,
    caller,
    action,
    'product_order',
    before.id,
    snapshot(before),
    { ...snapshot(after), roleId: caller.roleId, ...extra },
    at,
  );
}

export const AUDITED: Partial<Record<LineStatusAction, string>> = {
  cancel: 'product_order.cancel',
  reject: 'product_order.reject',
  markAsLoss: 'product_order.loss',
};
