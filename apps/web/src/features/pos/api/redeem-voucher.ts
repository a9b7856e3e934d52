import { voucherSetResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';
import { accountWriteMutation, POS_QUERY_KEY, withRole } from './pos-api.ts';

/** A voucher's code as the guest shows it (the server compares it without case). */
export interface VoucherRedemption {
  readonly reservationId: number;
  readonly code: string;
}

/** POST /world/api/voucher-set. */
export function redeemVoucher(roleId: number | null, { reservationId, code }: VoucherRedemption) {
  return api.request(voucherSetResponseSchema, '/world/api/voucher-set', {
    body: { reservationId, code, ...withRole(roleId) },
    headers: idempotencyHeader(),
  });
}

/**
 * A voucher as the query layer runs it: what is owed is the reply's, and the guest's bill (lines, VAT per
 * rate, discount) is made again with the voucher off.
 */
export function redeemVoucherMutation(
  client: QueryClient,
  roleId: number | null,
  send: (redemption: VoucherRedemption) => ReturnType<typeof redeemVoucher>,
) {
  const owed = accountWriteMutation(client, roleId, send);
  return {
    ...owed,
    onSuccess: (reply: Awaited<ReturnType<typeof redeemVoucher>>, redemption: VoucherRedemption) => {
      owed.onSuccess(reply, redemption);
      void client.invalidateQueries({ queryKey: [...POS_QUERY_KEY, 'bill', redemption.reservationId] });
    },
  };
}

export function useRedeemVoucher(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(
    redeemVoucherMutation(client, roleId, (redemption) => redeemVoucher(roleId, redemption)),
  );
}
