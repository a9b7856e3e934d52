import { useEffect, useRef } from 'react';
import { arrivals, type KitchenLine } from './tickets.ts';

/**
 * Calls `onArrival` with the lines that joined `lines` since the last render with data (not on the first:
 * opening the screen is not news). `lines` is undefined while nothing is loaded.
 */
export function useArrivals(
  lines: readonly KitchenLine[] | undefined,
  onArrival: (lines: readonly KitchenLine[]) => void,
): void {
  const seen = useRef<ReadonlySet<number> | null>(null);
  const callback = useRef(onArrival);
  useEffect(() => {
    callback.current = onArrival;
  });
  useEffect(() => {
    if (lines === undefined) return;
    const fresh = new Set(arrivals(seen.current, lines));
    seen.current = new Set(lines.map((line) => line.id));
    if (fresh.size > 0) callback.current(lines.filter((line) => fresh.has(line.id)));
  }, [lines]);
}
