import { useId } from 'react';
import { texts } from '../../i18n/texts.ts';
import type { FeedEvent } from './use-live-feed.ts';

const timeFormat = new Intl.DateTimeFormat('es-ES', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The latest realtime events, newest first: topic and sequence number. */
export function EventList({ events }: { readonly events: readonly FeedEvent[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.events.heading}</h3>
      {events.length === 0 ? (
        <p className="muted">{texts.events.empty}</p>
      ) : (
        <ol className="event-list" aria-labelledby={headingId}>
          {events.map((event) => (
            <li key={event.seq} className="event-list__item">
              <code className="event-list__topic">{event.topic}</code>
              <span className="event-list__seq">#{event.seq}</span>
              <time className="event-list__time muted" dateTime={event.at}>
                {timeFormat.format(new Date(event.at))}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
