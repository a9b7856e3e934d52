import type { Catalog } from './catalog.ts';

/** Server messages of bills, payments, tips and printing (issue 9). */
export const BILLING_MESSAGES = {} as const satisfies Record<string, Catalog>;
