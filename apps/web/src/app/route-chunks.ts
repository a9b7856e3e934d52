/**
 * Which files each lazy route needs, written into the page by the build (vite.config.ts) as a JSON data block,
 * so the start-up script can fetch a first path's code while the router that would ask for it is still
 * downloading (decision 017). A data block, not a dynamic `import()`: importing the routes from the start-up
 * script would make the bundler split the app's shared code into many more, smaller chunks.
 */
export const ROUTE_CHUNKS_ELEMENT_ID = 'sobremesa-route-chunks';

/** A route module's id in that map: its path under src/app/routes without extension, e.g. `guest/menu-route`. */
export function routeChunkId(modulePath: string): string | null {
  const match = /[\\/]src[\\/]app[\\/]routes[\\/](.+)\.tsx$/.exec(modulePath);
  return match ? match[1]!.replace(/\\/g, '/') : null;
}

/** The files (`/assets/…`) of the route and everything it imports; none in development, where Vite serves sources. */
export function routeChunkFiles(
  document: Pick<Document, 'getElementById'>,
  route: string,
): readonly string[] {
  const element = document.getElementById(ROUTE_CHUNKS_ELEMENT_ID);
  if (!element?.textContent) return [];
  try {
    const map = JSON.parse(element.textContent) as Record<string, readonly string[] | undefined>;
    return map[route] ?? [];
  } catch {
    return [];
  }
}

/** Asks for a route's files the router will import later; a failure is left for that import to report. */
export function preloadRouteChunks(document: Document, route: string): void {
  for (const file of routeChunkFiles(document, route)) {
    const link = document.createElement('link');
    const style = file.endsWith('.css');
    link.rel = style ? 'preload' : 'modulepreload';
    if (style) link.as = 'style';
    // The router's import asks for both in CORS mode; a preload only serves a request made the same way.
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}
