import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { firstRow } from '../../db/rows.ts';
import { staffSessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(
  db: Executor,
  venueId: number,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.venueId, venueId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row;
}

export async function findUserById(
  db: Executor,
  venueId: number,
  userId: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.venueId, venueId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  return firstRow(await db.insert(users).values(values).returning(), 'user insert');
}

/** Changes a member's name, disabled date (null: enabled) or password hash. */
export async function updateUser(
  db: Executor,
  venueId: number,
  userId: number,
  values: Partial<Pick<UserRow, 'name' | 'disabledAt' | 'passwordHash'>>,
): Promise<void> {
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.venueId, venueId), eq(users.id, userId)));
}

export async function insertSession(db: Executor, values: typeof staffSessions.$inferInsert): Promise<void> {
  await db.insert(staffSessions).values(values);
}

/** The live session of a token hash in a venue, with its user; nothing when revoked, expired or disabled. */
export async function findLiveSession(db: Executor, venueId: number, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: staffSessions, user: users })
    .from(staffSessions)
    .innerJoin(users, and(eq(users.venueId, staffSessions.venueId), eq(users.id, staffSessions.userId)))
    .where(
      and(
        eq(staffSessions.venueId, venueId),
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.absoluteExpiresAt, now),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  return row;
}

export async function touchSession(
  db: Executor,
  sessionId: number,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.update(staffSessions).set({ lastUsedAt: now, expiresAt }).where(eq(staffSessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number, now: Date): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, sessionId));
}

/** Revokes every live session of the member and returns their ids (for the sockets to close). */
export async function revokeUserSessions(db: Executor, venueId: number, userId: number, now: Date) {
  const ofMember = and(eq(staffSessions.venueId, venueId), eq(staffSessions.userId, userId));
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(ofMember, isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.map((row) => row.id);
}
