/**
 * The token the native app shell (the venue's tablet app wrapping this site in a web view) adds to its
 * user agent, e.g. `Mozilla/5.0 (Linux; Android 14; ...) Chrome/131.0 Mobile Safari/537.36 SobremesaApp/2.3`.
 * A product token is what web views let an app set without code in the page, and it reaches the server
 * too (logs, support). See app/README.md.
 */
const NATIVE_APP_TOKEN = 'SobremesaApp';

const NATIVE_APP_PATTERN = new RegExp(`(^|[\\s;(])${NATIVE_APP_TOKEN}(/[\\w.-]+)?($|[\\s;)])`);

/** Whether the page runs inside the native app shell (spec §2: `/` goes to /copilot there, to /reservar in a browser). */
export function isNativeApp(userAgent: string): boolean {
  return NATIVE_APP_PATTERN.test(userAgent);
}

/** Where `/` leads. */
export function homePathFor(userAgent: string): '/copilot' | '/reservar' {
  return isNativeApp(userAgent) ? '/copilot' : '/reservar';
}
