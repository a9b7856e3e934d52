/** Spec §4, §9: with cookies available and no choice made, consent is accepted 1 s after load... */
export const AUTO_ACCEPT_AFTER_LOAD_MS = 1000;
/** ...or 500 ms after cookies become available, when the browser was blocking them at load. */
export const AUTO_ACCEPT_AFTER_COOKIES_MS = 500;
/** How often a page whose cookies are blocked looks again, so values sync soon after the guest allows them. */
export const COOKIE_RECHECK_MS = 1000;

/**
 * Spec §2: on every route except Menu (/menu, /carta), Reserve (/reservar) and Home (/home), consent is set to
 * accepted. Listed positively because `/` and unknown paths only redirect (to /reservar or /copilot): passing
 * through them must not decide for the guest.
 */
const ROUTES_THAT_ACCEPT = new Set([
  'takeaway-delivery',
  'iframe-reservar',
  'widget',
  'copilot',
  'login',
  'kiosk',
  'ebitdata',
]);

/** Whether entering this path sets consent to accepted (spec §2). */
export function routeAcceptsConsent(pathname: string): boolean {
  const firstSegment = pathname.split('/').find((segment) => segment !== '') ?? '';
  return ROUTES_THAT_ACCEPT.has(firstSegment);
}
