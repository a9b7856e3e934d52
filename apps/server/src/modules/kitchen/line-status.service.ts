// Status changes: startpreparation, finishpreparation, serve, addtohottable, removetohottable,
// mark-as-rejected, mark-as-cancelled, mark-as-loss
import type { KitchenItem } from '@sobremesa/contracts';
import {
  applyLineAction,
  isVoidOrLoss,
  type LineStatusAction,
  PRODUCT_ORDER_STATUS,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { raiseNotification } from '../notifications/notifications.service.ts';
import { resolveReadyAlerts } from '../notifications/notifications.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  childrenOf,
  linesOfReservations,
  productFacts,
  updateLine,
  type LineRow,
} from './kitchen.repository.ts';
import type { KitchenCaller } from '../../http/route-roles.ts';
import { itemsOf } from './kitchen-views.service.ts';
import { kitchenFollower, type LineNews } from './kitchen-followers.ts';
import {
  lineConflict,
  lockChange,
  checkRole,
  checkWriteOff,
  refreshOrders,
  refreshMenuHeaders,
  refreshServiceEvents,
  announce,
  audit,
  AUDITED,
} from './line-changes.ts';

const S = PRODUCT_ORDER_STATUS;

/**
 * Applies a status action to lines, all or nothing. A void of a menú del día voids its courses with it
 * (a course already past the action's reach is cancelled instead, or left when even that is too late).
 * The kitchen's follower (a takeaway order follows its dishes) adds what to tell after the commit to `news`.
 */
export async function changeLineStatus(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: KitchenCaller,
  action: LineStatusAction,
  ids: readonly number[],
  reason: string | undefined,
  news: LineNews[],
): Promise<KitchenItem[]> {
  const now = ctx.clock.now();
  const { orders, lines, accountStatus } = await lockChange(tx, venue, ids);
  checkRole(caller, action, lines);
  checkWriteOff(caller, action, lines, accountStatus);
  const refused: number[] = [];
  let reasonCode = 'not_allowed_from_status';
  const planned: { line: LineRow; outcome: { status: number; datePreparing: Date | null } }[] = [];
  for (const line of lines) {
    const outcome = applyLineAction(line, action, now);
    if (!outcome.ok) {
      refused.push(line.id);
      if (outcome.reason === 'held') reasonCode = 'held';
      continue;
    }
    planned.push({ line, outcome });
  }
  if (refused.length > 0) throw lineConflict(refused, reasonCode);
  if (isVoidOrLoss(action)) {
    const own = new Set(ids);
    const children = (await childrenOf(tx, venue.id, ids)).filter((child) => !own.has(child.id));
    for (const child of children) {
      const outcome = applyLineAction(child, action, now);
      const fallback = outcome.ok ? outcome : applyLineAction(child, 'cancel', now);
      if (fallback.ok) planned.push({ line: child, outcome: fallback });
    }
  }
  const updated: LineRow[] = [];
  const becameReady: LineRow[] = [];
  for (const { line, outcome } of planned) {
    const ready = outcome.status === S.ready || outcome.status === S.inHotTable;
    const after = await updateLine(tx, venue.id, line.id, {
      status: outcome.status,
      datePreparing: outcome.datePreparing,
      dateReady: ready ? (line.dateReady ?? now) : line.dateReady,
      dateServed: outcome.status === S.served ? now : line.dateServed,
    });
    updated.push(after);
    if (ready && line.status !== S.ready && line.status !== S.inHotTable) becameReady.push(after);
    const auditAction = AUDITED[action];
    // Stamped by the app's clock, as the line's own dates are: the Z finds a loss by when it was written off.
    if (auditAction) await audit(tx, venue, caller, auditAction, line, after, reason ? { reason } : {}, now);
  }
  updated.push(...(await refreshMenuHeaders(tx, venue, updated, now)));
  await refreshServiceEvents(tx, venue, updated);
  const changedOrders = await refreshOrders(tx, venue, orders);
  await notifyReady(tx, venue, becameReady, now);
  await resolveReadyAlerts(tx, venue.id, [...new Set(updated.map((line) => line.reservationId))], {
    userId: caller.principal.userId,
    at: now,
  });
  await announce(tx, venue, caller, action, updated, {
    becameReady: becameReady.map((line) => line.id),
    orders: changedOrders,
  });
  news.push(
    ...(await kitchenFollower().linesMoved(
      tx,
      ctx,
      venue,
      updated.map((line) => line.reservationId),
      (reservationId) => cookedStatuses(tx, venue, reservationId),
    )),
  );
  const own = new Set(ids);
  return itemsOf(
    tx,
    venue,
    caller.actor,
    updated.filter((line) => own.has(line.id)),
  );
}

/** The statuses of an account's lines a station cooks (a ghost line waits for no one). */
async function cookedStatuses(tx: Transaction, venue: Venue, reservationId: number): Promise<number[]> {
  const lines = await linesOfReservations(tx, venue.id, [reservationId]);
  const facts = await productFacts(
    tx,
    venue.id,
    lines.map((line) => line.productId),
  );
  return lines
    .filter((line) => !line.isGhost && (facts.get(line.productId)?.stations.length ?? 0) > 0)
    .map((line) => line.status);
}

/** order_ready_food / order_ready_drinks: one notification per account and kind, in the same transaction. */
async function notifyReady(tx: Transaction, venue: Venue, lines: readonly LineRow[], at: Date) {
  const groups = new Map<string, LineRow[]>();
  for (const line of lines) {
    const type = line.productType === 'bebida' ? 'order_ready_drinks' : 'order_ready_food';
    const key = `${line.reservationId}:${type}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  for (const [key, group] of groups) {
    const [reservationId, type] = key.split(':') as [string, 'order_ready_drinks' | 'order_ready_food'];
    await raiseNotification(tx, venue.id, {
      type,
      reservationId: Number(reservationId),
      at,
      data: {
        reservationId: Number(reservationId),
        productOrderIds: group.map((line) => line.id),
        items: group.map((line) => ({ productOrderId: line.id, name: line.productName, units: line.units })),
      },
    });
  }
}
