import { useEffect, type RefObject } from 'react';
import { DEFAULT_EMBED_HEIGHT, measuredHeight, resizeMessage, resizeTargets } from './embed-targets.ts';

/**
 * Tells the page that frames the form how tall it is (spec §2): 380 at once, then the measured height of the
 * embedded layout plus 10 whenever it changes (a ResizeObserver: a step, an error, the live time list). Posted
 * only to the venue's declared sites that are really the parent (see `resizeTargets`); outside a frame, or
 * framed by anyone else, nothing is posted.
 */
export function useEmbedResize(
  content: RefObject<HTMLElement | null>,
  embedOrigins: readonly string[],
): void {
  const declared = embedOrigins.join(' ');
  useEffect(() => {
    const element = content.current?.closest('main') ?? content.current;
    if (!element || window.parent === window) return;
    const targets = resizeTargets(
      declared.split(' ').filter(Boolean),
      document.referrer,
      Array.from(window.location.ancestorOrigins ?? []),
    );
    if (targets.length === 0) return;
    const post = (height: number) => {
      for (const target of targets) window.parent.postMessage(resizeMessage(height), target);
    };
    post(DEFAULT_EMBED_HEIGHT);
    if (typeof ResizeObserver === 'undefined') return;
    let last = DEFAULT_EMBED_HEIGHT;
    const observer = new ResizeObserver(() => {
      const height = measuredHeight(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      post(height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [content, declared]);
}
