import type { StaffTakeawayOrder } from '@sobremesa/contracts';
import { canMoveTakeaway, type TakeawayStatus } from '@sobremesa/domain';

/** The board's columns, in the order an order crosses them; refused orders are kept apart, last. */
export const BOARD_GROUPS = ['new', 'kitchen', 'ready', 'handedOver', 'refused'] as const;
export type BoardGroup = (typeof BOARD_GROUPS)[number];

// An order paid online reaches the board once the provider has said the guest paid (decision 039).
const GROUP_OF: Record<TakeawayStatus, BoardGroup | null> = {
  pending_payment: null,
  payment_failed: null,
  received: 'new',
  accepted: 'kitchen',
  preparing: 'kitchen',
  ready: 'ready',
  out_for_delivery: 'ready',
  delivered: 'handedOver',
  refused: 'refused',
};

/** The day's orders in their groups, each by pickup time (the server's order; ties by number). */
export function boardOf(
  orders: readonly StaffTakeawayOrder[],
): ReadonlyMap<BoardGroup, readonly StaffTakeawayOrder[]> {
  const sorted = [...orders].sort(
    (a, b) => a.pickupDateTime.localeCompare(b.pickupDateTime) || a.number - b.number,
  );
  return new Map(
    BOARD_GROUPS.map((group) => [group, sorted.filter((order) => GROUP_OF[order.status] === group)]),
  );
}

/** New orders waiting for someone to accept or refuse them: the tab's badge. */
export const newCount = (orders: readonly StaffTakeawayOrder[]) =>
  orders.filter((order) => order.status === 'received').length;

export type BoardAction =
  'accept' | 'refuse' | 'ready' | 'outForDelivery' | 'chargeAndHandOver' | 'issueAndHandOver' | 'handOver';

/**
 * What staff may do with an order now, following the server's rule (`canMoveTakeaway`): a ready pickup
 * order is charged at the counter when something is owed; one paid online still gets its simplified
 * invoice issued as it is handed over; one invoiced already is just handed over. A delivery goes out
 * first and is handed over at the door.
 */
export function actionsOf(order: StaffTakeawayOrder): BoardAction[] {
  const may = (to: TakeawayStatus) => canMoveTakeaway(order.status, to, order.mode);
  const actions: BoardAction[] = [];
  if (may('accepted')) actions.push('accept');
  if (may('refused')) actions.push('refuse');
  if (may('ready')) actions.push('ready');
  if (may('out_for_delivery')) actions.push('outForDelivery');
  if (may('delivered'))
    actions.push(
      // Paid online, the server issues its invoice as it is handed over (decision 039).
      order.billIssued || (order.paid && order.payment.method === 'online')
        ? 'handOver'
        : order.paid
          ? 'issueAndHandOver'
          : 'chargeAndHandOver',
    );
  return actions;
}

/** The reasons a refusal is most often given for, offered as one tap (the guest reads the one chosen). */
export const REFUSAL_REASONS = ['kitchenFull', 'closingSoon', 'soldOut', 'outsideArea'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
