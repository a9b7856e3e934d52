/**
 * Registers the staff app's service worker (`/sw.js`, apps/web/build/service-worker.ts; decision 051) from a
 * staff screen, so the app's code opens without a connection. Browsers only run service workers in secure
 * contexts: a tablet on `http://192.168.1.20:3000` (plain http on the venue's network, decision 003) gets none
 * and still works, with the offline queue but without offline starts. Nothing in development (Vite serves
 * unhashed modules there) and nothing on guest pages, which are never the worker's.
 */
export function registerStaffServiceWorker(): void {
  if (import.meta.env.DEV) return;
  if (typeof window === 'undefined' || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  // A refusal (a browser policy, private mode) leaves the app as it was: online only.
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
