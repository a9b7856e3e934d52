/**
 * Reservation states and floor rules (issue 5, decision 007), shared by the server (which enforces them)
 * and the copilot screens (which offer only what is allowed): status codes and the transition table,
 * the day's lists, the 24-hour upcoming rule and table states, the role × action matrix, staff seating,
 * the walk-in's table and the waitlist's quoted wait, the elapsed and relative-day labels, the
 * comma-decimal numbers staff type and the voice table commands.
 */
export * from './status.ts';
export * from './roles.ts';
export * from './lists.ts';
export * from './labels.ts';
export * from './numbers.ts';
export * from './seating.ts';
export * from './walk-in.ts';
export * from './voice.ts';
