import { useEffect, useState } from 'react';
import { loadChunk } from './lazy-chunk.ts';

/** Modules already in, by their import function: a component mounted again has its code at once. */
const loadedChunks = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * A chunk's module once `wanted` (`() => import('./x.tsx')`, written out at module level), null until it is in.
 * Not `lazy`: a Suspense boundary would hold what it shows back behind React's fallback throttle (up to 300 ms
 * after the code arrived), and on a page the server draws it would need an inline script the CSP forbids. A
 * failed load (offline) leaves it null; it is tried again when wanted anew.
 */
export function useChunk<T extends object>(load: () => Promise<T>, wanted: boolean): T | null {
  const [module, setModule] = useState<T | null>(() => (loadedChunks.get(load) as T | undefined) ?? null);
  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    loadChunk(load).then(
      (loaded) => {
        loadedChunks.set(load, loaded);
        if (current) setModule(loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load, wanted, module]);
  return module;
}
