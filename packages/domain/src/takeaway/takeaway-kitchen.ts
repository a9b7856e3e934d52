import { PRODUCT_ORDER_STATUS } from '../product-order/lifecycle.ts';
import type { TakeawayStatus } from './takeaway-slots.ts';

/** Minutes a venue's kitchen takes for an order when it has not said (decision 041). */
export const DEFAULT_PREP_MINUTES = 20;

/** When the kitchen starts an order so it is ready at its pickup (or delivery) time. */
export function kitchenFireTime(pickupAt: Date, prepMinutes: number): Date {
  return new Date(pickupAt.getTime() - Math.max(0, prepMinutes) * 60_000);
}

/** An accepted order whose firing time is still ahead waits as "scheduled" rather than in the queue. */
export function isScheduled(firesAt: Date, now: Date): boolean {
  return firesAt.getTime() > now.getTime();
}

const S = PRODUCT_ORDER_STATUS;

/**
 * Where the kitchen's work moves a takeaway order: to `preparing` once a line is started, to `ready`
 * once every line still standing is ready or beyond (void lines do not count, a pickup is not held up by
 * a dish taken off). Null when it does not move (before acceptance, after ready, or nothing changed).
 */
export function takeawayStatusFromKitchen(
  current: TakeawayStatus,
  lineStatuses: readonly number[],
): 'preparing' | 'ready' | null {
  if (current !== 'accepted' && current !== 'preparing') return null;
  const standing = lineStatuses.filter((status) => status >= S.accepted);
  if (standing.length === 0) return null;
  if (standing.every((status) => status >= S.ready)) return 'ready';
  if (current === 'accepted' && standing.some((status) => status >= S.preparing)) return 'preparing';
  return null;
}
