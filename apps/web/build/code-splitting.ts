import type { Rollup } from 'vite';

/**
 * What the start-up script (src/boot.ts) imports and shares with the app: the API client and the calls it
 * sends ahead, storage, the language choice, whether it takes over a page the server drew. One small chunk arriving with the script; anywhere larger, the
 * script would wait for it before asking for anything (decision 017).
 */
const BOOT_SHARED_MODULES =
  /apps[\\/]web[\\/]src[\\/](app[\\/]route-namespaces|lib[\\/](api|api-client|storage|config-calls|guest-menu[\\/]menu-api)|i18n[\\/](locale-preference|namespaces)|ssr[\\/](take-over|server-rendered))\.ts$|packages[\\/]domain[\\/]src[\\/]locales\.ts$|vite[\\/]preload-helper/;

/**
 * The start-up script's data step (src/app/route-preload.ts) and what it needs: in one chunk the page preloads,
 * instead of half a dozen small ones, each a request and its own compression (decision 017). Not the mutation
 * observer: only `useMutation` needs it.
 */
const STARTUP_MODULES =
  /apps[\\/]web[\\/]src[\\/](app[\\/]route-preload|lib[\\/](query-client|config-queries|guest-menu[\\/]menu-queries)|i18n[\\/]messages\.page|features[\\/]menu[\\/](prefetch-menu|guest-identity))\.ts$|node_modules[\\/]@tanstack[\\/](query-core[\\/](?!.*mutationObserver)|react-query[\\/].*queryOptions)/;

/** Dates and the domain's small rules, used by the booking forms and the takeaway form. */
const GUEST_FORMAT_MODULES =
  /apps[\\/]web[\\/]src[\\/]i18n[\\/](format|date-format)\.ts$|packages[\\/]domain[\\/]src[\\/](service-day|validation|availability[\\/]zoned-time)\.ts$/;

/**
 * Money and keys, used by the menu too: apart from the dates, which the menu never shows (issue 19's budget: the
 * menu's first download was 1.5 KB gzipped of dates larger).
 */
const GUEST_MONEY_MODULES =
  /apps[\\/]web[\\/]src[\\/](i18n[\\/](money-format|euro-format)|lib[\\/]random-key)\.ts$|packages[\\/]domain[\\/]src[\\/]money\.ts$/;

/** The rules of a dish and a cart that the menu and the takeaway form both run on their first screen. */
const DISH_RULES_MODULES =
  /apps[\\/]web[\\/]src[\\/](lib[\\/]guest-menu[\\/](guest-cart|menu-model|use-product-events)|components[\\/]option-picker[\\/]option-rules|lib[\\/]menu-products)\.ts$|packages[\\/]domain[\\/]src[\\/]cart[\\/](cart|pricing)\.ts$/;

/** A dish's sheet: in the menu's first download (a seated guest's first tap), fetched later by the takeaway form. */
const DISH_SHEET_MODULES =
  /apps[\\/]web[\\/]src[\\/](components[\\/]product-sheet[\\/]product-sheet|components[\\/]option-picker[\\/]option-picker)\.(tsx|css)$|packages[\\/]domain[\\/]src[\\/]product-order[\\/]drinks\.ts$/;

/** The calendar the booking and takeaway forms open with, what it needs, and the calls both forms send. */
const DATE_PICKER_MODULES =
  /apps[\\/]web[\\/]src[\\/](components[\\/]date-picker[\\/](date-picker\.tsx|date-value\.ts|calendar\.ts)|features[\\/]reservations[\\/]format-booking\.ts|lib[\\/](page-fetch|guest-post)\.ts)$/;

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
    // React with its query hooks and the router: what the app's entry needs before anything renders, in
    // one chunk (one compression context: 1 KB gzipped less than three, issue 19's budget). A mutation's hook (and
    // its observer, above) stays with the one screen that sends one, a booking's pass, off every first download.
    {
      name: 'react',
      test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/]react-query|react-router)[\\/](?!.*useMutation)/,
    },
    // The guest pages' frame: one chunk for what every guest route draws around itself.
    {
      name: 'guest-shell',
      test: /src[\\/](features[\\/]shell[\\/]components[\\/]guest-layout|components[\\/]language-switcher[\\/]language-switcher|i18n[\\/](native-names|use-locale))/,
    },
    // Small modules the guest forms share, each its own file otherwise: every file is compressed on its own,
    // so a dozen small ones cost a guest's phone KBs more than one chunk of them (issue 19's budget).
    { name: 'guest-format', test: GUEST_FORMAT_MODULES },
    // Before the dates' group, which would otherwise take these along as what its modules import.
    { name: 'guest-money', test: GUEST_MONEY_MODULES, priority: 1 },
    { name: 'date-picker', test: DATE_PICKER_MODULES },
    // These two take only the modules named, not what those import: that is React, the router, the app's
    // frame, each in a chunk of its own already.
    { name: 'dish-rules', test: DISH_RULES_MODULES, includeDependenciesRecursively: false },
    { name: 'dish-sheet', test: DISH_SHEET_MODULES, includeDependenciesRecursively: false },
    // The admin pages' card rides with the write helper every admin page loads already: a chunk of its own would
    // be one more file in the route map that every page carries, a guest's too (decision 017).
    {
      name: 'write-then-read',
      test: /apps[\\/]web[\\/]src[\\/](lib[\\/]write-then-read\.ts|components[\\/]admin[\\/]admin-section\.tsx)$/,
      includeDependenciesRecursively: false,
    },
    { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
  ],
};
