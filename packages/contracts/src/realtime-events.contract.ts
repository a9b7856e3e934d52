import { z } from 'zod';
import { floorEventPayloadSchema } from './floor.contract.ts';
import { ORDER_LINE_CHANGED_TOPIC, orderLineChangedSchema } from './kitchen.contract.ts';
import { STATION_TICKETS_TOPIC, stationTicketsEventSchema } from './station-tickets.contract.ts';
import { takeawayPauseSchema } from './takeaway.contract.ts';

/**
 * Every realtime event, keyed by topic (decision 063): the topic names the payload, as tldraw's protocol
 * names each message by its type. The server's `appendEvent` takes only a topic listed here with its
 * payload, so an emitter that drifts from what screens read fails to compile; screens narrow on
 * `event.topic` and read a typed payload. The wire is the outbox's: `{type, seq, topic, payload, at}`.
 *
 * A payload lists what screens may rely on. Reservation and account payloads are open (`looseObject`):
 * the floor, the guest's booking calls and the billing calls each add their own fields to one topic.
 */

const id = z.number().int();

/** What every change of a reservation (or of its account) carries. */
const reservationChangeSchema = z.looseObject({ reservationId: id });

/** A guest's own booking as staff screens hear of it (a booking, a guest's change or cancellation). */
const guestBookingChangeSchema = z.looseObject({
  reservationId: id,
  wid: z.string(),
  status: z.number().int(),
  date: z.string(),
  pax: z.number().int(),
});

