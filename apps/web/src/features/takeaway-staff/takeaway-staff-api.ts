import {
  getTakeawayResponseSchema,
  staffTakeawayReplySchema,
  takeawayPauseResponseSchema,
  type RealtimeEvent,
  type TAKEAWAY_PAUSES,
} from '@sobremesa/contracts';
import { isTopicIn } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../lib/query-client.ts';

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

/** The board's moves, each with the selected role (the server checks it may accept orders). */
export function takeawayCalls(roleId: number | null) {
  const role = roleId === null ? {} : { roleId };
  return {
    accept: (takeawayOrderId: number) =>
      api.request(staffTakeawayReplySchema, '/world/api/takeaway/accept', {
        body: { takeawayOrderId, ...role },
      }),
    refuse: (takeawayOrderId: number, reason: string) =>
      api.request(staffTakeawayReplySchema, '/world/api/takeaway/refuse', {
        body: { takeawayOrderId, reason, ...role },
      }),
    advance: (takeawayOrderId: number, status: AdvanceTo) =>
      api.request(staffTakeawayReplySchema, '/world/api/takeaway/advance', {
        body: { takeawayOrderId, status },
      }),
    pause: (pause: TakeawayPauseChoice) =>
      api.request(takeawayPauseResponseSchema, '/world/api/takeaway/pause', { body: { pause, ...role } }),
    resume: () =>
      api.request(takeawayPauseResponseSchema, '/world/api/takeaway/resume', { body: { ...role } }),
  };
}
export type TakeawayCalls = ReturnType<typeof takeawayCalls>;
