import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { forgetStaffData, forgetToken } from '../../../features/auth/api/sign-out.ts';
import { ReconnectModal } from '../../../features/feedback/reconnect-modal.tsx';
import { OfflineSync } from '../../../features/offline/offline-sync.tsx';
import { RealtimeProvider, useConnectionState } from '../../../features/live-feed/realtime-provider.tsx';
import { systemConfigQuery } from '../../../lib/config-queries.ts';
import { offlineQueue } from '../../../lib/offline-writes.ts';
import { registerStaffServiceWorker } from '../../../lib/service-worker.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

/**
 * The spec's reconnect modal interrupts only when the server has really been gone a while (decision 051): a
 * Wi-Fi blip or a server restart passes under the connection pill and the stale marker instead.
 */
export const RECONNECT_MODAL_AFTER_MS = 12_000;

function ReconnectWhenLost() {
  const state = useConnectionState();
  const lost = state !== 'connected';
  const [longLost, setLongLost] = useState(false);
  useEffect(() => {
    if (!lost) return;
    const timer = setTimeout(() => setLongLost(true), RECONNECT_MODAL_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setLongLost(false);
    };
  }, [lost]);
  return <ReconnectModal open={longLost && state === 'error'} />;
}

/**
 * The realtime link of the staff screens that run one (/copilot, /kiosk), with the reconnect modal it
 * drives and the sending of actions that waited for the connection. A resync marks the staff data stale, so what is on screen is fetched again. A session the server
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
  useEffect(registerStaffServiceWorker, []);
  async function sessionEnded() {
    forgetToken();
    offlineQueue.clear();
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
      <OfflineSync />
    </RealtimeProvider>
  );
}
