import { parseOffsetDateTime } from '@sobremesa/domain';
import { useEffect, useState } from 'react';

const TICK_MS = 15_000;

/**
 * Now, as an ISO instant: the server's time when the data was read plus what the tablet's own clock says
 * has passed since, so a tablet with a wrong clock still ages tickets and tables right.
 */
export function venueNow(serverTime: string, receivedAt: number, nowMs: number): string {
  return new Date(parseOffsetDateTime(serverTime).getTime() + Math.max(0, nowMs - receivedAt)).toISOString();
}

/**
 * The venue's time from a reply's `serverTime` and when the reply came (its query's `dataUpdatedAt`),
 * ticking every 15 s so timers and colours move without a refetch; null until the first reply.
 */
export function useVenueNow(serverTime: string | undefined, receivedAt: number): string | null {
  const [tick, setTick] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setTick(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  return serverTime ? venueNow(serverTime, receivedAt, tick) : null;
}
