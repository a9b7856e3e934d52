import type { ApiCall } from './api-client.ts';

/** The configuration calls every page starts with; the start-up script sends them ahead (decision 017). */
export const SYSTEM_CONFIG_CALL: ApiCall = { path: '/world/api/systemconfig' };
export const VENUE_CONFIG_CALL: ApiCall = {
  path: '/world/api/venueconfig',
  init: { method: 'POST', body: {} },
};
