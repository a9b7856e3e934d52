import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '@sobremesa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What apps/web/src/entry-server.tsx exports (decision 030); typed here, as the server never imports web source. */
interface PageRequest {
  readonly url: string;
  readonly locale: Locale;
  readonly cookie: string;
  readonly fetch: typeof fetch;
}

type RenderedPage =
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  | { readonly kind: 'browser'; readonly reason: unknown }
  | {
      readonly kind: 'page';
      readonly status: number;
      readonly pipe: (destination: NodeJS.WritableStream) => NodeJS.WritableStream;
      readonly stateBlock: string;
      readonly htmlAttributes: string;
    };

export interface ServerRenderer {
  isServerRendered(pathname: string): boolean;
  renderPage(request: PageRequest): Promise<RenderedPage>;
}

interface ServerEntry extends ServerRenderer {
  setScopeStorage(storage: AsyncLocalStorage<unknown>): void;
}

/** The web app's server build (`apps/web/dist-server`, beside `dist`), or null when it was not built. */
export async function loadServerRenderer(webDist: string): Promise<ServerRenderer | null> {
  const file = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  // Each render's cache, languages and cookies travel with its async work, never in a module-wide variable.
  entry.setScopeStorage(new AsyncLocalStorage());
  return entry;
}

/** Request headers an API call made for the page carries on: which venue, which guest, which language. */
const FORWARDED_HEADERS = [
  'host',
  'cookie',
  'accept-language',
  'user-agent',
  'x-forwarded-host',
  'x-forwarded-proto',
];

/**
 * A `fetch` for the page's API calls, answered by the server itself (`inject`, no socket), as the guest's own
 * browser would ask: same host, cookies, language and address.
 */
export function injectFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  const carried: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') carried[name] = value;
  }
  return async (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input), 'http://page');
    const headers = { ...carried, ...(init?.headers as Record<string, string> | undefined) };
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const replyHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (typeof value === 'string') replyHeaders.set(name, value);
    }
    return new Response(reply.rawPayload, { status: reply.statusCode, headers: replyHeaders });
  };
}

/**
 * Splits a page around its `#root`, so React's stream goes in between: the part before, the part after (with the
 * data block the browser hydrates from), and the route's style sheets applied at once rather than preloaded,
 * since the markup arrives drawn.
 */
export function pageAround(
  html: string,
  { stateBlock, htmlAttributes }: { stateBlock: string; htmlAttributes: string },
): { before: string; after: string } {
  const marker = '<div id="root">';
  const at = html.indexOf(marker);
  if (at < 0) throw new Error('The page has no #root');
  const before = html
    .slice(0, at + marker.length)
    .replace(
      /<link rel="preload" as="style" crossorigin href="([^"]+)">/g,
      '<link rel="stylesheet" crossorigin href="$1">',
    )
    .replace(/<html lang="([^"]*)"/, `<html lang="$1"${htmlAttributes}`);
  const after = html.slice(at + marker.length).replace('</body>', `${stateBlock}\n  </body>`);
  return { before, after };
}
