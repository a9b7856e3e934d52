import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext, Clock, ServerSettings } from './context.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerAuth } from './http/auth.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerJsonParser } from './http/json-parser.ts';
import { registerRouteAccess } from './http/route-access.ts';
import { registerSecurity } from './http/security.ts';
import { registerVenueContext } from './http/venue-context.ts';
import { scheduleMaintenance } from './maintenance.ts';
import { registerBillingRoutes } from './modules/billing/billing.routes.ts';
import { registerConfigRoutes } from './modules/config/config.routes.ts';
import { registerFloorRoutes } from './modules/floor/floor.routes.ts';
import { registerGuestRequestRoutes } from './modules/guest-requests/guest-requests.routes.ts';
import { registerGuestRoutes } from './modules/guests/guests.routes.ts';
import { registerInstallerRoutes } from './modules/installer/installer.routes.ts';
import { registerKitchenRoutes } from './modules/kitchen/kitchen.routes.ts';
import { disabledMailer, type Mailer } from './modules/mail/mailer.ts';
import { registerMenuEventRoutes } from './modules/menus/menu-events.routes.ts';
import { registerMenuRoutes } from './modules/menus/menus.routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { RateLimiter } from './modules/rate-limit/rate-limit.service.ts';
import { registerRealtime } from './modules/realtime/realtime.plugin.ts';
import { registerReservationRoutes } from './modules/reservations/reservations.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { VenueDirectory } from './modules/venues/venues.service.ts';

export interface BuildAppOptions {
  readonly database: DatabaseHandle;
  readonly clock: Clock;
  readonly settings: ServerSettings;
  readonly logger?: FastifyServerOptions['logger'];
  /** Guest emails; default: none are sent. */
  readonly mailer?: Mailer;
}

/** Request bodies of the API are small JSON documents; anything larger is refused with 413. */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Builds the whole server (API, realtime, web app) from its collaborators, without listening, so tests
 * build it on a fresh database and call it through `inject` or a real port.
 */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.settings.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  const db = options.database.db;
  const ctx: AppContext = {
    handle: options.database,
    db,
    clock: options.clock,
    settings: options.settings,
    venues: new VenueDirectory(db, options.settings.baseDomain),
    rateLimiter: new RateLimiter(db, () => options.clock.now()),
    mailer: options.mailer ?? disabledMailer(),
  };

  registerRouteAccess(app);
  registerErrorHandling(app);
  // A guest's phone on a slow network pays for every byte: the web app's scripts and larger replies (a menu
  // of 200 dishes) travel compressed. Brotli at a middle quality: near its best size for a fraction of the
  // CPU of its maximum. Streams the server writes itself (the live SSE feeds, the WebSocket) are untouched.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  registerJsonParser(app);
  registerSecurity(app, async (request) => {
    const venue = await ctx.venues.resolveHost(request.hostname);
    return venue?.settings.embedOrigins ?? [];
  });
  registerVenueContext(app, ctx.venues);
  registerAuth(app, ctx);

  registerUserRoutes(app, ctx);
  registerConfigRoutes(app, ctx);
  await registerReservationRoutes(app, ctx);
  registerGuestRoutes(app, ctx);
  registerFloorRoutes(app, ctx);
  registerMenuRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerGuestRequestRoutes(app, ctx);
  registerMenuEventRoutes(app, ctx);
  registerKitchenRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerInstallerRoutes(app, ctx);
  await registerRealtime(app, ctx);
  scheduleMaintenance(app, ctx);

  await registerWebApp(app, options.settings.webDist);
  return { app, ctx };
}

/**
 * Serves the built web app, falling back to index.html for client-side routes (spec §2), or to the build's
 * page for the path's first route, which also asks for that route's files.
 */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return;
  const firstRoutePages = firstRoutePagesIn(webDist);
  // Every route of this scope serves the web app (the static plugin's, one a file, declare no access of
  // their own): they are `web`, needing no venue.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'web' };
    });
    await scope.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      // Built assets carry a content hash in their name, so they never change.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    scope.get('/*', (request, reply) => {
      // The decoded path, as the router matched it: `/%77orld/...` is an API path too.
      const decodedPath = (request.params as { '*': string })['*'];
      if (decodedPath === 'world' || decodedPath.startsWith('world/')) return reply.callNotFound();
      const segment = /^([^/?#]+)/.exec(decodedPath)?.[1];
      const page =
        segment && firstRoutePages.has(segment) ? `${FIRST_ROUTE_PAGES_DIR}/${segment}.html` : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    });
  });
}

/**
 * The build's copies of index.html that also ask for a first path's own files (apps/web/build/first-route-pages.ts,
 * decision 017), by the path's first segment. Which pages exist is read once; each is sent from disk, as
 * index.html is.
 */
const FIRST_ROUTE_PAGES_DIR = 'first-route';
function firstRoutePagesIn(webDist: string): ReadonlySet<string> {
  const folder = path.join(webDist, FIRST_ROUTE_PAGES_DIR);
  if (!fs.existsSync(folder)) return new Set();
  return new Set(
    fs
      .readdirSync(folder)
      .filter((file) => file.endsWith('.html'))
      .map((file) => file.slice(0, -'.html'.length)),
  );
}
