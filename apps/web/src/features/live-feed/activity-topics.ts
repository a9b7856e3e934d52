/**
 * The words for each realtime topic in the live activity panel (issue 18 item 11): staff read what
 * happened ("Piden la cuenta · Mesa 4"), never an event's internal name. A topic the app does not know
 * yet reads as a change in the service, in words too.
 */
const TOPIC_KEYS = {
  'reservation.created': 'reservationCreated',
  'reservation.updated': 'reservationUpdated',
  'reservation.cancelled': 'reservationCancelled',
  'reservation.guests.changed': 'guestsChanged',
  'reservation.bill_requested': 'billRequested',
  'reservation.payment_method': 'paymentMethod',
  'reservation.payment': 'payment',
  'reservation.payment_voided': 'paymentVoided',
  'reservation.tip': 'tip',
  'reservation.discount': 'discount',
  'reservation.paid': 'paid',
  'reservation.invoice': 'invoice',
  'order.created': 'orderCreated',
  'order.processed': 'orderProcessed',
  'order.line.changed': 'orderLineChanged',
  'notification.created': 'notificationCreated',
  'notification.acknowledged': 'notificationAcknowledged',
  'notification.escalated': 'notificationEscalated',
  'menu.product.changed': 'productChanged',
  // An admin's change of the menus themselves (decision 060) reads the same: the menu was updated.
  'menu.changed': 'productChanged',
  'venue.config.updated': 'venueConfigUpdated',
  'takeaway.created': 'takeawayCreated',
  'takeaway.status': 'takeawayStatus',
  'takeaway.paused': 'takeawayPaused',
} as const;

/** The translation key (under `activity.topics`) of what a topic says happened. */
export type ActivityTopicKey = (typeof TOPIC_KEYS)[keyof typeof TOPIC_KEYS] | 'other';

/** The words for `topic`, as a key of `activity.topics`. */
export function activityTopicKey(topic: string): ActivityTopicKey {
  return Object.hasOwn(TOPIC_KEYS, topic) ? TOPIC_KEYS[topic as keyof typeof TOPIC_KEYS] : 'other';
}

/** The table an event is about, when its payload names one (floor and billing events do). */
export function activityTable(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('table' in payload)) return null;
  return typeof payload.table === 'string' && payload.table !== '' ? payload.table : null;
}
