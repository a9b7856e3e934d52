import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { systemConfigQuery } from '../../lib/config-queries.ts';
import { offlineQueue } from '../../lib/offline-writes.ts';
import { useOfflineQueue } from '../../lib/use-offline-queue.ts';
import { useConnectionState } from '../../lib/realtime.tsx';
import { useBrowserOnline } from './use-browser-online.ts';
import './offline-status.css';

/**
 * What the connection's loss means for this screen (decision 051): since when what it shows may be out of
 * date, how many actions wait to be sent, and the ones the server refused once it could hear them, each
 * with its message until the person has read it. Renders nothing while all is well; the top bar hosts it
 * beside the connection pill.
 */
export function OfflineStatus() {
  const { t } = useTranslation('feedback');
  const { data: system } = useSuspenseQuery(systemConfigQuery);
  const state = useConnectionState();
  const online = useBrowserOnline();
  const queue = useOfflineQueue();
  const [everConnected, setEverConnected] = useState(false);
  if (state === 'connected' && !everConnected) setEverConnected(true);

  // Before the first connection the screen's data is as fresh as its load; after it, any loss makes it stale.
  const lost = !online || state === 'error' || (everConnected && state === 'connecting');

  const pending = queue.pending.length;
  if (!lost && pending === 0 && queue.refused.length === 0) return null;
  return (
    <div className="offline-status">
      {lost && <StaleSince timeZone={system.timeZone} />}
      {pending > 0 && (
        <span role="status" className="pill offline-status__pill offline-status__pill--pending">
          {t('offline.pending', { count: pending })}
        </span>
      )}
      {queue.refused.length > 0 && (
        <div className="offline-status__refused" role="alert" aria-label={t('offline.refusedTitle')}>
          <ul className="offline-status__refusals">
            {queue.refused.map(({ call, message }) => (
              <li key={call.key} className="offline-status__refusal">
                <span>
                  <strong>{t(`offline.kind.${call.kind}`)}</strong> {message ?? t('offline.refusedGeneric')}
                </span>
                <button type="button" className="button" onClick={() => offlineQueue.dismiss(call.key)}>
                  {t('offline.dismiss')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Since when the screen may be out of date: the moment the loss was first drawn, kept while it lasts. */
function StaleSince({ timeZone }: { readonly timeZone: string }) {
  const { t } = useTranslation('feedback');
  const { locale } = useLocale();
  const [since] = useState(() => Date.now());
  return (
    <span role="status" className="pill offline-status__pill offline-status__pill--stale">
      {t('offline.staleSince', { time: formatTime(since, locale, timeZone) })}
    </span>
  );
}