/** An account's amounts after a change: bill requested, payment, tip, discount, closed. */
export const accountEventSchema = z.looseObject({
  reservationId: id,
  wid: z.string(),
  status: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  pendingCents: z.number().int(),
  by: z.enum(['staff', 'guest']),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

/** The account topics (`appendAccountEvent` of the billing module). */
export const ACCOUNT_EVENT_TOPICS = [
  'reservation.bill_requested',
  'reservation.payment',
  'reservation.payment_method',
  'reservation.payment_voided',
  'reservation.tip',
  'reservation.discount',
  'reservation.paid',
] as const;
export type AccountEventTopic = (typeof ACCOUNT_EVENT_TOPICS)[number];

export const REALTIME_EVENT_PAYLOADS = {
  // Reservations: the floor's actions, guests' bookings, guests and allergies.
  'reservation.created': z.union([floorEventPayloadSchema, guestBookingChangeSchema]),
  'reservation.updated': z.union([floorEventPayloadSchema, guestBookingChangeSchema]),
  'reservation.cancelled': z.union([floorEventPayloadSchema, guestBookingChangeSchema]),
  'reservation.guests.changed': z.object({ reservationId: id, wid: z.string() }),
  'reservation.allergies': z.object({ reservationId: id }),
  // Accounts (decision 012): the amounts after each change.
  'reservation.bill_requested': accountEventSchema,
  'reservation.payment': accountEventSchema,
  'reservation.payment_method': accountEventSchema,
  'reservation.payment_voided': accountEventSchema,
  'reservation.tip': accountEventSchema,
  'reservation.discount': accountEventSchema,
  'reservation.paid': accountEventSchema,
  'reservation.invoice': reservationChangeSchema.and(
    z.object({
      billId: id,
      replacesBillId: id.optional(),
      rectifiesBillId: id.optional(),
      /** A cancelled ticket issued again as this one. */
      reissuesBillId: id.optional(),
      cancelled: z.literal(true).optional(),
      by: z.literal('staff'),
      userId: id,
    }),
  ),
  // Orders and the kitchen (decisions 009, 010).
  'order.created': z.object({
    cartSessionOrderId: id,
    reservationId: id,
    wid: z.string(),
    cartSessionStatus: z.number().int(),
    source: z.number().int(),
    itemCount: z.number().int(),
    totalCents: z.number().int(),
  }),
  'order.processed': z.object({
    cartSessionOrderId: id,
    reservationId: id,
    cartSessionStatus: z.number().int(),
    roleId: id.nullable(),
  }),
  [ORDER_LINE_CHANGED_TOPIC]: orderLineChangedSchema,
  [STATION_TICKETS_TOPIC]: stationTicketsEventSchema,
  /** An admin changed the menus' structure: a menu, category, option type, course or text (decision 060). */
  'menu.changed': z.object({ entity: z.string(), id }),
  'menu.product.changed': z.object({
    productId: id,
    sku: z.string().nullable(),
    available: z.boolean(),
    topChoice: z.boolean(),
    isVisible: z.boolean(),
    priceCents: z.number().int(),
  }),
  // Notifications (decision 011).
  'notification.created': z.object({
    notificationId: id,
    type: z.string(),
    subtype: z.number().int().nullable(),
    reservationId: id.nullable(),
    roomId: id.nullable(),
    roomNames: z.array(z.string()),
  }),
  'notification.acknowledged': z.object({
    notificationId: id,
    type: z.string(),
    reservationId: id.nullable(),
    acknowledgedByUserId: id,
    resolvedByCause: z.literal(true).optional(),
  }),
  'notification.escalated': z.object({ notificationId: id, type: z.string(), reservationId: id.nullable() }),
  // The waiting list (decision 037).
  'waitlist.updated': z.object({
    entryId: id,
    action: z.string(),
    status: z.string(),
    reservationId: id.nullable(),
    by: z.literal('staff'),
    userId: id,
  }),
  // The till (decision 033): a snapshot, a cash movement or a reopened shift.
  'till.changed': z.union([
    z.object({ snapshotType: z.number().int(), closedShiftId: id.nullable(), openedShiftId: id.nullable() }),
    z.object({ movementId: id, shiftId: id }),
    z.object({ reopenedShiftId: id }),
  ]),
  // Takeaway and delivery (decisions 036, 043).
  'takeaway.created': z.object({
    takeawayOrderId: id,
    reservationId: id,
    number: z.number().int(),
    mode: z.string(),
    pickupAt: z.string(),
  }),
  'takeaway.status': z.object({
    takeawayOrderId: id,
    reservationId: id,
    number: z.number().int(),
    status: z.string(),
    pickupAt: z.string(),
  }),
  'takeaway.paid': z.object({
    takeawayOrderId: id,
    reservationId: id,
    number: z.number().int(),
    amountCents: z.number().int(),
  }),
  'takeaway.paused': takeawayPauseSchema,
  // Reviews, staff and the venue's settings.
  'review.received': z.object({ reviewId: id, rating: z.number().int(), outcome: z.string() }),
  'staff.user.renamed': z.object({ userId: id, name: z.string() }),
  'staff.member.updated': z.object({ userId: id }),
  'venue.config.updated': z.object({ changed: z.array(z.string()) }),
} as const satisfies Record<string, z.ZodType>;

export type RealtimeTopic = keyof typeof REALTIME_EVENT_PAYLOADS;
export const REALTIME_TOPICS = Object.keys(REALTIME_EVENT_PAYLOADS) as RealtimeTopic[];

/** The payload of `topic` as its emitter writes it. */
export type RealtimePayload<T extends RealtimeTopic> = z.input<(typeof REALTIME_EVENT_PAYLOADS)[T]>;

/** One outbox event as streamed to staff screens: narrow on `topic` to read its payload. */
export type RealtimeEvent = {
  [T in RealtimeTopic]: {
    readonly type: 'event';
    readonly seq: number;
    readonly topic: T;
    readonly payload: RealtimePayload<T>;
    readonly at: string;
  };
}[RealtimeTopic];

export type RealtimeEventOf<T extends RealtimeTopic> = Extract<RealtimeEvent, { topic: T }>;

function topicsUnder(prefix: string): readonly RealtimeTopic[] {
  return REALTIME_TOPICS.filter((topic) => topic.startsWith(prefix));
}

/**
 * The topics each screen refetches on (a new topic under a family joins its screens by its prefix).
 * Screens test membership with `isTopicIn`.
 */
export const REALTIME_TOPIC_GROUPS = {
  /** The floor plan and its lists: reservations, orders, the waiting list and the menu's availability. */
  floor: [
    ...topicsUnder('reservation.'),
    ...topicsUnder('order.'),
    ...topicsUnder('waitlist.'),
    ...topicsUnder('menu.'),
  ],
  /** The kitchen, bar and pass boards; the floor's "ready to serve". */
  kitchen: [
    'order.created',
    'order.processed',
    ORDER_LINE_CHANGED_TOPIC,
    'reservation.allergies',
    'reservation.updated',
  ],
  /** The point of sale's accounts. */
  pos: [...topicsUnder('reservation.'), ...topicsUnder('order.'), 'notification.created'],
  /** The till panel. */
  till: ['till.changed', ...topicsUnder('reservation.')],
  /** Notifications and their badges. */
  notifications: topicsUnder('notification.'),
  /** The takeaway tab and counter. */
  takeaway: [...topicsUnder('takeaway.'), ...topicsUnder('reservation.')],
  /** The commander (orders to validate) and the menu tools. */
  commander: [...topicsUnder('menu.'), ...topicsUnder('order.')],
  /** The menus as staff order from them: a product's availability or price, or an admin's edit. */
  menu: topicsUnder('menu.'),
  reviews: ['review.received'],
  stationTickets: [STATION_TICKETS_TOPIC],
  /** Every screen that shows the venue's settings or staff. */
  venue: ['venue.config.updated', 'staff.member.updated', 'staff.user.renamed'],
} as const satisfies Record<string, readonly RealtimeTopic[]>;
export type RealtimeTopicGroup = keyof typeof REALTIME_TOPIC_GROUPS;

/** True when `event` is one the screen of `group` refetches on. */
export function isTopicIn(group: RealtimeTopicGroup, event: { readonly topic: string }): boolean {
  return (REALTIME_TOPIC_GROUPS[group] as readonly string[]).includes(event.topic);
}
