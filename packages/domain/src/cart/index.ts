export * from './cart.ts';
export * from './pricing.ts';
export * from './price-floor.ts';
export * from './ordering-roles.ts';
export * from './order-plan.ts';
