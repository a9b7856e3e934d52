import type { Notification } from '@sobremesa/contracts';
import {
  cleanZones,
  elapsedLabel,
  overlaysOf,
  parseOffsetDateTime,
  shouldSound,
  type CopilotView,
  type NotificationOverlay,
  NOTIFICATION_STATUS,
} from '@sobremesa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';
import { toast } from '../../components/toast/toast-store.ts';
import { serverMessage } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';
import {
  isNotificationEvent,
  notificationCalls,
  NOTIFICATIONS_QUERY_KEY,
  recentNotificationsQuery,
} from './api/notifications-api.ts';
import { useAcknowledge, useAcknowledging } from './api/acknowledge.ts';
import { playAlert, replay } from './sound.ts';
import { declaredAllergens, readyDishes } from './notification-subject.ts';
import { messageAudioOf, spokenText } from './speech.ts';
import { UpsellReminder } from './upsell-reminder.tsx';
import './notifications.css';
import { useRealtimeEvents } from '../../lib/realtime.tsx';

export interface NotificationCentreProps {
  readonly view: CopilotView;
  readonly roleId: number | null;
  readonly zoneFilterEnabled: boolean;
  /** Spoken notification gap in minutes (spec §9 notification mode, default 0). */
  readonly notificationMode?: number;
}

type Overlay = NotificationOverlay | 'history-audio';

const TICK_MS = 15_000;

/** The zones the floor's zone filter selected (spec §3 `selectedZoneFilter`, strings only). */
function selectedZones(): string[] {
  const raw = storage.get('selectedZoneFilter');
  if (!raw) return [];
  try {
    return cleanZones(JSON.parse(raw));
  } catch {
    return [];
  }
}

/**
 * Pending and past notifications of the selected role (issue 8): live through the venue's events (the
 * server decides what the role hears), an alert when one arrives or escalates, acknowledged from any tablet.
 */
