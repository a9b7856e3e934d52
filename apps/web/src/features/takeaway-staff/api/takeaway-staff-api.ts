import { getTakeawayResponseSchema, type RealtimeEvent, type TAKEAWAY_PAUSES } from '@sobremesa/contracts';
import { isTopicIn } from '@sobremesa/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';

/** The copilot's takeaway board lives under this key: takeaway events invalidate it. */
export const TAKEAWAY_STAFF_QUERY_KEY = [...STAFF_QUERY_KEY, 'takeaway'] as const;

/**
 * `takeaway.created` (a guest's new order), `takeaway.status` (a tablet moved one), `takeaway.paused`;
 * and a payment on any account (a `reservation.*` billing topic), which may be a takeaway order's.
 */
export function isTakeawayEvent(event: RealtimeEvent): boolean {
  return isTopicIn('takeaway', event);
}

/** POST /world/account/gettakeaway {date}: the service day's orders and whether online orders are paused. */
export function takeawayDayQuery(logicalDate: string) {
  return queryOptions({
    // The logical date in the key: at 06:00 the board moves to the new service day by itself.
    queryKey: [...TAKEAWAY_STAFF_QUERY_KEY, 'day', logicalDate],
    queryFn: () =>
      api.request(getTakeawayResponseSchema, '/world/account/gettakeaway', { body: { date: logicalDate } }),
    // A tablet that slept through an event heals within the minute; events do the real work.
    refetchInterval: 60_000,
    meta: { access: 'copilot' },
  });
}

export type TakeawayPauseChoice = (typeof TAKEAWAY_PAUSES)[number];
export type AdvanceTo = 'ready' | 'out_for_delivery' | 'delivered';

export const withRole = (roleId: number | null) => (roleId === null ? {} : { roleId });

/**
 * A move on the board (an order's, the pause's) as the query layer runs it: the board is read again
 * whether the server took it or refused it (another tablet moved the order first), and the mutation
 * settles once it is, so what the screen says next comes with the board as it is.
 */
export function boardWriteMutation<Input, Reply>(
  client: QueryClient,
  send: (input: Input) => Promise<Reply>,
) {
  return {
    ...STAFF_WRITE,
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: TAKEAWAY_STAFF_QUERY_KEY }),
  };
}
