import type { BrowserContextOptions } from 'playwright-core';

/** A guest's phone: the guest pages are designed mobile first, so the browser tests look at them this way. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
