import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { bearerToken } from './auth.ts';
import { routeAccess } from './route-access.ts';

/** The print helper runs on the venue PC (ARCHITECTURE §6); staff pages talk to it from the browser. */
const PRINT_HELPER_SOURCES = 'http://localhost:7007 ws://localhost:7007';

/** Routes a venue may embed in its own site (spec §2 IframeReserve, widget). */
const EMBEDDABLE_PATHS = ['/iframe-reservar', '/widget'];

/** The guest page that sends the browser on to the venue's payment provider with a signed form. */
const PAYING_PATH = '/takeaway-delivery';

function contentSecurityPolicy(frameAncestors: string, formTargets: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' data: blob:",
    `connect-src 'self' ws: wss: ${PRINT_HELPER_SOURCES}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${formTargets}`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** The policy of every reply that is neither embedded nor posts to a payment page: one text, built once. */
const DEFAULT_POLICY = contentSecurityPolicy("'none'", "'self'");

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function isEmbeddable(path: string): boolean {
  return EMBEDDABLE_PATHS.some((embeddable) => path === embeddable || path.startsWith(`${embeddable}/`));
}

/**
 * The request's own origin. Behind a proxy (TRUST_PROXY) Fastify takes host and scheme from the
 * forwarded headers.
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Whether browsers treat the origin as potentially trustworthy (W3C Secure Contexts): https, or a loopback
 * host. Elsewhere, as on a venue's LAN over plain HTTP, Chromium ignores Cross-Origin-Opener-Policy and
 * logs an error on every page, so it is sent only where it takes effect.
 */
export function isTrustworthyOrigin(protocol: string, hostname: string): boolean {
  if (protocol === 'https') return true;
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * Security headers on every reply (SEC-08) and the cross-site write guard (SEC-06).
 * `embedOriginsFor` returns the sites a venue declared for its embeddable booking form;
 * `paymentOriginFor` the venue's payment page, the one other place its takeaway page may post a form to.
 */
export function registerSecurity(
  app: FastifyInstance,
  embedOriginsFor: (request: FastifyRequest) => Promise<readonly string[]>,
  paymentOriginFor: (request: FastifyRequest) => Promise<string | null>,
): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const path = pathOf(request.url);
    let frameAncestors: string | undefined;
    if (isEmbeddable(path)) {
      const origins = await embedOriginsFor(request).catch(() => []);
      frameAncestors = ["'self'", ...origins].join(' ');
    } else {
      reply.header('x-frame-options', 'DENY');
    }
    let formTargets: string | undefined;
    if (path === PAYING_PATH) {
      const origin = await paymentOriginFor(request).catch(() => null);
      if (origin) formTargets = `'self' ${origin}`;
    }
    reply.header(
      'content-security-policy',
      frameAncestors === undefined && formTargets === undefined
        ? DEFAULT_POLICY
        : contentSecurityPolicy(frameAncestors ?? "'none'", formTargets ?? "'self'"),
    );
    reply.header('x-content-type-options', 'nosniff');
    // Guest links carry capabilities (SEC-09): never leak them to other sites through Referer.
    reply.header('referrer-policy', 'no-referrer');
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (isTrustworthyOrigin(request.protocol, request.hostname))
      reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(self), microphone=(self), geolocation=()');
    // The web app's files keep their own caching; every other reply (by its route, not its URL) is no-store,
    // or a stricter no-store its route chose (`private, no-store` on a guest's document), or `immutable` on a
    // content-addressed file (an uploaded image's rendition, whose URL changes with its bytes).
    const chosen = reply.getHeader('cache-control');
    const kept = typeof chosen === 'string' && (chosen.includes('no-store') || chosen.includes('immutable'));
    if (routeAccess(request) !== 'web' && !kept) reply.header('cache-control', 'no-store');
    return payload;
  });

  // SEC-06: a write without a bearer token must come from this very origin. Browsers always send
  // Origin on cross-site POSTs, so a forged form or fetch from another site is refused here; tools
  // that send no Origin at all are not browsers and cannot carry a victim's cookies.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (bearerToken(request)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if ((origin && origin !== requestOrigin(request)) || fetchSite === 'cross-site') {
      throw new AppError(403, 'CROSS_SITE_REQUEST', 'cross_site_request');
    }
  });
}
