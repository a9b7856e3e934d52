import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { forgetStaffData, forgetToken } from '../../../lib/sign-out.ts';
import { ReconnectModal } from '../../../features/feedback/reconnect-modal.tsx';
import { OfflineSync } from '../../../features/offline/offline-sync.tsx';
import { useBrowserOnline } from '../../../features/offline/use-browser-online.ts';
import { RealtimeProvider, useConnectionState } from '../../../lib/realtime.tsx';
import { systemConfigQuery } from '../../../lib/config-queries.ts';
import { offlineQueue } from '../../../lib/offline-writes.ts';
import { registerStaffServiceWorker } from '../../../lib/service-worker.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

/**
 * The spec's reconnect modal interrupts only when the server has really been gone a while (decision 051): a
 * Wi-Fi blip or a server restart passes under the connection pill and the stale marker instead.
 */
export const RECONNECT_MODAL_AFTER_MS = 12_000;

/**
 * The modal, once the realtime link (or the browser's network) has been lost for {@link RECONNECT_MODAL_AFTER_MS}.
 * "Seguir sin conexión" puts it away until the link comes back: the screen keeps what it shows and its actions
 * wait in the offline queue.
 */
function ReconnectWhenLost() {
  const state = useConnectionState();
  const online = useBrowserOnline();
  const lost = state !== 'connected' || !online;
  const [longLost, setLongLost] = useState(false);
  const [keptWorking, setKeptWorking] = useState(false);
  useEffect(() => {
    if (!lost) return;
    const timer = setTimeout(() => setLongLost(true), RECONNECT_MODAL_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setLongLost(false);
      setKeptWorking(false);
    };
  }, [lost]);
  return (
    <ReconnectModal
      open={longLost && !keptWorking && (state === 'error' || !online)}
      onKeepWorking={() => setKeptWorking(true)}
    />
  );
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
