import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { repoRoot } from './server.ts';

/** What the page keeps between visits (spec §3): local storage and the cookies its origin holds. */
export interface StoredValues {
  readonly local: Record<string, string>;
  readonly cookies: Record<string, string>;
}

export async function readStoredValues(page: Page): Promise<StoredValues> {
  const local = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  const cookies = Object.fromEntries(
    (await page.context().cookies(page.url())).map((cookie) => [
      cookie.name,
      decodeURIComponent(cookie.value),
    ]),
  );
  return { local, cookies };
}

/**
 * Makes `document.cookie` of every page of the context read empty and drop writes, as a browser that blocks the
 * site's cookies does; `setCookiesBlocked(session, false)` gives them back.
 */
export async function blockDocumentCookies(context: BrowserContext, page: Page): Promise<CDPSession> {
  const session = await context.newCDPSession(page);
  await setCookiesBlocked(session, true);
  return session;
}

export async function setCookiesBlocked(session: CDPSession, blocked: boolean): Promise<void> {
  await session.send('Emulation.setDocumentCookieDisabled', { disabled: blocked });
}

type Messages = { readonly [key: string]: string | Messages };

/** A text of the web app's translations (`apps/web/src/i18n/locales/<locale>/<namespace>.json`), by dotted key. */
export function translation(locale: string, namespace: string, key: string): string {
  const file = path.join(repoRoot, 'apps/web/src/i18n/locales', locale, `${namespace}.json`);
  let value: string | Messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
  for (const part of key.split('.')) {
    if (typeof value === 'string' || !(part in value)) throw new Error(`no ${namespace}:${key} in ${locale}`);
    value = value[part] as string | Messages;
  }
  if (typeof value !== 'string') throw new Error(`${namespace}:${key} in ${locale} is not a text`);
  return value;
}

/**
 * Waits until the guest's consent is decided (spec §2, §4: by the route, or by itself one second after load) and
 * its banner is gone, instead of sleeping past that second.
 */
export async function consentSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.cookie.split('; ').includes('cookies-accepted=true'));
  await page
    .getByRole('region', { name: translation('es', 'consent', 'banner.title') })
    .waitFor({ state: 'hidden' });
}
