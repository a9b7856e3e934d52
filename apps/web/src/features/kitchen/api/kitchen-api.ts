import {
  dispatchFireableResponseSchema,
  getByRoleResponseSchema,
  productOrderLinesResponseSchema,
  type GetByRoleResponse,
  type RealtimeEvent,
} from '@sobremesa/contracts';
import { isTopicIn } from '@sobremesa/contracts';
import type { KitchenOperation } from '@sobremesa/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sendOrQueue } from '../../../lib/offline-writes.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';

/** The kitchen's queries live under this key: realtime events and actions invalidate it. */
export const KITCHEN_QUERY_KEY = [...STAFF_QUERY_KEY, 'kitchen'] as const;

/**
 * The events after which the day's orders are read again (the contracts' `kitchen` topic group): orders,
 * line changes, and a table's allergies changing, which changes its tickets' band.
 */
export function isKitchenEvent(event: RealtimeEvent): boolean {
  return isTopicIn('kitchen', event);
}

/** POST /world/api/productorder/get-by-role: the service day's orders as the selected role sees them. */
export function kitchenDayQuery(roleId: number | null) {
  return queryOptions({
    queryKey: [...KITCHEN_QUERY_KEY, 'day', roleId],
    queryFn: (): Promise<GetByRoleResponse> =>
      api.request(getByRoleResponseSchema, '/world/api/productorder/get-by-role', {
        body: roleId === null ? {} : { roleId },
      }),
    // A missed event (a tablet asleep) heals within the minute; events do the real work.
    refetchInterval: 60_000,
    meta: { access: 'copilot' },
  });
}

/** The line buttons of the screens, and the call each one makes (spec §7 "Orders"). */
const LINE_PATHS = {
  startPreparation: 'startpreparation',
  finishPreparation: 'finishpreparation',
  serve: 'serve',
  addToHotTable: 'addtohottable',
  removeFromHotTable: 'removetohottable',
  // The kitchen refuses a dish it cannot make (decision 052): it leaves the bill, so it needs a key.
  reject: 'mark-as-rejected',
} as const satisfies Partial<Record<KitchenOperation, string>>;

export type LineOperation = keyof typeof LINE_PATHS;

export function isLineOperation(operation: KitchenOperation): operation is LineOperation {
  return operation in LINE_PATHS;
}

/** The kitchen's calls, each with the selected role (SEC-02: the server checks it). */
export function kitchenCalls(roleId: number | null) {
  const role = roleId === null ? {} : { roleId };
  return {
    /**
     * One call for the whole set: all the lines move, or none (another tablet was first). Without a
     * connection it waits in the offline queue with its Idempotency-Key (decision 051).
     */
    lines: (operation: LineOperation, productOrderIds: readonly number[]) =>
      // A rejection takes the dish off the bill: it is said to the server there and then, never queued.
      operation === 'reject'
        ? api.request(productOrderLinesResponseSchema, `/world/api/productorder/${LINE_PATHS[operation]}`, {
            body: { productOrderIds, ...role },
            headers: idempotencyHeader(),
          })
        : sendOrQueue(productOrderLinesResponseSchema, {
            kind: 'kitchen',
            path: `/world/api/productorder/${LINE_PATHS[operation]}`,
            body: { productOrderIds, ...role },
            lineIds: productOrderIds,
          }),
    /** Fires exactly the course the screen showed as next, so two taps never fire two courses. */
    fire: (reservationId: number, dishClassId: number | null) =>
      api.request(dispatchFireableResponseSchema, '/world/api/productorder/dispatch-fireable', {
        body: { reservationId, ...(dishClassId === null ? {} : { dishClassId }), ...role },
      }),
  };
}

export type KitchenCalls = ReturnType<typeof kitchenCalls>;
