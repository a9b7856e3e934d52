import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import {
  copilotRoles,
  copilotRoleStations,
  elaborationStations,
  staffPasswordLinks,
  userCopilotRoles,
  users,
} from '../../db/schema/index.ts';

export type StaffRow = typeof users.$inferSelect;

export function listStaff(db: Executor, venueId: number): Promise<StaffRow[]> {
  return db.select().from(users).where(eq(users.venueId, venueId)).orderBy(asc(users.name), asc(users.id));
}

/** Whether the venue has a member with this email (compared case-insensitively, as the unique index does). */
export async function emailTaken(db: Executor, venueId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.venueId, venueId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row !== undefined;
}

/** The member's row, locked so two admins' changes to one member apply one after the other. */
export async function lockStaff(tx: Transaction, venueId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.venueId, venueId), eq(users.id, userId)))
    .for('update');
  return row;
}

export function roleAssignments(db: Executor, venueId: number) {
  return db
    .select({ userId: userCopilotRoles.userId, roleId: userCopilotRoles.copilotRoleId })
    .from(userCopilotRoles)
    .where(eq(userCopilotRoles.venueId, venueId));
}

/** The venue's roles with the names of their stations. */
export async function rolesWithStations(db: Executor, venueId: number) {
  const run = readsOn(db);
  const [roles, stations] = await Promise.all([
    run(() =>
      db
        .select()
        .from(copilotRoles)
        .where(eq(copilotRoles.venueId, venueId))
        .orderBy(asc(copilotRoles.sortOrder), asc(copilotRoles.id)),
    ),
    run(() =>
      db
        .select({
          roleId: copilotRoleStations.copilotRoleId,
          id: elaborationStations.id,
          name: elaborationStations.name,
        })
        .from(copilotRoleStations)
        .innerJoin(
          elaborationStations,
          and(
            eq(elaborationStations.venueId, copilotRoleStations.venueId),
            eq(elaborationStations.id, copilotRoleStations.elaborationStationId),
          ),
        )
        .where(eq(copilotRoleStations.venueId, venueId))
        .orderBy(asc(elaborationStations.sortOrder), asc(elaborationStations.id)),
    ),
  ]);
  return roles.map((role) => ({
    id: role.id,
    name: role.name,
    view: role.view,
    notificationTypes: role.notificationTypes,
    elaborationStations: stations
      .filter((station) => station.roleId === role.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}

/** Which of `roleIds` are this venue's roles. */
export async function venueRoleIds(db: Executor, venueId: number, roleIds: readonly number[]) {
  if (roleIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: copilotRoles.id })
    .from(copilotRoles)
    .where(and(eq(copilotRoles.venueId, venueId), inArray(copilotRoles.id, [...roleIds])));
  return new Set(rows.map((row) => row.id));
}

/** Voids the member's unspent capabilities: only the newest invitation or reset works. */
export async function voidPasswordLinks(tx: Transaction, venueId: number, userId: number): Promise<string[]> {
  const rows = await tx
    .delete(staffPasswordLinks)
    .where(
      and(
        eq(staffPasswordLinks.venueId, venueId),
        eq(staffPasswordLinks.userId, userId),
        isNull(staffPasswordLinks.usedAt),
      ),
    )
    .returning({ purpose: staffPasswordLinks.purpose });
  return rows.map((row) => row.purpose);
}

export async function insertPasswordLink(
  tx: Transaction,
  values: typeof staffPasswordLinks.$inferInsert,
): Promise<void> {
  await tx.insert(staffPasswordLinks).values(values);
}

/** Members with an invitation never used: they have no password of their own yet. */
export async function pendingInvitees(db: Executor, venueId: number): Promise<Set<number>> {
  const invited = await db
    .select({ userId: staffPasswordLinks.userId, usedAt: staffPasswordLinks.usedAt })
    .from(staffPasswordLinks)
    .where(and(eq(staffPasswordLinks.venueId, venueId), eq(staffPasswordLinks.purpose, 'invite')));
  const pending = new Set<number>();
  const done = new Set<number>();
  for (const row of invited) (row.usedAt ? done : pending).add(row.userId);
  for (const userId of done) pending.delete(userId);
  return pending;
}

/** The live capability of a code hash in a venue, locked, with its member. */
export async function lockLivePasswordLink(tx: Transaction, venueId: number, codeHash: string, now: Date) {
  const [row] = await tx
    .select()
    .from(staffPasswordLinks)
    .where(
      and(
        eq(staffPasswordLinks.venueId, venueId),
        eq(staffPasswordLinks.codeHash, codeHash),
        isNull(staffPasswordLinks.usedAt),
        gt(staffPasswordLinks.expiresAt, now),
      ),
    )
    .for('update');
  return row;
}

export async function spendPasswordLink(tx: Transaction, id: number, now: Date): Promise<void> {
  await tx.update(staffPasswordLinks).set({ usedAt: now }).where(eq(staffPasswordLinks.id, id));
}
