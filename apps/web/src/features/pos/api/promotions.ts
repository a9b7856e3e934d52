import { assignPromotionResponseSchema, deletePromotionResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';
import { POS_QUERY_KEY, withRole } from './pos-api.ts';

/** A percentage off an account (spec §2, §7), with what the receipt calls it. */
export interface PromotionAssignment {
  readonly wid: string;
  /** Percent, at most two decimals. */
  readonly value: number;
  readonly description?: string;
}

/** POST /world/api/reservation-promotions/assign-to-reservation. */
export function assignPromotion(roleId: number | null, { wid, value, description }: PromotionAssignment) {
  return api.request(
    assignPromotionResponseSchema,
    '/world/api/reservation-promotions/assign-to-reservation',
    {
      body: { wid, value, ...(description ? { description } : {}), ...withRole(roleId) },
      headers: idempotencyHeader(),
    },
  );
}

/** POST /world/api/reservation-promotions/delete. */
export function deletePromotion(roleId: number | null, promotionId: number) {
  return api.request(deletePromotionResponseSchema, '/world/api/reservation-promotions/delete', {
    body: { promotionId, ...withRole(roleId) },
    headers: idempotencyHeader(),
  });
}

/**
 * A promotion's replies do not say what is owed: every point-of-sale query (the day's totals, the bill, what
 * the overlay shows) is read again, and the mutation settles once they are.
 */
export function promotionMutation<Input, Reply>(client: QueryClient, send: (input: Input) => Promise<Reply>) {
  return {
    ...STAFF_WRITE,
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: POS_QUERY_KEY }),
  };
}

export function useAssignPromotion(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(
    promotionMutation(client, (assignment: PromotionAssignment) => assignPromotion(roleId, assignment)),
  );
}

export function useDeletePromotion(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(
    promotionMutation(client, (promotionId: number) => deletePromotion(roleId, promotionId)),
  );
}
