export * from './money.ts';
export * from './locales.ts';
export * from './service-day.ts';
export * from './copilot-views.ts';
export * from './validation.ts';
export * from './availability/index.ts';
export * from './reservation-status/index.ts';
export * from './cart/index.ts';
