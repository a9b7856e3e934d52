import { paidReservationResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { POS_QUERY_KEY, type PaymentMethod } from './pos-api.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';

/** The account closed and its invoice issued; with `fast`, everything owed is taken in the same call. */
export interface BillIssue {
  readonly reservationId: number;
  readonly idempotencyKey: string;
  readonly fast?: { readonly paymentMethod: PaymentMethod; readonly tenderedCents?: number };
}

/** POST /world/api/reservation/paid-reservation with the selected role. */
export function issueBill(roleId: number | null, { reservationId, idempotencyKey, fast }: BillIssue) {
  return api.request(paidReservationResponseSchema, '/world/api/reservation/paid-reservation', {
    body: { reservationId, ...fast, ...(roleId === null ? {} : { roleId }) },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Issuing as the query layer runs it: every point-of-sale query (the day's accounts, the bill) is read again. */
export function issueBillMutation(
  client: QueryClient,
  send: (issue: BillIssue) => ReturnType<typeof issueBill>,
) {
  return {
    ...STAFF_WRITE,
    mutationFn: send,
    onSuccess: () => void client.invalidateQueries({ queryKey: POS_QUERY_KEY }),
  };
}

export function useIssueBill(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(issueBillMutation(client, (issue) => issueBill(roleId, issue)));
}
