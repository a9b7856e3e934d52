import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AdminAuditQuery } from '@sobremesa/contracts';
import type { Executor } from '../../db/database.ts';
import { auditLog, users } from '../../db/schema/index.ts';

/** A page of the venue's audit log, newest first, with the actor's name (one row more tells of a next page). */
export function listAuditEntries(db: Executor, venueId: number, query: AdminAuditQuery) {
  const conditions: SQL[] = [eq(auditLog.venueId, venueId)];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actorUserId) conditions.push(eq(auditLog.actorUserId, query.actorUserId));
  if (query.beforeId) conditions.push(lt(auditLog.id, query.beforeId));
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorUserId: auditLog.actorUserId,
      actorName: users.name,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.actorUserId), eq(users.venueId, auditLog.venueId)))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
}

/** The distinct actions and entities of the venue's log, for the viewer's filters. */
export async function listAuditKinds(db: Executor, venueId: number) {
  const rows = await db
    .selectDistinct({ action: auditLog.action, entity: auditLog.entity })
    .from(auditLog)
    .where(eq(auditLog.venueId, venueId));
  return {
    actions: [...new Set(rows.map((row) => row.action))].sort(),
    entities: [...new Set(rows.map((row) => row.entity))].sort(),
  };
}
