import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { copilotRoles, copilotRoleStations, userCopilotRoles } from '../../db/schema/index.ts';

export type CopilotRoleRow = typeof copilotRoles.$inferSelect;

export function listRoles(db: Executor, venueId: number): Promise<CopilotRoleRow[]> {
  return db
    .select()
    .from(copilotRoles)
    .where(eq(copilotRoles.venueId, venueId))
    .orderBy(asc(copilotRoles.sortOrder), asc(copilotRoles.id));
}

export async function stationIdsByRole(
  db: Executor,
  venueId: number,
  roleIds: number[],
): Promise<Map<number, number[]>> {
  const byRole = new Map<number, number[]>();
  if (roleIds.length === 0) return byRole;
  const rows = await db
    .select()
    .from(copilotRoleStations)
    .where(
      and(eq(copilotRoleStations.venueId, venueId), inArray(copilotRoleStations.copilotRoleId, roleIds)),
    );
  for (const row of rows)
    byRole.set(row.copilotRoleId, [...(byRole.get(row.copilotRoleId) ?? []), row.elaborationStationId]);
  return byRole;
}

export function userRoleAssignments(db: Executor, venueId: number, userId: number) {
  return db
    .select()
    .from(userCopilotRoles)
    .where(and(eq(userCopilotRoles.venueId, venueId), eq(userCopilotRoles.userId, userId)));
}
