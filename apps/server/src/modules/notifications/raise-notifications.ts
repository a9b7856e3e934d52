import type { CreatedNotification } from '@sobremesa/contracts';
import { NOTIFICATION_STATUS, type NotificationType } from '@sobremesa/domain';
import type { Transaction } from '../../db/database.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import {
  insertNotification,
  insertNotificationRooms,
  reservationRoomIds,
  roomNames,
  userNames,
  type NotificationRow,
} from './notifications.repository.ts';

/** What raises a notification: its type and payload, and the account (whose rooms it concerns). */
export interface RaiseNotificationInput {
  readonly type: NotificationType;
  readonly subtype?: number;
  /** Who it is for (a role view or a station), or null for every role subscribed to the type. */
  readonly target?: string | null;
  readonly paymentMethod?: string | null;
  /** The spec's payload; `userName` there labels it (a ticket request without one reads 'Comandero'). */
  readonly data?: Record<string, unknown>;
  /** The account it is about; its room and its tables' rooms become the notification's rooms. */
  readonly reservationId?: number | null;
  /** Rooms when there is no account (a kiosk arrival before seating); added to the account's. */
  readonly roomIds?: readonly number[];
  /** When it happened: pass `ctx.clock.now()` (escalation and the day lists count from it); default the database's now. */
  readonly at?: Date;
}

function created(row: NotificationRow): CreatedNotification {
  return {
    id: row.id,
    type: row.type,
    subtype: row.subtype,
    status: row.status,
    target: row.target,
    paymentMethod: row.paymentMethod,
    data: row.data as Record<string, unknown>,
    reservationId: row.reservationId,
    createdDateTime: row.createdAt.toISOString(),
  };
}

async function write(
  tx: Transaction,
  venueId: number,
  input: RaiseNotificationInput,
  dedupeKey: string | null,
): Promise<CreatedNotification | null> {
  const row = await insertNotification(tx, {
    venueId,
    type: input.type,
    subtype: input.subtype ?? 0,
    status: NOTIFICATION_STATUS.pending,
    target: input.target ?? null,
    paymentMethod: input.paymentMethod ?? null,
    data: input.data ?? {},
    reservationId: input.reservationId ?? null,
    dedupeKey,
    ...(input.at ? { createdAt: input.at } : {}),
  });
  if (!row) return null;
  const fromReservation =
    input.reservationId === undefined || input.reservationId === null
      ? []
      : await reservationRoomIds(tx, venueId, input.reservationId);
  const roomIds = [...new Set([...fromReservation, ...(input.roomIds ?? [])])];
  await insertNotificationRooms(tx, venueId, row.id, roomIds);
  // One ordered feed per venue (RT-01): the event names the type and rooms; each screen's read applies its role and zones.
  await appendEvent(tx, venueId, 'notification.created', {
    notificationId: row.id,
    type: row.type,
    subtype: row.subtype,
    reservationId: row.reservationId,
    roomId: roomIds[0] ?? null,
    roomNames: await roomNames(tx, venueId, roomIds),
  });
  return created(row);
}

/**
 * Raises a pending staff notification INSIDE the caller's transaction (RT-01): the row, its rooms and
 * the `notification.created` event commit or roll back with the change that caused it. Used by guest
 * requests (bill, call staff, ready to order), the kitchen (order_ready_food / order_ready_drinks when a
 * line becomes ready), the kiosk and the upsell scheduler.
 */
export async function raiseNotification(
  tx: Transaction,
  venueId: number,
  input: RaiseNotificationInput,
): Promise<CreatedNotification> {
  const row = await write(tx, venueId, input, null);
  if (!row) throw new Error('a notification without a dedupe key is always written');
  return row;
}

/**
 * Like {@link raiseNotification}, but at most once per `dedupeKey` in the venue: a second call with the
 * same key writes nothing and returns null (a retried cause, a scheduler run twice or after a restart).
 */
export function raiseNotificationOnce(
  tx: Transaction,
  venueId: number,
  dedupeKey: string,
  input: RaiseNotificationInput,
): Promise<CreatedNotification | null> {
  return write(tx, venueId, input, dedupeKey);
}

/** Kiosk arrivals (spec §3 types kiosk_walk_in, kiosk_qr_scan): the kiosk screen calls this in its transaction. */
export function raiseKioskNotification(
  tx: Transaction,
  venueId: number,
  input: {
    kind: 'walk_in' | 'qr_scan';
    reservationId: number | null;
    data: Record<string, unknown>;
    roomIds?: readonly number[];
    at?: Date;
  },
): Promise<CreatedNotification> {
  return raiseNotification(tx, venueId, {
    type: input.kind === 'walk_in' ? 'kiosk_walk_in' : 'kiosk_qr_scan',
    reservationId: input.reservationId,
    data: input.data,
    roomIds: input.roomIds,
    at: input.at,
  });
}

/**
 * A waiter's bill request from the copilot (spec §6): it carries the staff member's name ('Comandero' only
 * without one) and the role they act as. The caller has sent the account to payment in the same transaction.
 */
export async function raiseStaffTicketRequest(
  tx: Transaction,
  venueId: number,
  account: { readonly id: number; readonly pax: number; readonly name: string },
  by: { readonly userId: number; readonly roleId: number | null; readonly at: Date },
  paymentMethod: 'cash' | 'card' | 'other',
): Promise<CreatedNotification> {
  const names = await userNames(tx, venueId, [by.userId]);
  return raiseNotification(tx, venueId, {
    type: 'ticket_request',
    subtype: 0,
    paymentMethod,
    reservationId: account.id,
    at: by.at,
    data: {
      pax: account.pax,
      reservationId: account.id,
      reservationName: account.name,
      userName: names.get(by.userId) ?? '',
      roleId: by.roleId,
    },
  });
}
