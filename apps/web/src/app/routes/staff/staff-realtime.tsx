import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ReconnectModal } from '../../../features/feedback/reconnect-modal.tsx';
import { RealtimeProvider, useConnectionState } from '../../../features/live-feed/realtime-provider.tsx';
import { systemConfigQuery } from '../../../lib/config-queries.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

function ReconnectWhenLost() {
  return <ReconnectModal open={useConnectionState() === 'error'} />;
}

/**
 * The realtime link of the staff screens that run one (/copilot, /kiosk), with the reconnect modal it
 * drives. A resync marks the staff data stale, so what is on screen is fetched again.
 */
export function StaffRealtime({
  roleId,
  children,
}: {
  readonly roleId?: number;
  readonly children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const { data: systemConfig } = useSuspenseQuery(systemConfigQuery);
  return (
    <RealtimeProvider
      url={systemConfig.websocket_url}
      {...(roleId === undefined ? {} : { roleId })}
      onResync={() => void queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY })}
    >
      {children}
      <ReconnectWhenLost />
    </RealtimeProvider>
  );
}
