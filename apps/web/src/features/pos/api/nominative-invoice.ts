import { createNominativeInvoiceResponseSchema, type ClientData } from '@sobremesa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';
import { POS_QUERY_KEY, withRole } from './pos-api.ts';

/** The nominative invoice replacing an issued ticket, with the Idempotency-Key of its attempt. */
export interface NominativeRequest {
  readonly billId: number;
  readonly clientData: ClientData;
  readonly idempotencyKey: string;
}

/** POST /world/api/bill/create-nominative-invoice. */
export function createNominativeInvoice(
  roleId: number | null,
  { billId, clientData, idempotencyKey }: NominativeRequest,
) {
  return api.request(createNominativeInvoiceResponseSchema, '/world/api/bill/create-nominative-invoice', {
    body: { billId, clientData, ...withRole(roleId) },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * The invoice made is the mutation's `data` (the screen shows it in the ticket's place); the known clients
 * are read again, as the server keeps the client's data it was given.
 */
export function useNominativeInvoice(roleId: number | null) {
  const client = useQueryClient();
  return useMutation({
    ...STAFF_WRITE,
    mutationFn: (request: NominativeRequest) => createNominativeInvoice(roleId, request),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...POS_QUERY_KEY, 'clients'] }),
  });
}
