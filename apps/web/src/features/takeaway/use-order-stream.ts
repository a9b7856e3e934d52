import { useEffect, useRef, useState } from 'react';
import { takeawayEventsUrl } from './takeaway-api.ts';

/** The live stream's state: opening, up, or down (the browser is retrying; the page polls meanwhile). */
export type StreamState = 'connecting' | 'live' | 'down';

/**
 * Follows one order live (Server-Sent Events, decision 041): `onChange` runs whenever staff or the kitchen
 * move it, and when the stream comes back after a break (a move may have been missed). Says how the
 * stream is, so the page polls only while it is not up. Null key: nothing to follow.
 */
export function useOrderStream(liveKey: string | null, onChange: () => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });

  useEffect(() => {
    if (liveKey === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(takeawayEventsUrl(liveKey));
    let opened = false;
    const ready = () => {
      if (opened) callback.current();
      opened = true;
      setState('live');
    };
    const changed = () => callback.current();
    // The browser reconnects by itself; meanwhile the page falls back to polling.
    const lost = () => setState('down');
    source.addEventListener('ready', ready);
    source.addEventListener('order-changed', changed);
    source.addEventListener('error', lost);
    return () => {
      source.close();
      setState('connecting');
    };
  }, [liveKey]);

  return state;
}
