import { ConnectionIndicator } from './connection-indicator.tsx';
import { EventList } from './event-list.tsx';
import { useLiveFeed } from './use-live-feed.ts';

/** The signed-in staff member's realtime connection and the events it delivers. */
export function LiveFeed({ token }: { readonly token: string }) {
  const { state, events } = useLiveFeed(token);
  return (
    <>
      <ConnectionIndicator state={state} />
      <EventList events={events} />
    </>
  );
}
