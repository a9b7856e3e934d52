// The floor plan editor (/ebitdata, decision 059), one file per section.
export * from './admin-floor-plan.service.ts';
export * from './admin-rooms.service.ts';
export * from './admin-tables.service.ts';
export * from './admin-combinations.service.ts';
