import { auditLog } from './schema/index.ts';
import type { Executor } from './database.ts';

/**
 * Who acted, as a route resolved them: the signed-in staff member and the role they acted as (none when
 * the step that acted did not know it, as a refund after a refused takeaway order).
 */
export interface AuditActor {
  readonly principal: { readonly userId: number };
  readonly actor: string | null;
}

/** A staff member acting from the admin's screens (settings, menu, media, fiscal). */
export function asAdmin(staff: { readonly userId: number }): AuditActor {
  return { principal: staff, actor: 'admin' };
}

/**
 * Appends one row to the audit log (SEC-11) in the caller's transaction. The log is append-only and shared:
 * each module writes its own entries, and this is the one shape they take.
 */
export async function appendAudit(
  db: Executor,
  venueId: number,
  by: AuditActor,
  action: string,
  entity: string,
  /** Most entities are rows (their id); a few are named otherwise (a drawer ticket's jti). */
  entityId: number | string,
  before: unknown,
  after: unknown,
  /** When it happened, for a change dated by the request that made it; the database's now otherwise. */
  at?: Date,
): Promise<void> {
  await db.insert(auditLog).values({
    venueId,
    actorUserId: by.principal.userId,
    actorRole: by.actor,
    action,
    entity,
    entityId: String(entityId),
    before: before ?? null,
    after: after ?? null,
    ...(at ? { createdAt: at } : {}),
  });
}
