import { staffTakeawayReplySchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { boardWriteMutation, withRole, type AdvanceTo } from './takeaway-staff-api.ts';

/** What happens to an order: accepted, refused with the reason the guest reads, or moved on. */
export type OrderMove =
  | { readonly kind: 'accept' }
  | { readonly kind: 'refuse'; readonly reason: string }
  | { readonly kind: 'advance'; readonly status: AdvanceTo };

export interface OrderMoveInput {
  readonly orderId: number;
  readonly move: OrderMove;
}

/** POST /world/api/takeaway/{accept,refuse,advance}, with the selected role (the server checks it may accept orders). */
export function moveOrder(roleId: number | null, { orderId, move }: OrderMoveInput) {
  const takeawayOrderId = orderId;
  switch (move.kind) {
    case 'accept':
      return api.request(staffTakeawayReplySchema, '/world/api/takeaway/accept', {
        body: { takeawayOrderId, ...withRole(roleId) },
      });
    case 'refuse':
      return api.request(staffTakeawayReplySchema, '/world/api/takeaway/refuse', {
        body: { takeawayOrderId, reason: move.reason, ...withRole(roleId) },
      });
    case 'advance':
      return api.request(staffTakeawayReplySchema, '/world/api/takeaway/advance', {
        body: { takeawayOrderId, status: move.status },
      });
  }
}

export function useMoveOrder(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(boardWriteMutation(client, (input: OrderMoveInput) => moveOrder(roleId, input)));
}
