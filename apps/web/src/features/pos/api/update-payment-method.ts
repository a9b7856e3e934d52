import { updatePaymentMethodResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountWriteMutation, withRole, type PaymentMethod } from './pos-api.ts';

/** A payment's method corrected before the account is paid (card taken that was cash, and back). */
export interface MethodChange {
  readonly reservationId: number;
  readonly paymentId: number;
  readonly method: PaymentMethod;
}

/** POST /world/api/payment/update-method: no Idempotency-Key, the same method set again changes nothing. */
export function updatePaymentMethod(
  roleId: number | null,
  { reservationId, paymentId, method }: MethodChange,
) {
  return api.request(updatePaymentMethodResponseSchema, '/world/api/payment/update-method', {
    body: { reservationId, paymentId, paymentMethod: method, ...withRole(roleId) },
  });
}

export function useUpdatePaymentMethod(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(
    accountWriteMutation(client, roleId, (change: MethodChange) => updatePaymentMethod(roleId, change)),
  );
}
