import type { NotificationType } from '../copilot-views.ts';
import { PRODUCT_ORDER_STATUS } from '../product-order/lifecycle.ts';

/**
 * What ends an account's need for staff (issue 18): the bill settled (every euro paid) ends its bill
 * request; the account closed (paid, finished, cancelled, absent or merged) ends everything it asked for.
 */
export type AccountCause = 'bill_settled' | 'account_closed';

/** The pending types of an account that a cause resolves. */
export function typesResolvedBy(cause: AccountCause): readonly NotificationType[] | 'all' {
  return cause === 'bill_settled' ? ['ticket_request'] : 'all';
}

/** The ready alerts, one per account and kind (food, drinks), naming the lines that became ready. */
export const READY_ALERT_TYPES = [
  'order_ready_food',
  'order_ready_drinks',
] as const satisfies readonly NotificationType[];

/**
 * A ready alert is resolved once none of its lines waits for a waiter any more: each was served (or
 * written off, voided, taken back to the stove), none is still ready or on the hot table. A line that no
 * longer exists waits for nobody.
 */
export function isReadyAlertResolved(lineStatuses: readonly (number | undefined)[]): boolean {
  return lineStatuses.every(
    (status) => status !== PRODUCT_ORDER_STATUS.ready && status !== PRODUCT_ORDER_STATUS.inHotTable,
  );
}
