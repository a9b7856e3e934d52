import { serviceSlotsFor, type ServiceScheduleEntry } from '../availability/schedule.ts';
import type { IsoDate } from '../service-day.ts';

/** How a venue paces takeaway: pickup times every `slotMinutes`, none sooner than `leadMinutes` ahead. */
export interface TakeawayPacing {
  readonly slotMinutes: number;
  readonly leadMinutes: number;
  readonly ordersPerSlot: number;
}

/** A pickup (or delivery) time of a service day and how many orders it can still take. */
export interface TakeawaySlot {
  /** Wall-clock time in the venue's zone, `HH:mm`. */
  readonly time: string;
  readonly startsAt: Date;
  readonly left: number;
}

/**
 * The pickup times of service day `date`: the venue's services stepped every `slotMinutes` (DST-safe, as
 * reservations), dropping the times sooner than `now + leadMinutes` and telling each time's places left
 * from the orders it already holds (`taken`, keyed by the instant's milliseconds).
 */
export function takeawaySlotsFor(
  date: IsoDate,
  schedule: readonly ServiceScheduleEntry[],
  timeZone: string,
  pacing: TakeawayPacing,
  now: Date,
  taken: ReadonlyMap<number, number>,
): TakeawaySlot[] {
  const stepped = schedule.map((entry) => ({ ...entry, slotIntervalMinutes: pacing.slotMinutes }));
  const earliest = now.getTime() + pacing.leadMinutes * 60_000;
  return serviceSlotsFor(date, stepped, timeZone)
    .filter((slot) => slot.startsAt.getTime() >= earliest)
    .map((slot) => ({
      time: slot.timeSlot,
      startsAt: slot.startsAt,
      left: Math.max(0, pacing.ordersPerSlot - (taken.get(slot.startsAt.getTime()) ?? 0)),
    }));
}

/** A postal code as typed (spaces, lower case) in the form zones store it. */
export function normalizePostalCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/**
 * The statuses a takeaway order goes through, in the order the guest sees them. An order paid online
 * waits in `pending_payment` until the acquirer answers: authorised it is `received`, denied or never
 * answered it is `payment_failed` (staff never see it as theirs to accept).
 */
export const TAKEAWAY_STATUSES = [
  'pending_payment',
  'received',
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
  'delivered',
  'refused',
  'payment_failed',
] as const;
export type TakeawayStatus = (typeof TAKEAWAY_STATUSES)[number];

/** Where staff may move an order from each status (refusing is only before the kitchen starts). */
const NEXT: Record<TakeawayStatus, readonly TakeawayStatus[]> = {
  pending_payment: [],
  received: ['accepted', 'refused'],
  accepted: ['preparing', 'ready', 'refused'],
  preparing: ['ready'],
  ready: ['out_for_delivery', 'delivered'],
  out_for_delivery: ['delivered'],
  delivered: [],
  refused: [],
  payment_failed: [],
};

/** Whether staff may move an order of `mode` from `from` to `to` (a pickup order is never out for delivery). */
export function canMoveTakeaway(
  from: TakeawayStatus,
  to: TakeawayStatus,
  mode: 'pickup' | 'delivery',
): boolean {
  if (to === 'out_for_delivery' && mode !== 'delivery') return false;
  if (mode === 'delivery' && from === 'ready' && to === 'delivered') return false;
  return NEXT[from].includes(to);
}
