import { voidPaymentResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';
import { accountWriteMutation, withRole } from './pos-api.ts';

/** A payment taken in error taken back off the account, with the reason the audit keeps. */
export interface PaymentVoid {
  readonly reservationId: number;
  readonly paymentId: number;
  readonly reason: string;
}

/**
 * POST /world/api/payment/void. A retried void of a payment already voided is refused with its own
 * message: nothing is taken back twice.
 */
export function voidPayment(roleId: number | null, { reservationId, paymentId, reason }: PaymentVoid) {
  return api.request(voidPaymentResponseSchema, '/world/api/payment/void', {
    body: { reservationId, paymentId, reason, ...withRole(roleId) },
    headers: idempotencyHeader(),
  });
}

export function useVoidPayment(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(
    accountWriteMutation(client, roleId, (input: PaymentVoid) => voidPayment(roleId, input)),
  );
}
