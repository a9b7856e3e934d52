import type { Page, Request } from 'playwright-core';

/**
 * Tracks a page's requests from now on, for waiting until its network is quiet: no request in flight for
 * `quietMs` (event streams excluded, as Playwright's own `networkidle` excludes them). Used instead of
 * `waitForLoadState('networkidle')`, which can wait for ever when requests start and finish before
 * DOMContentLoaded (microsoft/playwright#42598, still so in 1.65), as the start-up script's early calls do.
 * Start it before `page.goto`, so the page's first requests are counted.
 */
export function trackNetwork(page: Page): { quiet: (quietMs?: number, timeoutMs?: number) => Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(quietMs = 500, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new Error(
            `the network was never quiet: ${[...inFlight].map((request) => request.url()).join(', ')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
