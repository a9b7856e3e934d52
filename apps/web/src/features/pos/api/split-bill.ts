import { billPaymentInfoResponseSchema, type SplitRequest } from '@sobremesa/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';

/** What is still owed split in equal parts or by items. */
export interface BillSplit {
  readonly reservationId: number;
  readonly split: SplitRequest;
}

/** POST /world/api/reservation/bill-payment-info with a split: the parts, each with its amount and lines. */
export function splitBill(roleId: number | null, { reservationId, split }: BillSplit) {
  return api.request(billPaymentInfoResponseSchema, '/world/api/reservation/bill-payment-info', {
    body: { reservationId, split, ...(roleId === null ? {} : { roleId }) },
  });
}

/** A split changes nothing the server keeps: the parts are the screen's to pay, nothing is read again. */
export function useSplitBill(roleId: number | null) {
  return useMutation({ ...STAFF_WRITE, mutationFn: (split: BillSplit) => splitBill(roleId, split) });
}
