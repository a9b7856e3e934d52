import { ownerReportResponseSchema } from '@sobremesa/contracts';
import type { OwnerReport } from '@sobremesa/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';
import { saveBlob } from './api-document.ts';
import { STAFF_QUERY_KEY } from './query-client.ts';
import { storage } from './storage.ts';

export type OwnerReportName = OwnerReport;

export interface ReportRange {
  readonly from: string;
  readonly to: string;
}

/** The admin reads with no role; the copilot sends its selected role (TPV, 1 en Sala: today only). */
const withRole = (roleId: number | null) => (roleId === null ? {} : { roleId });

/** The reports' queries: the till invalidates them on a payment, so today's report stays live. */
export const REPORTS_QUERY_KEY = [...STAFF_QUERY_KEY, 'reports'] as const;

/** POST /world/api/reports/owner: every report of a range beside the previous period. */
export function ownerReportQuery(range: ReportRange, roleId: number | null) {
  return queryOptions({
    queryKey: [...REPORTS_QUERY_KEY, range, roleId],
    queryFn: () =>
      api.request(ownerReportResponseSchema, '/world/api/reports/owner', {
        body: { ...range, ...withRole(roleId) },
      }),
    retry: false,
  });
}

/**
 * POST /world/api/reports/owner/csv, handed to the browser as a file (the staff session is a bearer token,
 * so a plain link would not do). Rejects when the server refuses; the caller alerts.
 */
export async function downloadReportCsv(
  report: OwnerReportName,
  range: ReportRange,
  roleId: number | null,
): Promise<void> {
  const token = storage.token.get();
  const response = await fetch('/world/api/reports/owner/csv', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-locale': document.documentElement.lang || 'es',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ ...range, ...withRole(roleId), report }),
  });
  if (!response.ok) throw new Error(`report download failed: HTTP ${response.status}`);
  saveBlob(await response.blob(), `informe-${report}-${range.from}-${range.to}.csv`);
}
