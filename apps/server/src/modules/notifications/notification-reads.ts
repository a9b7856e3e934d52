import type { Notification } from '@sobremesa/contracts';
import {
  addDays,
  logicalDate,
  notificationLabel,
  passesZoneFilter,
  zonedDateTimeToInstant,
  type NotificationType,
  NOTIFICATION_STATUS,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { NotificationReader } from '../../http/route-roles.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { liveTableNames } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { notificationSettings } from './notification-settings.ts';
import {
  acknowledge,
  listNotifications,
  markPlayed,
  notificationById,
  reservationsOf,
  roomsOf,
  userNames,
  type NotificationRow,
} from './notifications.repository.ts';

/** Who reads, resolved and checked by the route's declared roles (decision 063). */
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
  const run = readsOn(db);
  const [rooms, accountRows, tables, names] = await Promise.all([
    run(() => roomsOf(db, venueId, ids)),
    run(() => reservationsOf(db, venueId, reservationIds)),
    run(() => liveTableNames(db, venueId, reservationIds)),
    run(() => userNames(db, venueId, ackIds)),
  ]);
  const accounts = new Map(
    accountRows.map((account) => [account.id, { ...account, tables: tables.get(account.id) ?? [] }]),
  );
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
