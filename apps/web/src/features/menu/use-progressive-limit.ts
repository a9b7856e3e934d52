import { startTransition, useCallback, useEffect, useState } from 'react';

/** Enough dishes to fill a phone's first screen and a little more. */
const FIRST_BATCH = 8;
/** Small enough that each batch's render and layout stay a short task on a slow phone. */
const NEXT_BATCH = 16;

/**
 * How many items of a long list to draw (decision 017): a first screenful at once, then the rest in batches,
 * each a transition started after the previous one painted: React renders it in slices and sets it aside
 * for a tap, so the menu answers while its tail is still being added. `showAll` draws everything now (a jump
 * to a category further down needs its section on the page).
 */
export function useProgressiveLimit(total: number): { limit: number; showAll: () => void } {
  const [limit, setLimit] = useState(FIRST_BATCH);
  useEffect(() => {
    if (limit >= total) return;
    // A macrotask, so the batch just committed is painted before the next one starts rendering.
    const timer = setTimeout(() => startTransition(() => setLimit((current) => current + NEXT_BATCH)));
    return () => clearTimeout(timer);
  }, [limit, total]);
  const showAll = useCallback(() => setLimit(Number.POSITIVE_INFINITY), []);
  return { limit: Math.min(limit, total), showAll };
}
