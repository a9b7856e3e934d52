// The copilot floor's calls, one file per section (decision 068). Floor owns no reservation or order table: it
// orchestrates staff actions (state rules, roles, audit, events) over reservations' rows and table bookings
// and kitchen's orders, through their services.
export type { FloorCaller } from '../../http/route-roles.ts';
export { isNoTable } from './floor-refusals.ts';
export * from './floor-reads.service.ts';
export * from './reservation-actions.service.ts';
export * from './table-changes.service.ts';
export * from './walk-ins.service.ts';
