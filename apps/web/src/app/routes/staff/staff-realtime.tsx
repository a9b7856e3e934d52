import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { forgetStaffData, forgetToken } from '../../../features/auth/api/sign-out.ts';
import { ReconnectModal } from '../../../features/feedback/reconnect-modal.tsx';
import { RealtimeProvider, useConnectionState } from '../../../features/live-feed/realtime-provider.tsx';
import { systemConfigQuery } from '../../../lib/config-queries.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

function ReconnectWhenLost() {
  return <ReconnectModal open={useConnectionState() === 'error'} />;
}

/**
 * The realtime link of the staff screens that run one (/copilot, /kiosk), with the reconnect modal it
 * drives. A resync marks the staff data stale, so what is on screen is fetched again. A session the server
 * ended (signed out elsewhere, or the member disabled by the admin: SEC-05) signs this screen out at once.
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
  const navigate = useNavigate();
  async function sessionEnded() {
    forgetToken();
    await navigate('/login', { replace: true });
    forgetStaffData(queryClient);
  }
  return (
    <RealtimeProvider
      url={systemConfig.websocket_url}
      {...(roleId === undefined ? {} : { roleId })}
      onResync={() => void queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY })}
      onSessionEnded={() => void sessionEnded()}
    >
      {children}
      <ReconnectWhenLost />
    </RealtimeProvider>
  );
}
