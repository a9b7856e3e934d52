import {
  tillStatusResponseSchema,
  zReportPrintResponseSchema,
  zReportResponseSchema,
  type RealtimeEvent,
} from '@sobremesa/contracts';
import { isTopicIn } from '@sobremesa/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fetchDocument } from '../../../lib/api-document.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';

/** The till's queries: its events and the payments of the day invalidate them. */
export const TILL_QUERY_KEY = [...STAFF_QUERY_KEY, 'till'] as const;

/** Snapshot types of the spec: 1 day start, 2 between shifts, 3 day end. */
export type SnapshotType = 1 | 2 | 3;

/** Which Z: a shift's, or a service day's. */
export type ZScope = { readonly shiftId: number } | { readonly date: string };

/**
 * Whether an event may change the till: its own (`till.changed`: a count, a movement, a reopening) or a
 * payment (`reservation.*`), which moves the expected cash and card.
 */
export function isTillEvent(event: RealtimeEvent): boolean {
  return isTopicIn('till', event);
}

export const withRole = (roleId: number | null) => (roleId === null ? {} : { roleId });

/**
 * A write on the till (a count, a movement, a reopening): it settles once the till's state is read again,
 * so the overlay closes on the figures it changed.
 */
export function tillWriteMutation<Input, Reply>(client: QueryClient, send: (input: Input) => Promise<Reply>) {
  return {
    ...STAFF_WRITE,
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: TILL_QUERY_KEY }),
  };
}

/** POST /world/api/accounting/till: the open shift (else the last), its movements and balance so far. */
export function tillStatusQuery(roleId: number | null) {
  return queryOptions({
    queryKey: [...TILL_QUERY_KEY, 'status', roleId],
    queryFn: () =>
      api.request(tillStatusResponseSchema, '/world/api/accounting/till', { body: withRole(roleId) }),
    meta: { access: 'copilot' },
  });
}

/** POST /world/api/accounting/z-report: the Z as data, of a shift or of a service day. */
export function zReportQuery(roleId: number | null, scope: ZScope) {
  return queryOptions({
    queryKey: [...TILL_QUERY_KEY, 'z', roleId, scope],
    queryFn: async () =>
      (
        await api.request(zReportResponseSchema, '/world/api/accounting/z-report', {
          body: { ...scope, ...withRole(roleId) },
        })
      ).zReport,
    meta: { access: 'copilot' },
  });
}

/** What the till reads on a tap (the Z's text to print, its PDF), each with the selected role. */
export function tillCalls(roleId: number | null) {
  const role = withRole(roleId);
  return {
    zText: (scope: ZScope) =>
      api.request(zReportPrintResponseSchema, '/world/api/accounting/z-report/print-info', {
        body: { ...scope, ...role },
      }),
    /** The Z as a PDF. */
    zPdf: (scope: ZScope): Promise<Blob> =>
      fetchDocument('/world/api/accounting/z-report/pdf', { ...scope, ...role }),
  };
}
export type TillCalls = ReturnType<typeof tillCalls>;
