import type { CopilotRole } from '@sobremesa/contracts';
import { isCopilotView, type CopilotView } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import { AppError } from '../../http/app-error.ts';
import {
  listRoles,
  stationIdsByRole,
  userRoleAssignments,
  type CopilotRoleRow,
} from './copilot-roles.repository.ts';

function toContract(row: CopilotRoleRow, stations: number[], isActive: boolean): CopilotRole {
  return {
    id: row.id,
    name: row.name,
    active: isActive ? 1 : 0,
    copilotView: { name: row.view },
    elaborationStations: [...stations].sort((a, b) => a - b),
    notificationTypes: row.notificationTypes.map((name) => ({ name })),
    requirementProductCopilotRoles: row.requiredProductRoles.map((name) => ({ name })),
  };
}

/** Every copilot role of the venue (spec "copilotrole/list"); none is marked active. */
export async function listVenueRoles(db: Executor, venueId: number): Promise<CopilotRole[]> {
  const roles = await listRoles(db, venueId);
  const stations = await stationIdsByRole(
    db,
    venueId,
    roles.map((role) => role.id),
  );
  return roles.map((role) => toContract(role, stations.get(role.id) ?? [], false));
}

/** The roles a staff member may take, with their preselected one marked `active: 1` (spec §3). */
export async function listUserRoles(db: Executor, venueId: number, userId: number): Promise<CopilotRole[]> {
  const run = readsOn(db);
  const [roles, assignments] = await Promise.all([
    run(() => listRoles(db, venueId)),
    run(() => userRoleAssignments(db, venueId, userId)),
  ]);
  const assigned = new Map(assignments.map((assignment) => [assignment.copilotRoleId, assignment.isActive]));
  const mine = roles.filter((role) => assigned.has(role.id));
  const stations = await stationIdsByRole(
    db,
    venueId,
    mine.map((role) => role.id),
  );
  return mine.map((role) => toContract(role, stations.get(role.id) ?? [], assigned.get(role.id) === true));
}

/** The copilot role a staff call acts in, and the view it opens (none when the role names no known view). */
export interface ActingRole {
  readonly role: CopilotRole | undefined;
  readonly view: CopilotView | undefined;
}

/**
 * Every staff call acts in one role (SEC-02): the `roleId` sent must be one of the member's `roles` (403
 * `role_not_assigned` otherwise); without it their preselected role, else their first. A user without roles
 * gets no role, and each caller then fails closed with its own matrix.
 */
export function actingRole(roles: readonly CopilotRole[], roleId: number | undefined): ActingRole {
  const role =
    roleId === undefined
      ? (roles.find((candidate) => candidate.active === 1) ?? roles[0])
      : roles.find((candidate) => candidate.id === roleId);
  if (roleId !== undefined && !role) throw new AppError(403, 'FORBIDDEN', 'role_not_assigned');
  const view = role && isCopilotView(role.copilotView.name) ? role.copilotView.name : undefined;
  return { role, view };
}
