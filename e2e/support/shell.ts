import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, signInThroughApi } from './api.ts';
import { repoRoot } from './server.ts';

/** Page errors and CSP refusals: every screen must run under the server's policy without any. */
export function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return problems;
}

/**
 * A tablet-sized staff context signed in on the copilot, its realtime feed connected. Options are the
 * context's (a spec that runs axe needs `bypassCSP`: axe-core is injected as an inline script).
 */
export async function staffTablet(
  browser: Browser,
  url: string,
  email: string,
  options: { bypassCSP?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  const page = await context.newPage();
  await signInThroughForm(page, url, email);
  await page.waitForURL(`${url}/copilot`);
  await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
  return { page, context };
}

/**
 * The demo admin on a 1280×800 tablet, ready for /ebitdata: signed in through the API and the token kept
 * where the web app keeps it; the context runs axe (`bypassCSP`). The caller closes the context.
 */
export async function adminTablet(
  browser: Browser,
  url: string,
): Promise<{ page: Page; context: BrowserContext }> {
  const token = await signInThroughApi(url, 'admin@demo.test', DEMO_PASSWORD);
  const context = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  return { page, context };
}

/** The venue's business name as the API gives it (the second half of every title). */
export async function businessName(url: string): Promise<string> {
  const response = await fetch(`${url}/world/api/venueconfig`, { method: 'POST' });
  const body = (await response.json()) as { venueConfig: { business_name: string } };
  return body.venueConfig.business_name;
}

export interface DocumentHead {
  readonly title: string;
  readonly favicon: string | null;
  readonly bodyClass: string;
}

/** Title, favicon and body class once the route has set them (the title changes last of the three). */
export async function documentHead(page: Page, title: string): Promise<DocumentHead> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });
  return page.evaluate(() => ({
    title: document.title,
    favicon: document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null,
    bodyClass: document.body.className,
  }));
}

/** Signs in through /login (its own spec checks the form; others just need a session). */
export async function signInThroughForm(
  page: Page,
  url: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Modules only staff screens may load (the same list as bench/bundle-size.ts). */
const STAFF_MODULES: readonly RegExp[] = [
  /^apps\/web\/src\/app\/routes\/(staff|kiosk)\//,
  /^apps\/web\/src\/features\/(admin|auth|copilot|live-feed|feedback|floor|till)\//,
  /^apps\/web\/src\/components\/(owner-report\/|qr-scanner\/|image-upload-field\.tsx$)/,
  /^apps\/web\/src\/lib\/(realtime-client|sign-out|login-path|accounting-config|reports-api|media-api)\.ts$/,
  /^packages\/contracts\//,
  /node_modules\/zod\//,
  /node_modules\/(jsqr|qrcode|uplot)\//,
];

/** The staff modules inside the built chunks a page downloaded (`/assets/x.js` paths). */
export function staffModulesIn(scriptPaths: Iterable<string>): string[] {
  const file = path.join(repoRoot, 'apps/web/dist/.vite/chunk-modules.json');
  const chunkModules = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, readonly string[]>;
  return [...scriptPaths].flatMap((scriptPath) =>
    (chunkModules[scriptPath.replace(/^\//, '')] ?? []).filter((module) =>
      STAFF_MODULES.some((pattern) => pattern.test(module)),
    ),
  );
}

/** Records the path of every script the page downloads. */
export function watchScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  return scripts;
}
