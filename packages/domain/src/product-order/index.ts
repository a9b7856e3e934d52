/** Rules of the product-order lifecycle and order visibility (issue 7, decision 010). */
export * from './lifecycle.ts';
export * from './kitchen-roles.ts';
export * from './visibility.ts';
export * from './drinks.ts';
export * from './courses.ts';
export * from './course-state.ts';
export * from './guest-line-state.ts';
export * from './station-ticket.ts';
