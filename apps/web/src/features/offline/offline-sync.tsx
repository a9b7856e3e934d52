import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { toast } from '../../components/toast/toast-store.ts';
import { onQueuedCallRefused, startOfflineSync } from '../../lib/offline-writes.ts';
import { STAFF_QUERY_KEY } from '../../lib/query-client.ts';
import { useConnectionState } from '../../lib/realtime.tsx';

/**
 * Sends the staff actions that waited for the connection (decision 051) while a staff screen is open: when
 * the browser is back online, when the realtime link is back, and every few seconds meanwhile. Screens
 * refetch once something was sent; each refusal is told at once (and stays in {@link OfflineStatus}).
 */
export function OfflineSync() {
  const { t } = useTranslation('feedback');
  const queryClient = useQueryClient();
  const state = useConnectionState();
  const sync = useRef<ReturnType<typeof startOfflineSync> | null>(null);

  useEffect(() => {
    const running = startOfflineSync(() => void queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }));
    sync.current = running;
    const unsubscribe = onQueuedCallRefused(({ call, message }) =>
      toast.error(`${t(`offline.kind.${call.kind}`)}: ${message ?? t('offline.refusedGeneric')}`),
    );
    return () => {
      running.stop();
      unsubscribe();
      sync.current = null;
    };
  }, [queryClient, t]);

  useEffect(() => {
    if (state === 'connected') sync.current?.flushNow();
  }, [state]);

  return null;
}
