import type { AdminAuditQuery, AdminAuditResponse } from '@sobremesa/contracts';
import { formatOffsetDateTime } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Venue } from '../venues/venues.service.ts';
import { listAuditEntries, listAuditKinds } from './admin-audit.repository.ts';

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
