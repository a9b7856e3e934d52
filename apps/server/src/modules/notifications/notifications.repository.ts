import { NOTIFICATION_STATUS, RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  diningTables,
  notificationRooms,
  notifications,
  notificationSettings,
  productOrders,
  reservations,
  rooms,
  tableBookings,
  users,
} from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/**
 * Inserts a notification. With a `dedupeKey` already used in the venue nothing is written and
 * `undefined` comes back: a scheduler run twice or a retried cause raises one notification.
 */
export async function insertNotification(
  db: Executor,
  values: typeof notifications.$inferInsert,
): Promise<NotificationRow | undefined> {
  const [row] = await db.insert(notifications).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertNotificationRooms(
  db: Executor,
  venueId: number,
  notificationId: number,
  roomIds: readonly number[],
): Promise<void> {
  if (roomIds.length === 0) return;
  await db
    .insert(notificationRooms)
    .values(roomIds.map((roomId) => ({ venueId, notificationId, roomId })))
    .onConflictDoNothing();
}

/** The rooms an account sits in: its own room and those of its tables still held for it. */
export async function reservationRoomIds(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<number[]> {
  const [own] = await db
    .select({ roomId: reservations.roomId })
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), eq(reservations.id, reservationId)));
  const viaTables = await db
    .selectDistinct({ roomId: diningTables.roomId })
    .from(tableBookings)
    .innerJoin(
      diningTables,
      and(eq(diningTables.venueId, tableBookings.venueId), eq(diningTables.id, tableBookings.tableId)),
    )
    .where(
      and(
        eq(tableBookings.venueId, venueId),
        eq(tableBookings.reservationId, reservationId),
        ne(tableBookings.status, 'released'),
      ),
    );
  const ids = [own?.roomId ?? null, ...viaTables.map((row) => row.roomId)].filter(
    (id): id is number => id !== null,
  );
  return [...new Set(ids)];
}

export async function roomNames(
  db: Executor,
  venueId: number,
  roomIds: readonly number[],
): Promise<string[]> {
  if (roomIds.length === 0) return [];
  const rows = await db
    .select({ name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.venueId, venueId), inArray(rooms.id, [...roomIds])));
  return rows.map((row) => row.name);
}

export interface NotificationFilter {
  readonly types: readonly string[];
  readonly status?: 0 | 1;
  readonly from?: Date;
  readonly to?: Date;
  readonly limit?: number;
}

/** Notifications of the venue among `types`, newest first. */
export async function listNotifications(
  db: Executor,
  venueId: number,
  filter: NotificationFilter,
): Promise<NotificationRow[]> {
  if (filter.types.length === 0) return [];
  const conditions = [eq(notifications.venueId, venueId), inArray(notifications.type, [...filter.types])];
  if (filter.status !== undefined) conditions.push(eq(notifications.status, filter.status));
  if (filter.from) conditions.push(gte(notifications.createdAt, filter.from));
  if (filter.to) conditions.push(lt(notifications.createdAt, filter.to));
  const query = db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return filter.limit ? query.limit(filter.limit) : query;
}

export async function notificationById(
  db: Executor,
  venueId: number,
  id: number,
  lock = false,
): Promise<NotificationRow | undefined> {
  const query = db
    .select()
    .from(notifications)
    .where(and(eq(notifications.venueId, venueId), eq(notifications.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Rooms (id, name) of each notification. */
export async function roomsOf(
  db: Executor,
  venueId: number,
  ids: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const byNotification = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return byNotification;
  const rows = await db
    .select({ notificationId: notificationRooms.notificationId, id: rooms.id, name: rooms.name })
    .from(notificationRooms)
    .innerJoin(
      rooms,
      and(eq(rooms.venueId, notificationRooms.venueId), eq(rooms.id, notificationRooms.roomId)),
    )
    .where(and(eq(notificationRooms.venueId, venueId), inArray(notificationRooms.notificationId, [...ids])))
    .orderBy(asc(rooms.sortOrder), asc(rooms.id));
  for (const row of rows)
    byNotification.set(row.notificationId, [
      ...(byNotification.get(row.notificationId) ?? []),
      { id: row.id, name: row.name },
    ]);
  return byNotification;
}

/** The accounts notifications are about. */
export async function reservationsOf(db: Executor, venueId: number, reservationIds: readonly number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({ id: reservations.id, wid: reservations.wid, name: reservations.name, pax: reservations.pax })
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), inArray(reservations.id, [...reservationIds])));
}

export async function userNames(
  db: Executor,
  venueId: number,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.venueId, venueId), inArray(users.id, [...userIds])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Acknowledges a pending notification; `undefined` when it was not pending (already acknowledged). */
export async function acknowledge(
  db: Executor,
  venueId: number,
  id: number,
  userId: number,
  at: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ status: NOTIFICATION_STATUS.acknowledged, acknowledgedAt: at, acknowledgedByUserId: userId })
    .where(
      and(
        eq(notifications.venueId, venueId),
        eq(notifications.id, id),
        eq(notifications.status, NOTIFICATION_STATUS.pending),
      ),
    )
    .returning();
  return row;
}

