import type { RealtimeEvent } from '@sobremesa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { venueConfigQuery } from '../../lib/config-queries.ts';
import { accountingConfigQuery } from '../../lib/accounting-config.ts';
import { useRealtimeEvents } from '../../lib/realtime.tsx';

/**
 * The venue's configuration is loaded once (spec §2); when the admin changes it (`venue.config.updated`,
 * issue 22) a staff screen fetches it and the till's drawers and card readers again, so the change shows
 * without a reload.
 */
export function FollowVenueConfig() {
  const client = useQueryClient();
  useRealtimeEvents((event: RealtimeEvent) => {
    if (event.topic === 'venue.config.updated') {
      void client.invalidateQueries({ queryKey: venueConfigQuery.queryKey });
      // Drawers, their denominations and card readers are changed in the admin's devices section too.
      void client.invalidateQueries({ queryKey: accountingConfigQuery.queryKey });
    }
  });
  return null;
}
