import type { DehydratedState } from '@tanstack/query-core';
import { isLocale, type Locale } from '@sobremesa/domain';

/** The id of the page's data block with what the server rendered from (decision 030). */
export const SERVER_STATE_ID = 'sobremesa-server-state';

/** What the browser needs to take over a server-rendered page: its language and the queries it drew. */
export interface ServerState {
  readonly locale: Locale;
  readonly queries: DehydratedState;
}

/**
 * The data block for the page: JSON in a non-script type, so the CSP's `script-src 'self'` holds, with `<`
 * escaped so no value (a dish's name) can close the element.
 */
export function serverStateBlock(state: ServerState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`;
}

/** The page's server state, if the server rendered it. */
export function readServerState(document: Document): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  const state = JSON.parse(text) as ServerState;
  return isLocale(state.locale) ? state : null;
}
