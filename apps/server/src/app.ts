import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext, Clock, ServerSettings } from './context.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerApiReference } from './http/api-reference.ts';
import { registerAuth } from './http/auth.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerJsonParser } from './http/json-parser.ts';
import { collectRoutes } from './http/openapi.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { registerRouteAccess } from './http/route-access.ts';
import { registerRouteRoles } from './http/route-roles.ts';
import { registerRouteSchemas } from './http/route-schemas.ts';
import { registerSecurity } from './http/security.ts';
import { registerVenueContext } from './http/venue-context.ts';
import { scheduleMaintenance } from './maintenance.ts';
import { registerAdminMenuRoutes } from './modules/admin/admin-menus.routes.ts';
import { registerAdminFloorRoutes } from './modules/admin/admin-floor.routes.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { registerBillingRoutes } from './modules/billing/billing.routes.ts';
import { registerGuestReceiptRoutes } from './modules/billing/guest-receipt.routes.ts';
import { registerFiscalRoutes } from './modules/fiscal/fiscal.routes.ts';
import { registerAccountingRoutes } from './modules/accounting/accounting.routes.ts';
import { registerReportsRoutes } from './modules/reports/reports.routes.ts';
import { registerConfigRoutes } from './modules/config/config.routes.ts';
import { registerFloorRoutes } from './modules/floor/floor.routes.ts';
import { registerWaitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { registerGuestRequestRoutes } from './modules/guest-requests/guest-requests.routes.ts';
import { registerReviewRoutes } from './modules/reviews/reviews.routes.ts';
import { registerVenueHomeRoutes } from './modules/venue-home/venue-home.routes.ts';
import { registerGuestRoutes } from './modules/reservations/guest-self-service.routes.ts';
import { registerInstallerRoutes } from './modules/installer/installer.routes.ts';
import { registerKioskRoutes } from './modules/kiosk/kiosk.routes.ts';
import { registerKitchenRoutes } from './modules/kitchen/kitchen.routes.ts';
import { disabledMailer, type Mailer } from './lib/mailer.ts';
import { registerMenuEventRoutes } from './modules/menus/menu-events.routes.ts';
import { registerMenuCsvRoutes } from './modules/menu-csv/menu-csv.routes.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { listUserRoles } from './modules/copilot-roles/copilot-roles.service.ts';
import { registerMenuRoutes } from './modules/menus/menus.routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { registerTakeawayRoutes } from './modules/takeaway/takeaway.routes.ts';
import { followKitchenWith } from './modules/kitchen/kitchen.service.ts';
import { paymentFormOrigin, settleOrdersWith } from './modules/payments/payments.service.ts';
import { takeawayFollowsKitchen, takeawayPaidOrders } from './modules/takeaway/takeaway.service.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { RateLimiter } from './modules/rate-limit/rate-limit.service.ts';
import { registerRealtime } from './modules/realtime/realtime.plugin.ts';
import { sessionCacheOf } from './modules/users/session-cache.ts';
import { authenticate, SESSION_REVOKED_CHANNEL } from './modules/users/users.service.ts';
import { registerReservationRoutes } from './modules/reservations/reservations.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { VenueDirectory } from './modules/venues/venues.service.ts';
import { registerWebApp } from './web/web-app.ts';

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
  // Takeaway orders follow their dishes and their online payments; kitchen and payments never import takeaway.
  followKitchenWith(takeawayFollowsKitchen);
  settleOrdersWith(takeawayPaidOrders);
  // The session cache subscribes to revocations before the realtime hub does, so a re-established link
  // clears it before the hub re-checks its sockets' sessions (decision 054).
  sessionCacheOf(ctx.handle, SESSION_REVOKED_CHANNEL);

  registerRouteAccess(app);
  const routes = collectRoutes(app);
  registerRouteSchemas(app, { checkReplies: options.settings.checkReplies ?? false });
  registerErrorHandling(app);
  // First of the onRequest hooks: a shed request costs no venue lookup and no session check.
  registerLoadShedding(app, options.settings.maxInFlightRequests ?? 0);
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
  registerSecurity(
    app,
    async (request) => {
      const venue = await ctx.venues.resolveHost(request.hostname);
      return venue?.settings.embedOrigins ?? [];
    },
    async (request) => {
      const venue = await ctx.venues.resolveHost(request.hostname);
      return venue ? paymentFormOrigin(ctx, venue.id) : null;
    },
  );
  registerVenueContext(app, ctx.venues);
  registerAuth(app, ctx);
  registerRouteRoles(app, ctx);

  registerUserRoutes(app, ctx);
  registerConfigRoutes(app, ctx);
  await registerReservationRoutes(app, ctx);
  registerGuestRoutes(app, ctx);
  registerFloorRoutes(app, ctx);
  registerWaitlistRoutes(app, ctx);
  registerMenuRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerTakeawayRoutes(app, ctx);
  await registerPaymentRoutes(app, ctx);
  registerGuestRequestRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerVenueHomeRoutes(app, ctx);
  registerMenuEventRoutes(app, ctx);
  registerKitchenRoutes(app, ctx);
  registerKioskRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerGuestReceiptRoutes(app, ctx);
  registerFiscalRoutes(app, ctx);
  registerAccountingRoutes(app, ctx);
  registerReportsRoutes(app, ctx);
  registerInstallerRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  registerAdminMenuRoutes(app, ctx);
  registerAdminFloorRoutes(app, ctx);
  await registerMediaRoutes(app, ctx);
  await registerMenuCsvRoutes(app, ctx);
  registerApiReference(app, routes);
  await registerRealtime(app, ctx, {
    revokedChannel: SESSION_REVOKED_CHANNEL,
    authenticate: (venueId, token) => authenticate(ctx, venueId, token),
    holdsRole: async (venueId, userId, roleId) =>
      (await listUserRoles(ctx.db, venueId, userId)).some((role) => role.id === roleId),
  });
  scheduleMaintenance(app, ctx);

  await registerWebApp(app, ctx, options.settings.webDist);
  return { app, ctx };
}
