import { PRODUCT_ORDER_STATUS } from './lifecycle.ts';

/**
 * What a guest is told of a dish they ordered (issue 18 item 6, decision 028): five states in the guest's
 * words instead of the kitchen's eleven codes. `notMade` covers a dish the kitchen refused or staff
 * cancelled (and a line in error): the guest is told it will not come and is not charged. A loss is a
 * staff write-off of a dish that was made; the guest is not shown it (`null`).
 */
export type GuestLineState = 'received' | 'preparing' | 'ready' | 'served' | 'notMade';

export const GUEST_LINE_STATES: readonly GuestLineState[] = [
  'received',
  'preparing',
  'ready',
  'served',
  'notMade',
];

export function guestLineState(status: number): GuestLineState | null {
  switch (status) {
    case PRODUCT_ORDER_STATUS.created:
    case PRODUCT_ORDER_STATUS.accepted:
      return 'received';
    case PRODUCT_ORDER_STATUS.preparing:
      return 'preparing';
    case PRODUCT_ORDER_STATUS.ready:
    case PRODUCT_ORDER_STATUS.inHotTable:
      return 'ready';
    case PRODUCT_ORDER_STATUS.consuming:
    case PRODUCT_ORDER_STATUS.consumed:
    case PRODUCT_ORDER_STATUS.retired:
    case PRODUCT_ORDER_STATUS.served:
      return 'served';
    case PRODUCT_ORDER_STATUS.cancelled:
    case PRODUCT_ORDER_STATUS.rejected:
    case PRODUCT_ORDER_STATUS.error:
      return 'notMade';
    default:
      return null;
  }
}
