/**
 * What the embedded booking form tells the page that frames it (spec §2: "the embedded form sends its size to
 * the parent window, default height 380, plus 10 padding on measure"), and to whom: only the sites the venue
 * declared (`venueConfig.embedOrigins`, the same list the server puts in `frame-ancestors`), and of those only
 * the one that really is the parent. Never `'*'`: the size of a booking step says what the guest is doing.
 */
export const RESIZE_MESSAGE_TYPE = 'sobremesa:resize';
export const DEFAULT_EMBED_HEIGHT = 380;
export const MEASURE_PADDING = 10;

export interface ResizeMessage {
  readonly type: typeof RESIZE_MESSAGE_TYPE;
  readonly height: number;
}

export function resizeMessage(height: number): ResizeMessage {
  return { type: RESIZE_MESSAGE_TYPE, height };
}

/** The height to ask for, from the measured height of the content. */
export function measuredHeight(contentHeight: number): number {
  return Math.ceil(contentHeight) + MEASURE_PADDING;
}

/** The origin of a URL, or null for what has none (`about:blank`, opaque or malformed). */
export function originOf(url: string): string | null {
  try {
    const { origin, protocol } = new URL(url);
    return (protocol === 'https:' || protocol === 'http:') && origin !== 'null' ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The declared origins the form may post to: each declared site that is the parent, as the browser says it
 * (`location.ancestorOrigins[0]`, Chromium and Safari) or as the parent's referrer says it (Firefox).
 */
export function resizeTargets(
  declared: readonly string[],
  referrer: string,
  ancestorOrigins: readonly string[],
): string[] {
  const parents = new Set(
    [ancestorOrigins[0] ?? '', referrer].map(originOf).filter((origin): origin is string => origin !== null),
  );
  const targets = new Set<string>();
  for (const site of declared) {
    const origin = originOf(site);
    if (origin !== null && parents.has(origin)) targets.add(origin);
  }
  return [...targets];
}
