/** Rules of bill totals, VAT, rounding, splits, change, roles and the ticket layout (issue 9, decision 012). */
export * from './allocation.ts';
export * from './totals.ts';
export * from './payments.ts';
export * from './roles.ts';
export * from './receipt-layout.ts';
export * from './corrective.ts';
