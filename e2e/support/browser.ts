import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; Playwright cannot download its own browsers here. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LaunchOptions {
  /**
   * 'allow' lets the staff app register its service worker, for the specs about it. Blocked by default:
   * the worker's precache fetches the whole staff app after every sign-in, which in a fresh context cost
   * about 1.4 s of Chromium's CPU and as much of the server's to send it, for specs that never go offline.
   */
  readonly serviceWorkers?: 'allow' | 'block';
}

/**
 * Launches headless system Chromium with everything that phones home turned off; `extraArgs` adds flags
 * (e.g. `--host-resolver-rules` to reach the test server under a private LAN address). Every context it
 * makes (`newPage` makes one too) takes `serviceWorkers` unless the caller's options say otherwise.
 */
export async function launchBrowser(
  extraArgs: readonly string[] = [],
  { serviceWorkers = 'block' }: LaunchOptions = {},
): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers, ...options });
  return browser;
}
