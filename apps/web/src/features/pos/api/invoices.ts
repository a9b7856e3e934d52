import {
  correctiveInvoiceResponseSchema,
  issuedInvoicesResponseSchema,
  type CreateCorrectiveInvoiceRequest,
} from '@sobremesa/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isServerError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';
import { POS_QUERY_KEY, withRole } from './pos-api.ts';

/** The issued invoices' list lives under this key: a correction, a cancellation or any billing event reads it again. */
export const INVOICES_QUERY_KEY = [...POS_QUERY_KEY, 'invoices'] as const;

/**
 * GET /world/api/bill/invoices: a service day's invoices, or those of a printed number whatever their day,
 * each with what stands against it and what may still be done to it (decision 057).
 */
export function issuedInvoicesQuery(roleId: number | null, date: string, number: string) {
  const query = new URLSearchParams({ date, ...(number ? { number } : {}) });
  if (roleId !== null) query.set('roleId', String(roleId));
  return queryOptions({
    queryKey: [...INVOICES_QUERY_KEY, roleId, date, number],
    queryFn: () => api.request(issuedInvoicesResponseSchema, `/world/api/bill/invoices?${query}`),
    // A number the server cannot read is said at once, at its field; a lost connection is tried once more.
    retry: (failures, error) => !isServerError(error) && failures < 1,
    meta: { access: 'copilot' },
  });
}

/** A corrective invoice by differences, with the Idempotency-Key of its attempt. */
export type CorrectionRequest = Omit<CreateCorrectiveInvoiceRequest, 'roleId'> & {
  readonly idempotencyKey: string;
};

/** POST /world/api/bill/create-corrective-invoice: the new corrective invoice is the mutation's `data`. */
export function useCorrectInvoice(roleId: number | null) {
  const client = useQueryClient();
  return useMutation({
    ...STAFF_WRITE,
    mutationFn: ({ idempotencyKey, ...body }: CorrectionRequest) =>
      api.request(correctiveInvoiceResponseSchema, '/world/api/bill/create-corrective-invoice', {
        body: { ...body, ...withRole(roleId) },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }),
  });
}

/** An invoice issued in error, cancelled with the reason the audit keeps. */
export interface CancellationRequest {
  readonly billId: number;
  readonly reason: string;
  readonly idempotencyKey: string;
}

/** POST /world/api/bill/cancel-invoice: the invoice, now cancelled, is the mutation's `data`. */
export function useCancelInvoice(roleId: number | null) {
  const client = useQueryClient();
  return useMutation({
    ...STAFF_WRITE,
    mutationFn: ({ idempotencyKey, ...body }: CancellationRequest) =>
      api.request(correctiveInvoiceResponseSchema, '/world/api/bill/cancel-invoice', {
        body: { ...body, ...withRole(roleId) },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }),
  });
}

/** A cancelled ticket's account invoiced again, with the Idempotency-Key of its attempt. */
export interface ReissueRequest {
  readonly billId: number;
  readonly idempotencyKey: string;
}

/** POST /world/api/bill/reissue-invoice: the new ticket is the mutation's `data`. */
export function useReissueInvoice(roleId: number | null) {
  const client = useQueryClient();
  return useMutation({
    ...STAFF_WRITE,
    mutationFn: ({ idempotencyKey, ...body }: ReissueRequest) =>
      api.request(correctiveInvoiceResponseSchema, '/world/api/bill/reissue-invoice', {
        body: { ...body, ...withRole(roleId) },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }),
  });
}
