import type { QueryClient } from '@tanstack/query-core';
import type { Locale } from '@sobremesa/domain';
import type { Translator } from '../i18n/translator.ts';
import type { KeyValueStore } from '../lib/storage.ts';

/**
 * What one server render owns (decision 030): the page's query cache and translator, its language, the
 * guest's cookies and the way to call the API for them. The browser's module singletons (`lib/query-client.ts`,
 * `i18n/i18n.ts`, `lib/api.ts`, `lib/storage.ts`) have server twins (`*.server.ts`, swapped in by the server
 * build) that reach this instead, so two guests' renders in flight at once never share state.
 */
export interface RenderScope {
  readonly queryClient: QueryClient;
  readonly i18n: Translator;
  readonly locale: Locale;
  /** The page's path, as the router matched it. */
  readonly pathname: string;
  /** The request's Cookie header. */
  readonly cookie: string;
  /** The render's own, empty local storage: the server never shares one guest's kept values with another. */
  readonly localStore: KeyValueStore;
  /** Answers the app's API calls for this request inside the server (no network). */
  readonly fetch: typeof fetch;
}

/** The part of Node's AsyncLocalStorage used here; the server passes one in, the web app imports no Node module. */
export interface ScopeStorage {
  run<R>(scope: RenderScope, callback: () => R): R;
  getStore(): RenderScope | undefined;
}

let storage: ScopeStorage | null = null;

export function setScopeStorage(next: ScopeStorage): void {
  storage = next;
}

export function runInScope<R>(scope: RenderScope, callback: () => R): R {
  if (!storage) throw new Error('The server renderer has no scope storage');
  return storage.run(scope, callback);
}

/** The render being run; outside one (a module loaded on the server by mistake) it says so at once. */
export function currentScope(): RenderScope {
  const scope = storage?.getStore();
  if (!scope) throw new Error('Server-only module used outside a server render');
  return scope;
}

/** An object whose every property is read from the current render's own instance. */
export function scoped<T extends object>(pick: (scope: RenderScope) => T): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const target = pick(currentScope());
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
