/**
 * The page's own `fetch` and language, for the few calls made outside the shared API client (the guest booking
 * calls). In the browser, the window's; in a server render, the render's (`page-fetch.server.ts`, decision 030).
 */
export const pageFetch: typeof fetch = (input, init) => fetch(input, init);

export function pageLanguage(): string {
  return document.documentElement.lang || 'es';
}
