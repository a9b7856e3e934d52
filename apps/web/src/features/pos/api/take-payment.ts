import { createPaymentResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { keepPaymentInfo, type PaymentInput } from './pos-api.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';

/** A payment taken with the Idempotency-Key of its attempt: a retry after a lost reply is taken once (REL-03). */
export interface PaymentAttempt {
  readonly payment: PaymentInput;
  readonly idempotencyKey: string;
}

/** POST /world/api/payment/create with the selected role. */
export function takePayment(roleId: number | null, { payment, idempotencyKey }: PaymentAttempt) {
  return api.request(createPaymentResponseSchema, '/world/api/payment/create', {
    body: { ...payment, ...(roleId === null ? {} : { roleId }) },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A payment as the query layer runs it: what the account owes now is the reply's, kept with its bill. */
export function takePaymentMutation(
  client: QueryClient,
  roleId: number | null,
  send: (attempt: PaymentAttempt) => ReturnType<typeof takePayment>,
) {
  return {
    ...STAFF_WRITE,
    mutationFn: send,
    onSuccess: (reply: Awaited<ReturnType<typeof takePayment>>, { payment }: PaymentAttempt) =>
      keepPaymentInfo(client, payment.reservationId, roleId, reply.paymentInfo),
  };
}

export function useTakePayment(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(takePaymentMutation(client, roleId, (attempt) => takePayment(roleId, attempt)));
}
