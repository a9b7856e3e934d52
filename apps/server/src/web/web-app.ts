import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import fastifyStatic from '@fastify/static';
import { isLocale, logicalDate, negotiateLocale, type Locale } from '@sobremesa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { cookieValue } from '../http/locale.ts';
import { requestOrigin } from '../http/security.ts';
import { serviceSchedule } from '../modules/config/config.service.ts';
import { MENU_CHANNEL, readMenuNotice } from '../modules/menus/menu-events.ts';
import { menusOf } from '../modules/menus/menus.service.ts';
import type { Venue } from '../modules/venues/venues.service.ts';
import { robotsTxt, sitemapXml } from './crawler-files.ts';
import { DrawnPageCache, type DrawnPage } from './drawn-page-cache.ts';
import { HeadCache } from './head-cache.ts';
import { completePage, guestPageHead } from './page-head.ts';
import {
  carriesCapability,
  isStaffAppPage,
  pageCacheControl,
  pagePolicy,
  robotsDirective,
  type PagePolicy,
} from './page-policy.ts';
import { restaurantStructuredData } from './restaurant-structured-data.ts';
import { injectFetch, loadServerRenderer, pageAround, type ServerRenderer } from './server-render.ts';

/**
 * The build's copies of index.html that also ask for a first path's own files (apps/web/build/first-route-pages.ts,
 * decision 017), by the path's first segment; index.html for any other path. Read once at start-up.
 */
const FIRST_ROUTE_PAGES_DIR = 'first-route';
function readPages(webDist: string): { index: string; bySegment: ReadonlyMap<string, string> } {
  const folder = path.join(webDist, FIRST_ROUTE_PAGES_DIR);
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => file.endsWith('.html')) : [];
  return {
    index: fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'),
    bySegment: new Map(
      files.map((file) => [file.slice(0, -'.html'.length), fs.readFileSync(path.join(folder, file), 'utf8')]),
    ),
  };
}

/** The language the page's address names (`?lang=`), if any. */
function linkedLocale(search: URLSearchParams): Locale | null {
  const fromLink = search.get('lang');
  return isLocale(fromLink) ? fromLink : null;
}

/** The page's language: the guest's kept choice (cookie), then the link's `?lang=`, then the browser's. */
function pageLocale(request: FastifyRequest, search: URLSearchParams): Locale {
  const fromCookie = cookieValue(request.headers.cookie, 'selectedLocale');
  if (isLocale(fromCookie)) return fromCookie;
  return linkedLocale(search) ?? negotiateLocale(request.headers['accept-language']);
}

/** The venue a page is for; none for an unknown host or a suspended venue, whose page the app explains itself. */
async function activeVenue(ctx: AppContext, request: FastifyRequest): Promise<Venue | null> {
  const venue = await ctx.venues.resolveHost(request.hostname);
  return venue && venue.status === 'active' ? venue : null;
}

/** The head a guest page gets: description, addresses, previews, and the venue's schema.org data on /home and /menu. */
async function guestHead(
  ctx: AppContext,
  venue: Venue,
  policy: Extract<PagePolicy, { kind: 'guest' }>,
  origin: string,
  { locale, linked }: { locale: Locale; linked: Locale | null },
): Promise<string> {
  const withMenu = policy.page === 'menu' || policy.page === 'carta';
  const structured = withMenu || policy.page === 'home';
  const [schedule, menus] = await Promise.all([
    structured ? serviceSchedule(ctx, venue) : [],
    withMenu ? menusOf(ctx, venue, locale, { staffView: false }).then((reply) => reply.menus) : [],
  ]);
  const { address, postalCode, city } = venue.settings.fiscalInfo;
  return guestPageHead({
    page: policy.page,
    origin,
    locale,
    linked,
    locales: venue.settings.locales,
    venueName: venue.businessName,
    structuredData: structured
      ? restaurantStructuredData({
          name: venue.businessName,
          origin,
          locale,
          currency: venue.currency,
          address: { street: address, postalCode, city },
          mapUrl: venue.settings.location_gmaps_url,
          schedule,
          menus,
        })
      : null,
  });
}

/**
 * Serves the built web app (spec §2): hashed files with their build-time Brotli copies and cached for good;
 * any other path the page of its first route, its head completed for search engines and link previews, with the
 * robots and caching rules of that page; and each venue's robots.txt and sitemap.xml.
 */
