import type { RealtimeEvent } from '@sobremesa/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { activityTable, activityTopicKey } from './activity-topics.ts';
import { useRealtimeEvents } from '../../lib/realtime.tsx';
import './live-feed.css';

/** How many of the latest changes the panel keeps. */
const MAX_EVENTS = 12;

function nameOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('name' in payload)) return null;
  return typeof payload.name === 'string' ? payload.name : null;
}

/** The latest changes the realtime feed delivered in this session, newest first. */
export function LiveActivity({ locale, timeZone }: { readonly locale: string; readonly timeZone: string }) {
  const { t } = useTranslation('copilot');
  const headingId = useId();
  const [events, setEvents] = useState<readonly RealtimeEvent[]>([]);
  useRealtimeEvents((event) => setEvents((previous) => [event, ...previous].slice(0, MAX_EVENTS)));

  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
  });
  function describe(event: RealtimeEvent): string {
    const name = nameOf(event.payload);
    if (event.topic === 'staff.user.renamed' && name) return t('activity.renamed', { name });
    const text = t(`activity.topics.${activityTopicKey(event.topic)}`);
    const table = activityTable(event.payload);
    return table ? t('activity.onTable', { text, table }) : text;
  }

  return (
    <section className="activity" aria-labelledby={headingId}>
      <h2 id={headingId} className="activity__heading">
        {t('activity.heading')}
      </h2>
      {events.length === 0 ? (
        <p className="activity__empty muted">{t('activity.empty')}</p>
      ) : (
        <ol className="activity__list">
          {events.map((event) => (
            <li key={event.seq} className="activity__item" data-topic={event.topic} data-seq={event.seq}>
              <span className="activity__text">{describe(event)}</span>
              <time className="activity__time muted" dateTime={event.at}>
                {time.format(new Date(event.at))}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
