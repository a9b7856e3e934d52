/**
 * Which files each lazy route needs, written into the page by the build (build/boot-script.ts) as a JSON data block,
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

/** A JSON data block of the page, parsed; null when absent or unreadable (development has none). */
function readDataBlock<T>(document: Pick<Document, 'getElementById'>, id: string): T | null {
  const element = document.getElementById(id);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return null;
  }
}

/** The files (`/assets/…`) of the route and everything it imports; none in development, where Vite serves sources. */
export function routeChunkFiles(
  document: Pick<Document, 'getElementById'>,
  route: string,
): readonly string[] {
  const map = readDataBlock<Record<string, readonly string[] | undefined>>(document, ROUTE_CHUNKS_ELEMENT_ID);
  return map?.[route] ?? [];
}

/**
 * The same for the texts: the file holding each namespace of each language (`src/i18n/locales/<lang>/<ns>.json`,
 * several in one file for the start-up namespaces), so the start-up script asks for them before the translator can.
 */
export const MESSAGE_CHUNKS_ELEMENT_ID = 'sobremesa-message-chunks';

/** A message chunk's language and namespace, from a module path of the build. */
export function messageModule(modulePath: string): { locale: string; namespace: string } | null {
  const match = /[\\/]src[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/]([\w-]+)\.json$/.exec(modulePath);
  return match ? { locale: match[1]!, namespace: match[2]! } : null;
}

/** The files of a language's namespaces, each once. */
export function messageChunkFiles(
  document: Pick<Document, 'getElementById'>,
  locale: string,
  namespaces: readonly string[],
): readonly string[] {
  const map = readDataBlock<Record<string, Record<string, string> | undefined>>(
    document,
    MESSAGE_CHUNKS_ELEMENT_ID,
  );
  const files = namespaces.map((namespace) => map?.[locale]?.[namespace]);
  return [...new Set(files.filter((file): file is string => typeof file === 'string'))];
}

/**
 * Asks for files a later import will need, unless the page already does (the server's page for a first route
 * names that route's files, build/first-route-pages.ts); a failure is left for that import to report.
 */
export function preloadFiles(document: Document, files: readonly string[]): void {
  const asked = new Set(
    Array.from(document.querySelectorAll('link[href]'), (link) => link.getAttribute('href')),
  );
  for (const file of files) {
    if (asked.has(file)) continue;
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