export async function registerWebApp(
  app: FastifyInstance,
  ctx: AppContext,
  webDist: string | undefined,
): Promise<void> {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return;
  // Every route of this scope serves the web app and resolves its venue itself, if it needs one (the static
  // plugin's routes declare no access of their own): they are `web`, needing no venue and no token.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'web' };
    });
    await scope.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      // apps/web/build/precompress.ts wrote `<file>.br` beside each compressible file: sent as is when accepted.
      preCompressed: true,
      // Built assets carry a content hash in their name, so they never change; other files (icons, sounds) are
      // revalidated. Set here for both: the plugin's own header would overwrite it on a pre-compressed copy.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0',
        );
      },
    });
    const pages = readPages(webDist);
    const renderer = await loadServerRenderer(webDist);
    const heads = new HeadCache(() => ctx.clock.now().getTime());
    const drawnPages = new DrawnPageCache(() => ctx.clock.now().getTime());
    // A product staff change (sold out, hidden, repriced) or a pause of online orders is on the venue's drawn
    // pages at once; a table's order is on none of them.
    const unlisten = await ctx.handle.listen(MENU_CHANNEL, (payload) => {
      const notice = readMenuNotice(payload);
      if (notice?.kind === 'resync') drawnPages.clear();
      else if (notice && notice.kind !== 'table') drawnPages.dropVenue(notice.venueId);
    });
    scope.addHook('onClose', async () => unlisten());

    scope.get('/robots.txt', { config: { access: 'web' } }, async (request, reply) => {
      const venue = await activeVenue(ctx, request);
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(venue ? requestOrigin(request) : null));
    });

    scope.get('/sitemap.xml', { config: { access: 'web' } }, async (request, reply) => {
      const venue = await activeVenue(ctx, request);
      if (!venue) return reply.callNotFound();
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(requestOrigin(request), venue.settings.locales));
    });

    scope.get('/*', { config: { access: 'web' } }, async (request, reply) => {
      // The decoded path, as the router matched it: `/%77orld/...` is an API path too.
      const decodedPath = (request.params as { '*': string })['*'];
      if (decodedPath === 'world' || decodedPath.startsWith('world/')) return reply.callNotFound();
      const url = new URL(request.url, 'http://page');
      const segment = /^([^/]+)/.exec(decodedPath)?.[1];
      const policy = pagePolicy(segment);
      const html = (segment && pages.bySegment.get(segment)) ?? pages.index;
      const locale = pageLocale(request, url.searchParams);
      const robots = robotsDirective(policy);
      const venue = policy.kind === 'guest' ? await activeVenue(ctx, request) : null;
      const tags = [
        ...(robots ? [`<meta name="robots" content="${robots}">`] : []),
        ...(isStaffAppPage(segment)
          ? [
              '<link rel="manifest" href="/manifest.webmanifest">',
              '<link rel="apple-touch-icon" href="/icons/icon-192.png">',
            ]
          : []),
        ...(venue && policy.kind === 'guest'
          ? [
              await heads.get(
                [venue.id, policy.page, locale, linkedLocale(url.searchParams), requestOrigin(request)].join(
                  ' ',
                ),
                () =>
                  guestHead(ctx, venue, policy, requestOrigin(request), {
                    locale,
                    linked: linkedLocale(url.searchParams),
                  }),
              ),
            ]
          : []),
      ].join('\n    ');
      if (robots) reply.header('x-robots-tag', robots);
      const page = completePage(html, { locale, title: venue ? venue.businessName : null, tags });
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', pageCacheControl(url.searchParams))
        .header('vary', 'Cookie, Accept-Language');
      const drawnVenue =
        renderer?.isServerRendered(`/${decodedPath}`) &&
        (policy.kind === 'guest' || policy.kind === 'embedded')
          ? (venue ?? (await activeVenue(ctx, request)))
          : null;
      let drawn: DrawnPage | null = null;
      if (renderer && drawnVenue) {
        const draw = () => serverRender(app, renderer, request, page, locale);
        const key = [request.url, locale, requestOrigin(request), venueEdition(drawnVenue, ctx.clock.now())];
        // A page opened with a capability is that guest's (their name, their table): drawn for this request
        // alone and sent `private, no-store` (decision 072), never kept for the next guest.
        drawn =
          sameForEveryGuest(request.headers.cookie) && !carriesCapability(url.searchParams)
            ? await drawnPages.get(drawnVenue.id, key.join(' '), draw)
            : await draw();
      }
      if (drawn) return reply.status(drawn.status).send(drawn.html);
      return reply.send(page);
    });
  });
}

/**
 * What a drawn page shows of its venue besides the menu: its settings (time zone, days open, booking window) and
 * its service day (the date picker's first day). Part of the kept page's key, so a venue that changes them, or a
 * day that turns at 06:00, is drawn afresh at once rather than up to a minute later.
 */
function venueEdition(venue: Venue, now: Date): string {
  const settings = createHash('sha1').update(JSON.stringify(venue)).digest('base64url');
  return `${logicalDate(now, venue.timeZone)} ${settings}`;
}

/** Cookies a guest page may carry and still be drawn as for anyone in its language (the language is in the key). */
const GUEST_PAGE_COOKIES = new Set(['selectedLocale', 'cookies-accepted']);

/** Whether the page drawn for this request would be the same for any guest in its language, on its address. */
function sameForEveryGuest(cookie: string | undefined): boolean {
  return (cookie ?? '')
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .every((name) => name === '' || GUEST_PAGE_COOKIES.has(name));
}

/**
 * The page drawn by React on the server with its data (decision 030), React's markup in the page's `#root`; null
 * when the browser should draw it (a loader failed and the app's error screen explains, or the render failed).
 */
async function serverRender(
  app: FastifyInstance,
  renderer: ServerRenderer,
  request: FastifyRequest,
  page: string,
  locale: Locale,
): Promise<DrawnPage | null> {
  try {
    const rendered = await renderer.renderPage({
      url: `${requestOrigin(request)}${request.url}`,
      locale,
      cookie: request.headers.cookie ?? '',
      fetch: injectFetch(app, request),
    });
    if (rendered.kind === 'browser') {
      request.log.info({ err: rendered.reason }, 'a loader failed; the browser draws the page');
      return null;
    }
    // A path the app sends elsewhere (spec §2: any other path goes to the booking form) is the browser's to send.
    if (rendered.kind === 'redirect') return null;
    const { before, after } = pageAround(page, rendered);
    // React hands the markup on once everything is ready (entry-server.tsx), so it is gathered at once, and kept.
    const markup = new PassThrough();
    rendered.pipe(markup);
    const chunks: Buffer[] = [];
    for await (const chunk of markup) chunks.push(chunk as Buffer);
    return { status: rendered.status, html: `${before}${Buffer.concat(chunks).toString('utf8')}${after}` };
  } catch (error) {
    request.log.warn({ err: error }, 'server render failed; the browser draws the page');
    return null;
  }
}
