import type { Catalog } from './catalog.ts';

/** Server messages of staff notifications (issue 8). */
export const NOTIFICATION_MESSAGES = {} as const satisfies Record<string, Catalog>;
