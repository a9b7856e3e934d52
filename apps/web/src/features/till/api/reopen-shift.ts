import { reopenShiftResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';
import { tillWriteMutation, withRole } from './till-api.ts';

/** The last shift, closed by mistake, reopened with the reason the audit keeps. */
export interface ShiftReopening {
  readonly shiftId: number;
  readonly reason: string;
}

/** POST /world/api/accounting/reopen-shift. */
export function reopenShift(roleId: number | null, input: ShiftReopening) {
  return api.request(reopenShiftResponseSchema, '/world/api/accounting/reopen-shift', {
    body: { ...input, ...withRole(roleId) },
    headers: idempotencyHeader(),
  });
}

export function useReopenShift(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(tillWriteMutation(client, (input: ShiftReopening) => reopenShift(roleId, input)));
}
