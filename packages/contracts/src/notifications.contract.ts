import { NOTIFICATION_TYPES } from '@sobremesa/domain';
import { z } from 'zod';
import { okSchema } from './envelope.ts';
import { paymentMethodSchema } from './orders.contract.ts';
import { isoDateSchema } from './reservations.contract.ts';
import { idParamSchema } from './wire-input.ts';

/** Wire contracts of staff notifications (issue 8, spec §3 "Notification", §7 "Notifications"). */

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** A room a notification concerns; the zone filter matches its `name` (spec §5). */
export const notificationRoomSchema = z.object({ id: z.number().int(), name: z.string() });

/** The account a notification is about, as the overlays show it. */
export const notificationReservationSchema = z.object({
  id: z.number().int(),
  wid: z.string(),
  name: z.string(),
  pax: z.number().int(),
  tables: z.array(z.string()),
});

/** One notification as staff screens list it (pending while `status` is 0, history once acknowledged). */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  subtype: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
  target: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  /** Who raised it as staff see it: the staff member's name, 'Comandero' for a ticket request without one. */
  label: z.string(),
  rooms: z.array(notificationRoomSchema),
  reservations: z.array(notificationReservationSchema),
  createdDateTime: z.string(),
  acknowledgedDateTime: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  played: z.boolean(),
  /** Set once it stayed pending past the venue's escalation time: alert again, highlighted. */
  escalatedDateTime: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The venue's notification timings. */
export const notificationSettingsSchema = z.object({
  /** A pending guest request older than this escalates (alerted again, highlighted). */
  escalateAfterSeconds: z.number().int().min(1).max(3600),
  /** A seated table with no drink on the way for this long gets an upselling_drinks_reminder. */
  upsellReminderMinutes: z.number().int().min(1).max(240),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Query of the reads: the role whose notificationTypes apply, and the copilot's selected zones (room names). */
export const notificationsQuerySchema = z.strictObject({
  roleId: idParamSchema.optional(),
  zones: z
    .union([z.string().max(120), z.array(z.string().max(120)).max(50)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
});

/** GET /world/api/notifications (optional ?date, yyyy-MM-dd): the service day's pending and history lists. */
export const notificationsDayQuerySchema = notificationsQuerySchema.extend({
  date: isoDateSchema.optional(),
});

export const notificationsListResponseSchema = okSchema({
  pending: z.array(notificationSchema),
  history: z.array(notificationSchema),
  settings: notificationSettingsSchema,
});
export type NotificationsListResponse = z.infer<typeof notificationsListResponseSchema>;

/** GET /world/api/notifications/recent and /ticket-request. */
export const notificationsRecentResponseSchema = okSchema({
  notifications: z.array(notificationSchema),
  settings: notificationSettingsSchema,
});
export type NotificationsRecentResponse = z.infer<typeof notificationsRecentResponseSchema>;

export const notificationIdPathSchema = z.strictObject({ id: idParamSchema });

/** POST /world/api/notifications/{id}/ack (body optional) and POST /world/api/notification/{id}/ack/ {id}. */
export const ackNotificationRequestSchema = z
  .strictObject({ id: idParamSchema.optional(), roleId: z.number().int().optional() })
  .optional();

export const ackNotificationResponseSchema = okSchema({ notification: notificationSchema });

/** POST /world/notification/setplayed {notification}: the alert was played, a reload does not ring again. */
export const setPlayedRequestSchema = z.strictObject({
  notification: z.union([z.number().int().positive(), z.strictObject({ id: z.number().int().positive() })]),
});

/** POST /world/notification/new, staff form: a ticket request raised from the copilot (commander). */
export const staffTicketRequestSchema = z.strictObject({
  reservationWid: z.string().min(1).max(64),
  paymentMethod: paymentMethodSchema,
  roleId: z.number().int().optional(),
});

/** POST /world/api/notifications/settings (admin): change the venue's timings. */
export const notificationSettingsUpdateSchema = notificationSettingsSchema.partial().strict();
export const notificationSettingsResponseSchema = okSchema({ settings: notificationSettingsSchema });

/** Payload of the realtime topics `notification.created`, `notification.acknowledged`, `notification.escalated`. */
export const notificationEventPayloadSchema = z.object({
  notificationId: z.number().int(),
  type: z.string(),
  subtype: z.number().int().optional(),
  reservationId: z.number().int().nullable().optional(),
  roomNames: z.array(z.string()).optional(),
});
export type NotificationEventPayload = z.infer<typeof notificationEventPayloadSchema>;
