import type { ConnectionState, RealtimeEvent } from '@sobremesa/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { createRealtimeClient, type RealtimeClient } from '../../lib/realtime-client.ts';

/** How many of the latest events the screen keeps. */
const MAX_EVENTS = 20;

export interface FeedEvent {
  readonly seq: number;
  readonly topic: string;
  readonly at: string;
}

/**
 * Connects the realtime client for a signed-in staff member and exposes its real connection state and
 * the latest events. The WebSocket address comes from systemconfig (it may differ behind a proxy).
 */
export function useLiveFeed(token: string): { state: ConnectionState; events: readonly FeedEvent[] } {
  const [state, setState] = useState<ConnectionState>('idle');
  const [events, setEvents] = useState<readonly FeedEvent[]>([]);

  useEffect(() => {
    let stopped = false;
    let client: RealtimeClient | undefined;
    api
      .systemConfig()
      .then(({ systemConfig }) => {
        if (stopped) return;
        client = createRealtimeClient({
          url: systemConfig.websocket_url,
          getToken: () => token,
          onEvent: (event: RealtimeEvent) =>
            setEvents((previous) =>
              [{ seq: event.seq, topic: event.topic, at: event.at }, ...previous].slice(0, MAX_EVENTS),
            ),
          // Nothing on this screen is built from events, so there is nothing to refetch after a resync.
          onResync: () => {},
          onStateChange: setState,
        });
        client.start();
      })
      .catch(() => {
        if (!stopped) setState('error');
      });
    return () => {
      stopped = true;
      client?.stop();
    };
  }, [token]);

  return { state, events };
}
