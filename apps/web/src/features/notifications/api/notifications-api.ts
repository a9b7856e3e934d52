import {
  doneReplySchema,
  notificationsRecentResponseSchema,
  type NotificationsRecentResponse,
  type RealtimeEvent,
} from '@sobremesa/contracts';
import { isTopicIn } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

export const NOTIFICATIONS_QUERY_KEY = [...STAFF_QUERY_KEY, 'notifications'] as const;

/**
 * The socket carries every notification event of the venue; which of them a role hears is decided by the
 * server's read (its notificationTypes, Cocina without bills, the zone filter), so an event only refetches.
 */
export function isNotificationEvent(event: RealtimeEvent): boolean {
  return isTopicIn('notifications', event);
}

function search(roleId: number | null, zones: readonly string[]): string {
  const params = new URLSearchParams();
  if (roleId !== null) params.set('roleId', String(roleId));
  for (const zone of zones) params.append('zones', zone);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /world/api/notifications/recent: everything pending and the last hours' history, for this role and zones. */
export function recentNotificationsQuery(roleId: number | null, zones: readonly string[]) {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'recent', roleId, zones],
    queryFn: (): Promise<NotificationsRecentResponse> =>
      api.request(
        notificationsRecentResponseSchema,
        `/world/api/notifications/recent${search(roleId, zones)}`,
      ),
    // Events do the work; this heals a tablet that slept through one.
    refetchInterval: 30_000,
    retry: 1,
    meta: { access: 'copilot' },
  });
}

/** Marking a notification's sound as played: fire and forget, the lists do not show it. */
export function notificationCalls() {
  return {
    setPlayed: (id: number) =>
      api.request(doneReplySchema, '/world/notification/setplayed', { body: { notification: id } }),
  };
}
