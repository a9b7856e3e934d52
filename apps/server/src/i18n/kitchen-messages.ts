import type { Catalog } from './catalog.ts';

/** Server messages of the kitchen and bar (issue 7). */
export const KITCHEN_MESSAGES = {} as const satisfies Record<string, Catalog>;
