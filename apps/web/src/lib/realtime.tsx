import type { ConnectionState, RealtimeEvent } from '@sobremesa/contracts';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createRealtimeClient } from './realtime-client.ts';
import { storage } from './storage.ts';

type EventListener = (event: RealtimeEvent) => void;

interface RealtimeHub {
  readonly state: ConnectionState;
  subscribe(listener: EventListener): () => void;
}

const RealtimeContext = createContext<RealtimeHub | null>(null);

interface RealtimeProviderProps {
  /** systemconfig's `websocket_url`. */
  readonly url: string;
  /** The selected copilot role; the server filters what the socket is sent by it. */
  readonly roleId?: number;
  /** Local data is stale (too far behind, or a first connection): refetch it. */
  readonly onResync: () => void;
  /** The server ended the session (SEC-05): the screen signs out. */
  readonly onSessionEnded?: () => void;
  readonly children: ReactNode;
}

/**
 * One realtime connection for the staff screens below it, with its real state (idle, connecting,
 * connected, error: spec §4) and its events. A new role means a new socket, so the server sends what
 * that role sees.
 */
export function RealtimeProvider({ url, roleId, onResync, onSessionEnded, children }: RealtimeProviderProps) {
  const [state, setState] = useState<ConnectionState>('idle');
  const [listeners] = useState(() => new Set<EventListener>());
  const onResyncRef = useRef(onResync);
  const onSessionEndedRef = useRef(onSessionEnded);
  useEffect(() => {
    onResyncRef.current = onResync;
    onSessionEndedRef.current = onSessionEnded;
  });

  useEffect(() => {
    const client = createRealtimeClient({
      url,
      getToken: () => storage.token.get(),
      ...(roleId === undefined ? {} : { roleId }),
      onEvent: (event) => {
        for (const listener of listeners) listener(event);
      },
      onResync: () => onResyncRef.current(),
      onSessionEnded: () => onSessionEndedRef.current?.(),
      onStateChange: setState,
    });
    client.start();
    return () => client.stop();
  }, [url, roleId, listeners]);

  const subscribe = useCallback(
    (listener: EventListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    [listeners],
  );
  const hub = useMemo(() => ({ state, subscribe }), [state, subscribe]);

  return <RealtimeContext value={hub}>{children}</RealtimeContext>;
}

function useHub(): RealtimeHub {
  const hub = use(RealtimeContext);
  if (!hub) throw new Error('useHub needs a <RealtimeProvider> above it');
  return hub;
}

/** The connection's real state, for the indicator and the reconnect modal. */
export function useConnectionState(): ConnectionState {
  return useHub().state;
}

/** Calls `listener` with every event from now on (the latest `listener` each time). */
export function useRealtimeEvents(listener: EventListener): void {
  const { subscribe } = useHub();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}
