import type { CreatedNotification, Notification, NotificationSettings } from '@sobremesa/contracts';
import {
  isAccountClosed,
  addDays,
  ESCALATING_TYPES,
  logicalDate,
  notificationLabel,
  passesZoneFilter,
  upsellReminderKey,
  zonedDateTimeToInstant,
  type NotificationType,
  NOTIFICATION_STATUS,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { askForBillByNotification } from '../billing/billing.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { accessReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  acknowledge,
  drinkLines,
  escalateOverdue,
  insertNotification,
  insertNotificationRooms,
  listNotifications,
  markPlayed,
  notificationById,
  readSettings,
  reservationRoomIds,
  reservationsOf,
  roomNames,
  roomsOf,
  seatedTables,
  userNames,
  writeSettings,
  type NotificationRow,
} from './notifications.repository.ts';

/** Defaults of a venue without its own timings: a request waits 3 minutes, a dry table 20. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  escalateAfterSeconds: 180,
  upsellReminderMinutes: 20,
};

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
 * notification/new, staff form: a waiter asks for an account's bill from the copilot. It carries the
 * staff member's name (spec §6: 'Comandero' only without one) and the role they act as. A seated account
 * goes to payment (status 7), as request-ticket does.
 */
export async function staffTicketRequest(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  who: NotificationReader,
  input: { reservationWid: string; paymentMethod: 'cash' | 'card' | 'other' },
): Promise<CreatedNotification> {
  const access = await accessReservation(tx, ctx, venue, {
    ref: input.reservationWid,
    staff: who.principal,
    purposes: ['reservation', 'menu'],
    lock: true,
  });
  const row = access.row;
  if (isAccountClosed(row)) throw new AppError(409, 'RESERVATION_FINISHED', 'reservation_finished');
  await askForBillByNotification(tx, ctx, venue, row, input.paymentMethod, {
    by: 'staff',
    userId: who.principal.userId,
    roleId: who.role?.id ?? null,
  });
  const names = await userNames(tx, venue.id, [who.principal.userId]);
  return raiseNotification(tx, venue.id, {
    type: 'ticket_request',
    subtype: 0,
    paymentMethod: input.paymentMethod,
    reservationId: row.id,
    at: ctx.clock.now(),
    data: {
      pax: row.pax,
      reservationId: row.id,
      reservationName: row.name,
      userName: names.get(who.principal.userId) ?? '',
      roleId: who.role?.id ?? null,
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Settings

export async function notificationSettings(db: Executor, venueId: number): Promise<NotificationSettings> {
  const row = await readSettings(db, venueId);
  return row
    ? { escalateAfterSeconds: row.escalateAfterSeconds, upsellReminderMinutes: row.upsellReminderMinutes }
    : DEFAULT_NOTIFICATION_SETTINGS;
}

export async function updateNotificationSettings(
  ctx: AppContext,
  venue: Venue,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  return ctx.db.transaction(async (tx) => {
    const next = { ...(await notificationSettings(tx, venue.id)), ...patch };
    await writeSettings(tx, { venueId: venue.id, ...next });
    return next;
  });
}

// ---------------------------------------------------------------------------------------------------
// Reading, per role and zone

/** Who reads, resolved and checked by the route's declared roles (decision 063). */
import type { NotificationReader } from '../../http/route-roles.ts';
export type { NotificationReader };

async function present(
  db: Executor,
  venueId: number,
  rows: readonly NotificationRow[],
): Promise<Notification[]> {
  const ids = rows.map((row) => row.id);
  const reservationIds = [
    ...new Set(rows.flatMap((row) => (row.reservationId === null ? [] : [row.reservationId]))),
  ];
  const ackIds = [
    ...new Set(rows.flatMap((row) => (row.acknowledgedByUserId === null ? [] : [row.acknowledgedByUserId]))),
  ];
  const [rooms, accounts, names] = await Promise.all([
    roomsOf(db, venueId, ids),
    reservationsOf(db, venueId, reservationIds),
    userNames(db, venueId, ackIds),
  ]);
  return rows.map((row) => {
    const data = row.data as Record<string, unknown>;
    const account = row.reservationId === null ? undefined : accounts.get(row.reservationId);
    return {
      id: row.id,
      type: row.type as NotificationType,
      subtype: row.subtype,
      status:
        row.status === NOTIFICATION_STATUS.acknowledged
          ? NOTIFICATION_STATUS.acknowledged
          : NOTIFICATION_STATUS.pending,
      target: row.target,
      paymentMethod: row.paymentMethod,
      data,
      label: notificationLabel(row.type, typeof data.userName === 'string' ? data.userName : null),
      rooms: rooms.get(row.id) ?? [],
      reservations: account ? [account] : [],
      createdDateTime: row.createdAt.toISOString(),
      acknowledgedDateTime: row.acknowledgedAt?.toISOString() ?? null,
      acknowledgedBy:
        row.acknowledgedByUserId === null ? null : (names.get(row.acknowledgedByUserId) ?? null),
      played: row.played,
      escalatedDateTime: row.escalatedAt?.toISOString() ?? null,
    };
  });
}

function inZones(notification: Notification, zones: readonly string[]): boolean {
  return passesZoneFilter(
    notification.rooms.map((room) => room.name),
    zones.length > 0,
    zones,
  );
}

/** The service day `date` (yyyy-MM-dd, default today's) as instants: 06:00 to 06:00 in the venue's zone. */
function serviceDayRange(venue: Venue, date: string | undefined, now: Date): { from: Date; to: Date } {
  const day = date ?? logicalDate(now, venue.timeZone);
  const from = zonedDateTimeToInstant(day, '06:00', venue.timeZone);
  const to = zonedDateTimeToInstant(addDays(day, 1), '06:00', venue.timeZone);
  if (!from || !to) throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed');
  return { from, to };
}

/** GET notifications: the day's pending and history lists for the reader's role and zones. */
export async function notificationsOfDay(
  ctx: AppContext,
  venue: Venue,
  reader: NotificationReader,
  query: { date?: string; zones: readonly string[] },
) {
  const { from, to } = serviceDayRange(venue, query.date, ctx.clock.now());
  const rows = await listNotifications(ctx.db, venue.id, { types: reader.types, from, to, limit: 500 });
  const all = (await present(ctx.db, venue.id, rows)).filter((row) => inZones(row, query.zones));
  return {
    pending: all.filter((row) => row.status === NOTIFICATION_STATUS.pending),
    history: all.filter((row) => row.status === NOTIFICATION_STATUS.acknowledged),
    settings: await notificationSettings(ctx.db, venue.id),
  };
}

/** What a tablet fills its lists with after a (re)connect: everything pending plus the last few hours. */
export async function recentNotifications(
  ctx: AppContext,
  venue: Venue,
  reader: NotificationReader,
  query: { zones: readonly string[]; ticketRequestsOnly?: boolean },
) {
  const types = query.ticketRequestsOnly
    ? reader.types.filter((type) => type === 'ticket_request')
    : reader.types;
  const since = new Date(ctx.clock.now().getTime() - 4 * 3600 * 1000);
  const [pending, lately] = await Promise.all([
    listNotifications(ctx.db, venue.id, { types, status: NOTIFICATION_STATUS.pending, limit: 200 }),
    query.ticketRequestsOnly
      ? Promise.resolve([])
      : listNotifications(ctx.db, venue.id, {
          types,
          status: NOTIFICATION_STATUS.acknowledged,
          from: since,
          limit: 100,
        }),
  ]);
  const rows = [...pending, ...lately];
  const notifications = (await present(ctx.db, venue.id, rows)).filter((row) => inZones(row, query.zones));
  return { notifications, settings: await notificationSettings(ctx.db, venue.id) };
}

/**
 * Acknowledges a notification the reader's role receives and announces it, so it leaves every staff
 * screen at once. Acknowledging twice answers with the notification as it is (no second event).
 */
export async function acknowledgeNotification(
  ctx: AppContext,
  venue: Venue,
  reader: NotificationReader,
  id: number,
): Promise<Notification> {
  return ctx.db.transaction(async (tx) => {
    const row = await notificationById(tx, venue.id, id, true);
    if (!row) throw notFound();
    if (!reader.types.includes(row.type)) throw forbidden('notification_not_for_role');
    const done = await acknowledge(tx, venue.id, id, reader.principal.userId, ctx.clock.now());
    if (done) {
      await appendEvent(tx, venue.id, 'notification.acknowledged', {
        notificationId: done.id,
        type: done.type,
        reservationId: done.reservationId,
        acknowledgedByUserId: reader.principal.userId,
      });
    }
    const [view] = await present(tx, venue.id, [done ?? row]);
    if (!view) throw notFound();
    return view;
  });
}

/** notification/setplayed: the alert rang, a reloaded tablet does not ring it again. */
export async function setPlayed(ctx: AppContext, venue: Venue, id: number): Promise<void> {
  if (!(await markPlayed(ctx.db, venue.id, id))) throw notFound();
}

// ---------------------------------------------------------------------------------------------------
// Scheduler work (every venue at once)

/**
 * Marks pending guest requests past their venue's escalation time as escalated and announces each
 * (`notification.escalated`): screens alert again and highlight it. Each escalates once.
 */
export async function escalateOverdueRequests(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rows = await escalateOverdue(
      tx,
      ESCALATING_TYPES,
      ctx.clock.now(),
      DEFAULT_NOTIFICATION_SETTINGS.escalateAfterSeconds,
    );
    for (const row of rows) {
      await appendEvent(tx, row.venueId, 'notification.escalated', {
        notificationId: row.id,
        type: row.type,
        reservationId: row.reservationId,
      });
    }
    return rows.length;
  });
}

/**
 * Raises upselling_drinks_reminder for seated tables whose drinks ran out (or were never ordered) longer
 * than the venue's reminder time ago. Idempotent through the reminder's dedupe key, so a restart or a
 * second server never raises one twice.
 */
export async function raiseUpsellReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const tables = await seatedTables(ctx.db, now, DEFAULT_NOTIFICATION_SETTINGS.upsellReminderMinutes);
  const byVenue = new Map<number, typeof tables>();
  for (const table of tables) byVenue.set(table.venueId, [...(byVenue.get(table.venueId) ?? []), table]);
  let raised = 0;
  for (const [venueId, venueTables] of byVenue) {
    const lines = await drinkLines(
      ctx.db,
      venueId,
      venueTables.map((table) => table.reservationId),
    );
    for (const table of venueTables) {
      const drinks = lines
        .filter((line) => line.reservationId === table.reservationId)
        .map((line) => ({
          id: line.id,
          status: line.status,
          servedAtMs: line.dateServed?.getTime() ?? null,
          createdAtMs: line.createdAt.getTime(),
        }));
      const key = upsellReminderKey(
        { reservationId: table.reservationId, seatedAtMs: table.seatedAt.getTime(), drinks },
        now.getTime(),
        table.reminderMinutes,
      );
      if (!key) continue;
      const done = await ctx.db.transaction((tx) =>
        raiseNotificationOnce(tx, venueId, key, {
          type: 'upselling_drinks_reminder',
          reservationId: table.reservationId,
          at: now,
          data: { reservationId: table.reservationId, withoutDrinks: drinks.length === 0 },
        }),
      );
      if (done) raised += 1;
    }
  }
  return raised;
}
