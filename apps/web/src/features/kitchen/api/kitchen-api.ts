import { getByRoleResponseSchema, type GetByRoleResponse, type RealtimeEvent } from '@sobremesa/contracts';
import { isTopicIn } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

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
