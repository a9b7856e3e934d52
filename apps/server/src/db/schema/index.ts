export * from './venues.ts';
export * from './staff.ts';
export * from './platform.ts';
export * from './accounting.ts';
