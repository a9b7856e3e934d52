import { cashDrawerTransactionResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';
import { tillWriteMutation, withRole } from './till-api.ts';

/** Cash out of (0) or into (1) the drawer outside sales, in cents, with its reason. */
export interface CashMovementInput {
  readonly cashDrawerId: number;
  readonly type: 0 | 1;
  readonly amount: number;
  readonly reason: string;
}

/** POST /world/api/accounting/cash-drawer-transaction. The spec's client drops empty fields: the reason is always there, trimmed. */
export function moveCash(roleId: number | null, input: CashMovementInput) {
  return api.request(cashDrawerTransactionResponseSchema, '/world/api/accounting/cash-drawer-transaction', {
    body: { ...input, ...withRole(roleId) },
    headers: idempotencyHeader(),
  });
}

export function useMoveCash(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(tillWriteMutation(client, (input: CashMovementInput) => moveCash(roleId, input)));
}
