import {
  isReadyAlertResolved,
  READY_ALERT_TYPES,
  typesResolvedBy,
  type AccountCause,
} from '@sobremesa/domain';
import type { Transaction } from '../../db/database.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import {
  acknowledge,
  lineStatuses,
  pendingOfReservations,
  type NotificationRow,
} from './notifications.repository.ts';

/** Who did what resolved the notifications, and when (they read as attended by that person). */
export interface Resolver {
  readonly userId: number;
  readonly at: Date;
}

async function resolve(tx: Transaction, venueId: number, rows: readonly NotificationRow[], by: Resolver) {
  for (const row of rows) {
    const done = await acknowledge(tx, venueId, row.id, by.userId, by.at);
    if (!done) continue;
    // The same event as an acknowledgement by hand: every tablet drops it from its lists and badges.
    await appendEvent(tx, venueId, 'notification.acknowledged', {
      notificationId: done.id,
      type: done.type,
      reservationId: done.reservationId,
      acknowledgedByUserId: by.userId,
      resolvedByCause: true,
    });
  }
}

/**
 * Resolves what an account asked for once the cause is gone (issue 18): a settled bill ends "Piden la
 * cuenta" (and the "Cuentas por cobrar" badge); a closed account ends all its pending notifications.
 * Runs in the caller's transaction, so the alerts leave every tablet with the change that ended them.
 */
export async function resolveAccountNotifications(
  tx: Transaction,
  venueId: number,
  reservationIds: readonly number[],
  cause: AccountCause,
  by: Resolver,
): Promise<void> {
  const types = typesResolvedBy(cause);
  const rows = await pendingOfReservations(tx, venueId, reservationIds, types === 'all' ? undefined : types);
  await resolve(tx, venueId, rows, by);
}

function productOrderIdsOf(row: NotificationRow): number[] {
  const ids = (row.data as { productOrderIds?: unknown }).productOrderIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

/**
 * Resolves the ready alerts of these accounts whose dishes no longer wait for a waiter (served, "Servir
 * todo", written off or taken back): call it after a kitchen change, in its transaction.
 */
export async function resolveReadyAlerts(
  tx: Transaction,
  venueId: number,
  reservationIds: readonly number[],
  by: Resolver,
): Promise<void> {
  const alerts = await pendingOfReservations(tx, venueId, reservationIds, READY_ALERT_TYPES);
  if (alerts.length === 0) return;
  const statuses = await lineStatuses(tx, venueId, alerts.flatMap(productOrderIdsOf));
  const resolved = alerts.filter((alert) =>
    isReadyAlertResolved(productOrderIdsOf(alert).map((id) => statuses.get(id))),
  );
  await resolve(tx, venueId, resolved, by);
}
