import type { AdminAuditQuery, AdminAuditResponse } from '@sobremesa/contracts';
import { formatOffsetDateTime } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit, asAdmin } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { listAuditEntries, listAuditKinds } from './admin-audit.repository.ts';

/** An admin's change as the audit log keeps it (SEC-11): what was done to which row, before and after. */
export interface AdminChange {
  readonly action: string;
  readonly entity: string;
  readonly entityId: number;
  readonly before: unknown;
  readonly after: unknown;
}

/** The audit row of an admin's change, written in the change's own transaction. */
export async function auditAdminChange(
  tx: Transaction,
  venue: Venue,
  staff: StaffPrincipal,
  change: AdminChange,
): Promise<void> {
  await appendAudit(
    tx,
    venue.id,
    asAdmin(staff),
    change.action,
    change.entity,
    change.entityId,
    change.before,
    change.after,
  );
}

/** The audit log viewer's page (SEC-11): who changed what and when, with before and after. */
export async function auditPage(
  ctx: AppContext,
  venue: Venue,
  query: AdminAuditQuery,
): Promise<Omit<AdminAuditResponse, 'result'>> {
  const [rows, kinds] = await Promise.all([
    listAuditEntries(ctx.db, venue.id, query),
    listAuditKinds(ctx.db, venue.id),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(({ createdAt, ...row }) => ({
      ...row,
      at: formatOffsetDateTime(createdAt, venue.timeZone),
    })),
    nextBeforeId: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    ...kinds,
  };
}
