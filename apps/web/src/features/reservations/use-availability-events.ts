import { useEffect, useRef } from 'react';
import { availabilityEventsUrl } from './api/booking-api.ts';

/**
 * Listens to the live availability of a date (Server-Sent Events, decision 006) while `enabled`, and calls
 * `onChange` when someone books, holds, cancels or releases a table that day, so the form refetches and a
 * time taken by another guest disappears within a second. The browser reconnects by itself; every
 * reconnection calls `onChange` too, for what happened while the link was down.
 */
export function useAvailabilityEvents(date: string | null, enabled: boolean, onChange: () => void): void {
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });

  useEffect(() => {
    if (!enabled || date === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(availabilityEventsUrl(date));
    let opened = false;
    const changed = () => callback.current();
    const ready = () => {
      if (opened) callback.current();
      opened = true;
    };
    source.addEventListener('availability-changed', changed);
    source.addEventListener('ready', ready);
    return () => {
      source.removeEventListener('availability-changed', changed);
      source.removeEventListener('ready', ready);
      source.close();
    };
  }, [date, enabled]);
}
