/** Rules of notification routing and timing (issue 8). */
export * from './routing.ts';
export * from './timing.ts';
export * from './upsell.ts';
export * from './resolution.ts';
export * from './status.ts';
