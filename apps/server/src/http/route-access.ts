import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Who may call a route, declared by every route in its `config.access` (decision 021):
 * - `web`: the built web app's files and pages; no venue, no token;
 * - `public`: anyone, inside the venue resolved from the Host (guest calls carry capabilities);
 * - `staff`, `copilot`, `admin`: a signed-in staff member of that venue, with copilot access or admin.
 *
 * Access is read from the route the request matched, never from its URL: Fastify decodes the path before
 * routing, so `/%77orld/api/...` reaches the `/world/api/...` handler and a test on the raw URL misses it.
 */
export type Access = 'web' | 'public' | 'staff' | 'copilot' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route registered on the app (method, path, declared access): the route table tests walk. */
    routeTable: readonly RegisteredRoute[];
  }
}

/** One entry of the app's route table. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly access: Access | undefined;
  readonly websocket: boolean;
}

/**
 * What the request's matched route declares. Undefined when nothing matched (the not-found handler) or the
 * route declares nothing; the hooks refuse the latter (fail closed).
 */
export function routeAccess(request: FastifyRequest): Access | undefined {
  return request.routeOptions.config.access;
}

/** True when the request matched no route (it will get the not-found reply, which reveals nothing). */
export function matchedNoRoute(request: FastifyRequest): boolean {
  return request.is404;
}

/**
 * Keeps the app's route table and refuses to start when a route declares no access: a forgotten
 * declaration is a start-up failure, not an open route. Routes added by plugins (the static files) get
 * their access from an onRoute hook of their own scope, which runs after this one, so the check waits
 * for onReady.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.decorate('routeTable', {
    getter: () =>
      routes.flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
          method,
          url: route.url,
          access: route.config?.access,
          websocket: Boolean((route as { websocket?: boolean }).websocket),
        })),
      ),
  });
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = app.routeTable.filter((route) => route.access === undefined);
    if (undeclared.length > 0) {
      const list = undeclared.map((route) => `${route.method} ${route.url}`).join(', ');
      throw new Error(`Routes without a declared access (config.access): ${list}`);
    }
  });
}
