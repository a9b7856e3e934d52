import {
  cashDrawerTransactionResponseSchema,
  createAccountingSnapshotResponseSchema,
  reopenShiftResponseSchema,
  tillStatusResponseSchema,
  zReportPrintResponseSchema,
  zReportResponseSchema,
  type CashDrawerSlotInput,
  type RealtimeEvent,
} from '@sobremesa/contracts';
import { isTopicIn } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fetchDocument } from '../../../lib/api-document.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';

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

const withRole = (roleId: number | null) => (roleId === null ? {} : { roleId });

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

export interface CountInput {
  readonly snapshotType: SnapshotType;
  readonly cashDrawerId: number;
  readonly cashDrawerSlots: readonly CashDrawerSlotInput[];
  /** The card reader's own total, in cents, with its reader. */
  readonly card?: { readonly cardReaderId: number; readonly totalCardAmount: number };
}

/** The till's writes, each with the selected role and an Idempotency-Key per tap (decision 033). */
export function tillCalls(roleId: number | null) {
  const role = withRole(roleId);
  return {
    count: ({ card, ...input }: CountInput, idempotencyKey: string) =>
      api.request(
        createAccountingSnapshotResponseSchema,
        '/world/api/accounting/create-accounting-snapshot',
        {
          body: { ...input, ...card, ...role },
          headers: { 'Idempotency-Key': idempotencyKey },
        },
      ),
    // The spec's client drops empty fields: the reason is always there, trimmed.
    movement: (cashDrawerId: number, type: 0 | 1, amount: number, reason: string) =>
      api.request(cashDrawerTransactionResponseSchema, '/world/api/accounting/cash-drawer-transaction', {
        body: { cashDrawerId, type, amount, reason, ...role },
        headers: idempotencyHeader(),
      }),
    reopen: (shiftId: number, reason: string) =>
      api.request(reopenShiftResponseSchema, '/world/api/accounting/reopen-shift', {
        body: { shiftId, reason, ...role },
        headers: idempotencyHeader(),
      }),
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
