import type { Catalog } from './catalog.ts';

/** Server messages of the guest menu and the commander (issue 6). */
export const MENU_MESSAGES = {} as const satisfies Record<string, Catalog>;
