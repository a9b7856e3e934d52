// The server renderer's entry (decision 030), built by `vite build --ssr` into apps/web/dist-server and loaded
// by apps/server/src/web/server-render.ts. It renders a guest route with its data, in the page's language.
import { dehydrate, QueryClient } from '@tanstack/query-core';
import type { Locale } from '@sobremesa/domain';
import type { ReactNode } from 'react';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { routes } from './app/route-tree.tsx';
import { createPageI18n } from './i18n/i18n.server.ts';
import { isEmbeddedPath } from './features/reservations/embed/iframe-flag.server.ts';
import { runInScope, type RenderScope } from './ssr/render-scope.ts';
import { SERVER_RENDERED_ATTRIBUTE } from './ssr/server-rendered.ts';
import { serverStateBlock } from './ssr/server-state.ts';
import type { KeyValueStore } from './lib/storage.ts';

export { isServerRendered } from './app/route-table.ts';
export { setScopeStorage } from './ssr/render-scope.ts';

export interface PageRequest {
  /** The page's full address. */
  readonly url: string;
  readonly locale: Locale;
  readonly cookie: string;
  /** Answers the app's API calls for this request inside the server. */
  readonly fetch: typeof fetch;
}

export type RenderedPage =
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  /** The browser draws it (a loader failed: the app's error screen explains, as without server rendering). */
  | { readonly kind: 'browser'; readonly reason: unknown }
  | {
      readonly kind: 'page';
      readonly status: number;
      /** Streams the markup of #root into the response. */
      readonly pipe: PipeableStream['pipe'];
      /** The data block the browser hydrates from. */
      readonly stateBlock: string;
      /** Attributes for <html>: that the server drew it, and the embedded forms' `data-iframe`. */
      readonly htmlAttributes: string;
    };

const handler = createStaticHandler(routes);

/** Runs the route's loaders and renders its page, all within this request's own cache and languages. */
export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const url = new URL(request.url);
  const queryClient = new QueryClient({
    // A render fetches once; the browser refetches what it needs.
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const scope: RenderScope = {
    queryClient,
    i18n: await createPageI18n(request.locale),
    locale: request.locale,
    pathname: url.pathname,
    cookie: request.cookie,
    localStore: memoryStore(),
    fetch: request.fetch,
  };
  return runInScope(scope, async (): Promise<RenderedPage> => {
    const context = await handler.query(new Request(url, { headers: { cookie: request.cookie } }));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    if (context.errors) return { kind: 'browser', reason: Object.values(context.errors)[0] };
    // What the loaders started without waiting for (the menu's guest and dishes) is drawn too.
    await fetchesSettled(queryClient);
    const router = createStaticRouter(handler.dataRoutes, context);
    const stream = await renderToStream(
      // The browser's tree (app/app.tsx) with the static router in place of the browser's.
      <AppProviders queryClient={queryClient} translator={scope.i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    );
    return {
      kind: 'page',
      status: context.statusCode,
      pipe: (destination) => runInScope(scope, () => stream.pipe(destination)),
      stateBlock: serverStateBlock({ locale: request.locale, queries: dehydrate(queryClient) }),
      htmlAttributes: ` ${SERVER_RENDERED_ATTRIBUTE}=""${isEmbeddedPath(url.pathname) ? ' data-iframe=""' : ''}`,
    };
  });
}

/**
 * React's streaming render, passed on once everything is ready: search engines and guests without JavaScript
 * get every dish, and no Suspense fallback is sent that would need an inline script to swap (the CSP forbids it).
 */
async function renderToStream(element: ReactNode): Promise<PipeableStream> {
  let failure: unknown = null;
  let allReady: () => void = () => undefined;
  let shellFailed: (error: unknown) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    allReady = resolve;
    shellFailed = reject;
  });
  const stream = renderToPipeableStream(element, {
    onAllReady: () => allReady(),
    onShellError: (error) => shellFailed(error),
    onError(error) {
      failure ??= error;
    },
  });
  await ready;
  if (failure) {
    stream.abort();
    throw failure instanceof Error ? failure : new Error(String(failure));
  }
  return stream;
}

/** Resolves once the cache has no query fetching. */
function fetchesSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    check();
  });
}

function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
