import type { Rollup } from 'vite';

/**
 * What the start-up script (src/boot.ts) imports and shares with the app: the API client and the calls it
 * sends ahead, storage, the language choice. One small chunk arriving with the script; anywhere larger, the
 * script would wait for it before asking for anything (decision 017).
 */
const BOOT_SHARED_MODULES =
  /apps[\\/]web[\\/]src[\\/](app[\\/]route-namespaces|lib[\\/](api|api-client|storage|config-calls)|i18n[\\/](locale-preference|namespaces)|features[\\/]menu[\\/]api[\\/]menu-api)\.ts$|packages[\\/]domain[\\/]src[\\/]locales\.ts$|vite[\\/]preload-helper/;

/**
 * The start-up script's data step (src/app/route-preload.ts) and what it needs: in one chunk the page preloads,
 * instead of half a dozen small ones, each a request and its own compression (decision 017). Not the mutation
 * observer: only `useMutation` needs it.
 */
const STARTUP_MODULES =
  /apps[\\/]web[\\/]src[\\/](app[\\/]route-preload|lib[\\/](query-client|config-queries)|i18n[\\/]messages|features[\\/]menu[\\/](prefetch-menu|guest-identity|menu-queries))\.ts$|node_modules[\\/]@tanstack[\\/](query-core[\\/](?!.*mutationObserver)|react-query[\\/].*queryOptions)/;

/** Formatting and the domain's small rules, used by the menu, the booking forms and the takeaway form. */
const GUEST_FORMAT_MODULES =
  /apps[\\/]web[\\/]src[\\/](i18n[\\/](format|date-format|euro-format)|lib[\\/]random-key)\.ts$|packages[\\/]domain[\\/]src[\\/](money|service-day|validation|availability[\\/]zoned-time)\.ts$/;

/** The calendar the booking and takeaway forms open with, and what it needs. */
const DATE_PICKER_MODULES =
  /apps[\\/]web[\\/]src[\\/](features[\\/]reservations[\\/](components[\\/]date-picker\.tsx|date-value\.ts|calendar\.ts|format-booking\.ts)|lib[\\/]page-fetch\.ts)$/;

/** `messages-<lang>` for the start-up namespaces of each language (src/i18n/namespaces.ts). */
function startupMessagesChunk(moduleId: string): string | null {
  const match = /[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/](common|consent|shell|feedback)\.json$/.exec(
    moduleId,
  );
  return match ? `messages-${match[1]}` : null;
}

type CodeSplitting = Exclude<NonNullable<Rollup.OutputOptions['codeSplitting']>, boolean>;

/**
 * How the web app's code is split beyond one chunk per lazy route. Libraries get chunks of their own: they change
 * far less often than the app, so a guest's phone keeps them cached across releases, and the bundle report names
 * them (zod is only ever reached from staff code). The rest joins small pieces a first visit always needs, since on
 * a phone each request costs a round trip.
 */
export const codeSplitting: CodeSplitting = {
  groups: [
    { name: 'boot-shared', test: BOOT_SHARED_MODULES, priority: 2 },
    { name: 'startup', test: STARTUP_MODULES, priority: 1 },
    // React with its query hooks: the app's entry needs both. A mutation's hook (and its observer, above) stays
    // with the one screen that sends one, a booking's pass, off every route's first download.
    {
      name: 'react',
      test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/]react-query)[\\/](?!.*useMutation)/,
    },
    { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
    { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
    // The guest pages' frame: one chunk for what every guest route draws around itself.
    {
      name: 'guest-shell',
      test: /src[\\/](features[\\/](shell[\\/]components[\\/]guest-layout|language[\\/](language-switcher|native-names))|i18n[\\/]use-locale)/,
    },
    // Small modules the guest forms share, each its own file otherwise: every file is compressed on its own,
    // so a dozen small ones cost a guest's phone KBs more than one chunk of them (issue 19's budget).
    { name: 'guest-format', test: GUEST_FORMAT_MODULES },
    { name: 'date-picker', test: DATE_PICKER_MODULES },
    { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
    // The texts every route needs first, one chunk per language instead of one request per namespace.
    { name: startupMessagesChunk, debugName: 'messages' },
  ],
};