export function NotificationCentre(props: NotificationCentreProps) {
  const { roleId, zoneFilterEnabled, notificationMode = 0 } = props;
  const { t } = useTranslation('notifications');
  const { t: tf } = useTranslation('feedback');
  // The kiosk's words for its arrivals (issue 26) live in its own namespace, loaded with the copilot.
  const { t: tKiosk } = useTranslation('kiosk');
  const client = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const zones = zoneFilterEnabled ? selectedZones() : [];
  const query = useQuery(recentNotificationsQuery(roleId, zones));
  const calls = useMemo(() => notificationCalls(), []);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const acknowledging = useAcknowledge(roleId);
  const busy = useAcknowledging();
  const seen = useRef<number[] | null>(null);
  const escalated = useRef<Set<number>>(new Set());
  // What was already pending when the list was first read: the upselling overlay opens for arrivals only.
  const [firstPending, setFirstPending] = useState<ReadonlySet<number> | null>(null);

  useRealtimeEvents((event) => {
    if (isNotificationEvent(event)) void client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  });

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  // Spec §8: a failed fetch leaves the lists empty (the screen says why below).
  const all = query.isError ? [] : (query.data?.notifications ?? []);
  const pending = all.filter((notification) => notification.status === NOTIFICATION_STATUS.pending);
  const history = all.filter((notification) => notification.status === NOTIFICATION_STATUS.acknowledged);

  useEffect(() => {
    if (!query.data || query.isError) return;
    const current = query.data.notifications.filter(
      (notification) => notification.status === NOTIFICATION_STATUS.pending,
    );
    if (seen.current === null) setFirstPending(new Set(current.map((notification) => notification.id)));
    const previous = seen.current;
    if (shouldSound(previous, current)) {
      const fresh = current.filter((notification) =>
        previous === null ? !notification.played : !previous.includes(notification.id),
      );
      const first = fresh[0];
      if (first) {
        const played = playAlert({
          text: spokenText(first),
          messageAudio: messageAudioOf(first.type),
          notificationMode,
        });
        if (played) for (const notification of fresh) calls.setPlayed(notification.id).catch(() => {});
      }
    }
    const nowEscalated = current.filter(
      (notification) => notification.escalatedDateTime !== null && !escalated.current.has(notification.id),
    );
    const firstEscalated = nowEscalated[0];
    if (firstEscalated && previous !== null) {
      playAlert({ text: spokenText(firstEscalated, true), notificationMode: 0 });
    }
    for (const notification of nowEscalated) escalated.current.add(notification.id);
    seen.current = current.map((notification) => notification.id);
  }, [query.data, query.isError, calls, notificationMode]);

  function acknowledge(notification: Notification) {
    acknowledging.mutate(notification.id, {
      onSuccess: (sent) => {
        if (sent.queued) toast.success(tf('offline.queued'));
      },
      onError: (error) => toast.error(serverMessage(error, t('errors.ack'))),
    });
  }

  const inOverlay = (kind: NotificationOverlay) =>
    pending.filter((notification) => overlaysOf(notification.type).includes(kind));

  const item = (notification: Notification, options: { ack: boolean; replay?: boolean }) => {
    const isEscalated =
      notification.status === NOTIFICATION_STATUS.pending && notification.escalatedDateTime !== null;
    const account = notification.reservations[0];
    const place = account
      ? account.tables.length > 0
        ? t('place.tables', { tables: account.tables.join(', ') })
        : account.name
      : notification.rooms.map((room) => room.name).join(', ');
    const allergens = declaredAllergens(notification);
    const subject = readyDishes(notification) ?? allergens;
    const createdAt = parseOffsetDateTime(notification.createdDateTime);
    const age = elapsedLabel(createdAt, new Date(now));
    return (
      <li
        key={notification.id}
        className={`notification${isEscalated ? ' notification--escalated' : ''}`}
        data-notification-id={notification.id}
        data-escalated={isEscalated ? 'true' : undefined}
      >
        <div className="notification__body">
          <p className="notification__title">
            {allergens ? t('allergiesDeclared') : t(`types.${notification.type}`)}
            {subject && <span className="notification__detail">: {subject}</span>}
            {notification.type === 'kiosk_walk_in' && typeof notification.data.name === 'string' && (
              <span className="notification__detail">
                : {notification.data.name} ({String(notification.data.pax)})
              </span>
            )}
            {notification.data.needsTable === true && (
              <span className="notification__detail"> · {tKiosk('overlay.needsTable')}</span>
            )}
            {notification.type === 'ticket_request' && notification.paymentMethod && (
              <span className="notification__detail">
                {' · '}
                {t(`paymentMethods.${notification.paymentMethod as 'cash' | 'card' | 'other'}`)}
              </span>
            )}
          </p>
          <p className="notification__meta">
            {place && <span className="notification__place">{place}</span>}
            {account && account.tables.length > 0 && <span> · {account.name}</span>}
            {notification.label && <span> · {notification.label}</span>}
          </p>
          {isEscalated && <p className="notification__escalated">{t('escalated')}</p>}
          {notification.status === NOTIFICATION_STATUS.acknowledged && notification.acknowledgedBy && (
            <p className="notification__meta">{t('acknowledgedBy', { name: notification.acknowledgedBy })}</p>
          )}
        </div>
        <span
          className="notification__age"
          title={createdAt.toLocaleTimeString()}
          aria-label={t('age', { age })}
        >
          {age}
        </span>
        {options.ack && (
          <button
            type="button"
            className="button button--primary notification__ack"
            disabled={busy.has(notification.id)}
            onClick={() => acknowledge(notification)}
          >
            {t('actions.acknowledge')}
          </button>
        )}
        {options.replay && (
          <button
            type="button"
            className="button notification__ack"
            onClick={() => replay(spokenText(notification))}
          >
            {t('actions.replay')}
          </button>
        )}
      </li>
    );
  };

  const list = (
    name: string,
    rows: readonly Notification[],
    options: { ack: boolean; replay?: boolean },
    empty: string,
  ) =>
    rows.length === 0 ? (
      <p className="notification-centre__empty">{empty}</p>
    ) : (
      <ul className="notification-centre__list" data-list={name}>
        {rows.map((row) => item(row, options))}
      </ul>
    );

  const overlayButtons: { kind: Overlay; count?: number }[] = [
    { kind: 'pending', count: pending.length },
    { kind: 'pending-drinks', count: inOverlay('pending-drinks').length },
    { kind: 'ready-payment', count: inOverlay('ready-payment').length },
    { kind: 'call-staff', count: inOverlay('call-staff').length },
    { kind: 'history-audio' },
  ];

  return (
    <section className="notification-centre" aria-labelledby="notification-centre-title">
      <h2 id="notification-centre-title" className="notification-centre__title">
        {t('title')} <span className="notification-centre__count">{pending.length}</span>
      </h2>
      <div className="notification-centre__overlays" role="group" aria-label={t('overlays.label')}>
        {overlayButtons.map(({ kind, count }) => (
          <button
            key={kind}
            type="button"
            className="button notification-centre__overlay-button"
            onClick={() => setOverlay(kind)}
          >
            {t(`overlays.${kind}`)}
            {count !== undefined && count > 0 && <span className="notification-centre__badge">{count}</span>}
          </button>
        ))}
      </div>
      {query.isError && (
        <div className="notification-centre__error" role="alert">
          <p>{t('errors.load')}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </button>
        </div>
      )}
      <div aria-live="polite">
        {query.isPending ? (
          <p className="notification-centre__empty">{t('loading')}</p>
        ) : (
          list('pending', pending, { ack: true }, t('empty.pending'))
        )}
      </div>
      <details className="notification-centre__history">
        <summary>{t('history', { count: history.length })}</summary>
        {list('history', history, { ack: false }, t('empty.history'))}
      </details>
      <Modal
        open={overlay !== null}
        title={overlay ? t(`overlays.${overlay}`) : ''}
        onClose={() => setOverlay(null)}
        size="medium"
      >
        {overlay === 'history-audio'
          ? list('history-audio', history, { ack: false, replay: true }, t('empty.history'))
          : overlay !== null && list(overlay, inOverlay(overlay), { ack: true }, t('empty.pending'))}
      </Modal>
      <UpsellReminder
        pending={pending}
        alreadyPending={firstPending}
        held={overlay !== null}
        busy={busy}
        onAcknowledge={acknowledge}
      />
    </section>
  );
}