export async function markPlayed(db: Executor, venueId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ played: true })
    .where(and(eq(notifications.venueId, venueId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Marks as escalated every pending notification of `types` older than its venue's escalation time
 * (all venues at once) and returns them; each is escalated once.
 */
export async function escalateOverdue(
  db: Executor,
  types: readonly string[],
  now: Date,
  defaultSeconds: number,
): Promise<NotificationRow[]> {
  return db
    .update(notifications)
    .set({ escalatedAt: now })
    .where(
      and(
        eq(notifications.status, NOTIFICATION_STATUS.pending),
        isNull(notifications.escalatedAt),
        inArray(notifications.type, [...types]),
        sql`${notifications.createdAt} <= ${now.toISOString()}::timestamptz - make_interval(secs => coalesce(
          (select ${notificationSettings.escalateAfterSeconds} from ${notificationSettings}
            where ${notificationSettings.venueId} = ${notifications.venueId}), ${defaultSeconds}))`,
      ),
    )
    .returning();
}

export async function readSettings(
  db: Executor,
  venueId: number,
): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.venueId, venueId));
  return row;
}

export async function writeSettings(
  db: Executor,
  values: { venueId: number; escalateAfterSeconds: number; upsellReminderMinutes: number },
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values(values)
    .onConflictDoUpdate({
      target: notificationSettings.venueId,
      set: {
        escalateAfterSeconds: values.escalateAfterSeconds,
        upsellReminderMinutes: values.upsellReminderMinutes,
      },
    });
}

/** A seated, open account of any venue with its reminder time (minutes). */
export interface SeatedTable {
  readonly venueId: number;
  readonly reservationId: number;
  readonly seatedAt: Date;
  readonly reminderMinutes: number;
}

/** Open accounts seated at least `minMinutes` ago (every venue): the candidates for an upsell reminder. */
export async function seatedTables(db: Executor, now: Date, defaultMinutes: number): Promise<SeatedTable[]> {
  const reminder = sql<number>`coalesce(${notificationSettings.upsellReminderMinutes}, ${defaultMinutes})`;
  const rows = await db
    .select({
      venueId: reservations.venueId,
      reservationId: reservations.id,
      seatedAt: reservations.seatedAt,
      reminderMinutes: reminder,
    })
    .from(reservations)
    .leftJoin(notificationSettings, eq(notificationSettings.venueId, reservations.venueId))
    .where(
      and(
        eq(reservations.status, RESERVATION_STATUS_CODES.active),
        isNull(reservations.finishedAt),
        isNull(reservations.mergedIntoId),
        eq(reservations.kind, 'dine_in'),
        lte(
          reservations.seatedAt,
          sql`${now.toISOString()}::timestamptz - make_interval(mins => ${reminder})`,
        ),
        gte(reservations.seatedAt, new Date(now.getTime() - 24 * 3600 * 1000)),
      ),
    );
  return rows.flatMap((row) =>
    row.seatedAt ? [{ ...row, seatedAt: row.seatedAt, reminderMinutes: Number(row.reminderMinutes) }] : [],
  );
}

/** The drink lines of accounts (spec: a dish is a drink when its type is bebida). */
export async function drinkLines(db: Executor, venueId: number, reservationIds: readonly number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      id: productOrders.id,
      reservationId: productOrders.reservationId,
      status: productOrders.status,
      dateServed: productOrders.dateServed,
      createdAt: productOrders.createdAt,
    })
    .from(productOrders)
    .where(
      and(
        eq(productOrders.venueId, venueId),
        inArray(productOrders.reservationId, [...reservationIds]),
        eq(productOrders.productType, 'bebida'),
      ),
    );
}

/** Pending notifications of accounts, of the given types (all types when none), locked for the update. */
export async function pendingOfReservations(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
  types?: readonly string[],
): Promise<NotificationRow[]> {
  if (reservationIds.length === 0) return [];
  const conditions = [
    eq(notifications.venueId, venueId),
    eq(notifications.status, NOTIFICATION_STATUS.pending),
    inArray(notifications.reservationId, [...reservationIds]),
  ];
  if (types) conditions.push(inArray(notifications.type, [...types]));
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(asc(notifications.id))
    .for('update');
}

/** The status of each product order (the ready alerts' lines), by id. */
export async function lineStatuses(
  db: Executor,
  venueId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productOrders.id, status: productOrders.status })
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), inArray(productOrders.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.status]));
}
