import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; Playwright cannot download its own browsers here. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launches headless system Chromium with everything that phones home turned off; `extraArgs` adds flags
 * (e.g. `--host-resolver-rules` to reach the test server under a private LAN address).
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
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
}
