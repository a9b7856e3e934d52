import {
  createCartSessionOrderResponseSchema,
  menuGetResponseSchema,
  processOrderResponseSchema,
  waitingOrdersResponseSchema,
  type CartLineInput,
} from '@sobremesa/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { sendOrQueue } from '../../lib/offline-writes.ts';
import { STAFF_QUERY_KEY } from '../../lib/query-client.ts';
import { STAFF_WRITE } from '../../lib/staff-writes.ts';

/** The commander's queries live under this key: `menu.product.changed` and `order.*` refresh them. */
export const COMMANDER_QUERY_KEY = [...STAFF_QUERY_KEY, 'commander'] as const;

const withRole = (roleId: number | null) => (roleId === null ? {} : { roleId });

/** POST /world/api/menu/get with the staff token: every menu, product and option, sold-out ones marked. */
export function staffMenuQuery(roleId: number | null) {
  return queryOptions({
    queryKey: [...COMMANDER_QUERY_KEY, 'menu', roleId],
    queryFn: () => api.request(menuGetResponseSchema, '/world/api/menu/get', { body: withRole(roleId) }),
    meta: { access: 'copilot' },
  });
}

/** POST /world/api/cartsession/waiting: the table's orders waiting for staff validation. */
export function waitingOrdersQuery(reservationWid: string, roleId: number | null) {
  return queryOptions({
    queryKey: [...COMMANDER_QUERY_KEY, 'waiting', reservationWid, roleId],
    queryFn: () =>
      api.request(waitingOrdersResponseSchema, '/world/api/cartsession/waiting', {
        body: { reservationId: reservationWid, ...withRole(roleId) },
      }),
    meta: { access: 'copilot' },
  });
}

export interface StaffOrder {
  readonly reservationWid: string;
  readonly name: string;
  readonly pax: number;
  readonly products: readonly CartLineInput[];
}

/**
 * POST /world/api/cartsession/createcartsessionorder as staff (source 1, the commander), with the role
 * and the cart's Idempotency-Key (REL-03: a double tap or a retry is one order). Without a connection the
 * order waits in the offline queue under the same key (decision 051).
 */
export function sendStaffOrder(order: StaffOrder, roleId: number | null, idempotencyKey: string) {
  return sendOrQueue(createCartSessionOrderResponseSchema, {
    kind: 'order',
    path: '/world/api/cartsession/createcartsessionorder',
    body: {
      ...withRole(roleId),
      orderInfo: {
        name: order.name,
        pax: order.pax,
        source: 1,
        orderReservationName: order.name,
        reservationId: order.reservationWid,
        av: 0,
      },
      products: order.products,
    },
    key: idempotencyKey,
  });
}

/** POST /world/api/cartsession/processorder {cartSessionOrderId, roleId}: validate a waiting order. */
export function processOrder(cartSessionOrderId: number, roleId: number | null) {
  return api.request(processOrderResponseSchema, '/world/api/cartsession/processorder', {
    body: { cartSessionOrderId, ...withRole(roleId) },
  });
}

/** The order and the cart's key it goes with. */
export interface StaffOrderSending {
  readonly order: StaffOrder;
  readonly idempotencyKey: string;
}

/**
 * Sending the commander's cart through the query layer: an order the server took (not queued, not
 * refused with `result: -2`) reads the commander's queries again (the waiting orders, the menu's stock).
 */
export function useSendStaffOrder(roleId: number | null) {
  const client = useQueryClient();
  return useMutation({
    ...STAFF_WRITE,
    mutationFn: ({ order, idempotencyKey }: StaffOrderSending) =>
      sendStaffOrder(order, roleId, idempotencyKey),
    onSuccess: (sent) => {
      if (!sent.queued && sent.reply.result === 0)
        void client.invalidateQueries({ queryKey: COMMANDER_QUERY_KEY });
    },
  });
}
