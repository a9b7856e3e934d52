/**
 * The page the server answers a first path with (decision 017, revised): index.html with the first route's
 * files asked for in its head. In index.html alone they were asked for by the start-up script, a round trip and
 * its evaluation later, and on a slow phone's network they then queued behind the app's own files.
 */

/** Where the build writes these pages, beside index.html: `first-route/<first path segment>.html`. */
export const FIRST_ROUTE_PAGES_DIR = 'first-route';

/** The `<link>` asking for one built file the way the route's import will (CORS mode), without applying it. */
function preloadTag(file: string): string {
  return file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="${file}">`
    : `<link rel="modulepreload" crossorigin href="${file}">`;
}

/** `html` with `files` (`/assets/…`) preloaded at the end of its head, after the app's own files; each once. */
export function withPreloads(html: string, files: readonly string[]): string {
  const tags = [...new Set(files)].map(preloadTag).join('\n    ');
  if (!tags) return html;
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  return html.replace('</head>', `  ${tags}\n  </head>`);
}
