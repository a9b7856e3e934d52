import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES_SQL, PAYMENT_METHODS_SQL } from './codes.ts';
import { createdAt, instant, venueId } from './columns.ts';
import { rooms } from './floor.ts';
import { reservations } from './reservations.ts';
import { users } from './staff.ts';
import { venues } from './venues.ts';

/**
 * A staff notification (spec §3): a guest asking for the bill or for staff, a kiosk arrival, an order
 * ready, an upsell reminder. Pending (status 0) until someone acknowledges it (1), then history.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    subtype: smallint('subtype').notNull().default(0),
    status: smallint('status').notNull().default(0),
    /** Who it is for (a role view, a station, or empty for every role subscribed to the type). */
    target: text('target'),
    paymentMethod: text('payment_method'),
    /** The spec's payload, e.g. for ticket_request: pax, reservationId, reservationName, uid. */
    data: jsonb('data').notNull().default({}),
    reservationId: integer('reservation_id'),
    /** Makes a raise idempotent: a scheduler run twice or a retried request raises one notification. */
    dedupeKey: text('dedupe_key'),
    acknowledgedByUserId: integer('acknowledged_by_user_id'),
    acknowledgedAt: instant('acknowledged_at'),
    /** The alert was played (spec notification/setplayed), so a reloaded tablet does not ring again. */
    played: boolean('played').notNull().default(false),
    /** Left unacknowledged too long: alerted again and highlighted. */
    escalatedAt: instant('escalated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('notifications_venue_id_id_key').on(t.venueId, t.id),
    index('notifications_pending_idx')
      .on(t.venueId, t.createdAt)
      .where(sql`${t.status} = 0`),
    index('notifications_venue_created_idx').on(t.venueId, t.createdAt),
    uniqueIndex('notifications_dedupe_key')
      .on(t.venueId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    foreignKey({
      name: 'notifications_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notifications_acknowledged_by_fk',
      columns: [t.venueId, t.acknowledgedByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('notifications_type_check', sql`${t.type} in ${NOTIFICATION_TYPES_SQL}`),
    check('notifications_status_check', sql`${t.status} in (0, 1)`),
    check('notifications_ack_check', sql`(${t.status} = 1) = (${t.acknowledgedAt} is not null)`),
    check(
      'notifications_payment_method_check',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ${PAYMENT_METHODS_SQL}`,
    ),
    check('notifications_data_check', sql`jsonb_typeof(${t.data}) = 'object'`),
  ],
);

/** The rooms a notification concerns; the zone filter shows it only where a selected zone matches. */
export const notificationRooms = pgTable(
  'notification_rooms',
  {
    venueId: venueId(),
    notificationId: integer('notification_id').notNull(),
    roomId: integer('room_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.roomId] }),
    foreignKey({
      name: 'notification_rooms_notification_fk',
      columns: [t.venueId, t.notificationId],
      foreignColumns: [notifications.venueId, notifications.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notification_rooms_room_fk',
      columns: [t.venueId, t.roomId],
      foreignColumns: [rooms.venueId, rooms.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The venue's notification timings (issue 8): when an unanswered guest request escalates and when a
 * seated table without drinks gets an upsell reminder. No row means the defaults.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    venueId: venueId()
      .primaryKey()
      .references(() => venues.id, { onDelete: 'cascade' }),
    escalateAfterSeconds: integer('escalate_after_seconds').notNull().default(180),
    upsellReminderMinutes: integer('upsell_reminder_minutes').notNull().default(20),
  },
  (t) => [
    check('notification_settings_escalate_check', sql`${t.escalateAfterSeconds} between 1 and 3600`),
    check('notification_settings_upsell_check', sql`${t.upsellReminderMinutes} between 1 and 240`),
  ],
);
