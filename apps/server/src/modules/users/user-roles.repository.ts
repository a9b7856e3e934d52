import { and, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/database.ts';
import { userCopilotRoles } from '../../db/schema/index.ts';

/** Gives a member copilot roles, `activeRoleId` the one preselected at sign-in. */
export async function insertUserRoles(
  db: Executor,
  venueId: number,
  userId: number,
  roleIds: readonly number[],
  activeRoleId: number | undefined,
): Promise<void> {
  if (roleIds.length === 0) return;
  await db.insert(userCopilotRoles).values(
    roleIds.map((copilotRoleId) => ({
      venueId,
      userId,
      copilotRoleId,
      isActive: copilotRoleId === activeRoleId,
    })),
  );
}

/** Replaces the member's roles, keeping the preselected one when it stays (else the first is). */
export async function replaceUserRoles(
  tx: Transaction,
  venueId: number,
  userId: number,
  roleIds: readonly number[],
): Promise<void> {
  const ofMember = and(eq(userCopilotRoles.venueId, venueId), eq(userCopilotRoles.userId, userId));
  const current = await tx.select().from(userCopilotRoles).where(ofMember);
  const keptActive = current.find((row) => row.isActive && roleIds.includes(row.copilotRoleId));
  await tx.delete(userCopilotRoles).where(ofMember);
  await insertUserRoles(tx, venueId, userId, roleIds, keptActive?.copilotRoleId ?? roleIds[0]);
}
