import type { SystemConfigResponse, VenueConfig } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, envelope } from './api-client.ts';
import { api } from './api.ts';
import { SYSTEM_CONFIG_CALL, VENUE_CONFIG_CALL } from './config-calls.ts';

type SystemConfig = SystemConfigResponse['systemConfig'];

/**
 * The configuration every screen shares (spec §2: loaded once). It does not change while a page is open,
 * so it never goes stale; a venue that changes its settings is seen on the next load.
 */
const ONCE = { staleTime: Infinity, gcTime: Infinity } as const;

/** A venue that does not exist (404) or is suspended (423) will not answer differently on a retry. */
function retryUnlessVenueRefused(failures: number, error: Error): boolean {
  if (error instanceof ApiError && (error.status === 404 || error.status === 423)) return false;
  return failures < 2;
}

export const systemConfigQuery = queryOptions({
  queryKey: ['config', 'system'],
  queryFn: async (): Promise<SystemConfig> =>
    (
      await api.request(
        envelope<{ systemConfig: SystemConfig }>(
          ['systemConfig'],
          (reply) => typeof reply.systemConfig.websocket_url === 'string',
        ),
        SYSTEM_CONFIG_CALL.path,
        SYSTEM_CONFIG_CALL.init,
      )
    ).systemConfig,
  retry: retryUnlessVenueRefused,
  ...ONCE,
});

export const venueConfigQuery = queryOptions({
  queryKey: ['config', 'venue'],
  queryFn: async (): Promise<VenueConfig> =>
    (
      await api.request(
        envelope<{ venueConfig: VenueConfig }>(
          ['venueConfig'],
          (reply) => typeof reply.venueConfig.business_name === 'string',
        ),
        VENUE_CONFIG_CALL.path,
        VENUE_CONFIG_CALL.init,
      )
    ).venueConfig,
  retry: retryUnlessVenueRefused,
  ...ONCE,
});

/**
 * The service day the venue is in (06:00 boundary, spec §4). System config already carries it, so the
 * start-up seeds this query from there and POST /world/api/config/logical-date only runs when a screen
 * invalidates it (a staff screen crossing the day boundary).
 */
export const logicalDateQuery = queryOptions({
  queryKey: ['config', 'logical-date'],
  queryFn: async (): Promise<string> =>
    (
      await api.request(
        envelope<{ logicalDate: string }>([], (reply) => typeof reply.logicalDate === 'string'),
        '/world/api/config/logical-date',
        { method: 'POST', body: {} },
      )
    ).logicalDate,
  ...ONCE,
});
