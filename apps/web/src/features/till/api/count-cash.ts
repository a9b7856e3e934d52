import { createAccountingSnapshotResponseSchema, type CashDrawerSlotInput } from '@sobremesa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tillWriteMutation, withRole, type SnapshotType } from './till-api.ts';

/** A count of the drawer by denomination, with the Idempotency-Key of its attempt (decision 033). */
export interface CashCountInput {
  readonly snapshotType: SnapshotType;
  readonly cashDrawerId: number;
  readonly cashDrawerSlots: readonly CashDrawerSlotInput[];
  /** The card reader's own total, in cents, with its reader. */
  readonly card?: { readonly cardReaderId: number; readonly totalCardAmount: number };
  readonly idempotencyKey: string;
}

/** POST /world/api/accounting/create-accounting-snapshot: opens, hands over or ends the day. */
export function countCash(roleId: number | null, { card, idempotencyKey, ...input }: CashCountInput) {
  return api.request(
    createAccountingSnapshotResponseSchema,
    '/world/api/accounting/create-accounting-snapshot',
    {
      body: { ...input, ...card, ...withRole(roleId) },
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
}
export type Counted = Awaited<ReturnType<typeof countCash>>;

export function useCountCash(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(tillWriteMutation(client, (input: CashCountInput) => countCash(roleId, input)));
}
