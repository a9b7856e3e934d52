import { productOrderLinesResponseSchema } from '@sobremesa/contracts';
import type { KitchenOperation } from '@sobremesa/domain';
import { useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api.ts';
import { sendOrQueue } from '../../../lib/offline-writes.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';
import { KITCHEN_QUERY_KEY } from './kitchen-api.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';

/** The line buttons of the screens, and the call each one makes (spec §7 "Orders"). */
const LINE_PATHS = {
  startPreparation: 'startpreparation',
  finishPreparation: 'finishpreparation',
  serve: 'serve',
  addToHotTable: 'addtohottable',
  removeFromHotTable: 'removetohottable',
  // The kitchen refuses a dish it cannot make (decision 052): it leaves the bill, so it needs a key.
  reject: 'mark-as-rejected',
} as const satisfies Partial<Record<KitchenOperation, string>>;

export type LineOperation = keyof typeof LINE_PATHS;

/** An operation on a set of lines: all of them move, or none (another tablet was first). */
export interface LinesUpdate {
  readonly operation: LineOperation;
  readonly productOrderIds: readonly number[];
}

/**
 * POST /world/api/productorder/<operation> with the selected role (SEC-02: the server checks it). Without a
 * connection it waits in the offline queue with its Idempotency-Key (decision 051).
 */
export function updateLines(roleId: number | null, { operation, productOrderIds }: LinesUpdate) {
  const body = { productOrderIds, ...(roleId === null ? {} : { roleId }) };
  const path = `/world/api/productorder/${LINE_PATHS[operation]}`;
  // A rejection takes the dish off the bill: it is said to the server there and then, never queued.
  return operation === 'reject'
    ? api.request(productOrderLinesResponseSchema, path, { body, headers: idempotencyHeader() })
    : sendOrQueue(productOrderLinesResponseSchema, { kind: 'kitchen', path, body, lineIds: productOrderIds });
}

/** Every line call in flight carries this key, so the screens can show which lines are moving. */
export const UPDATE_LINES_MUTATION_KEY = [...KITCHEN_QUERY_KEY, 'update-lines'] as const;

/**
 * The line write as the query layer runs it: once it settles, taken or refused, the kitchen's day is
 * read again, so a refused call (409: another tablet was first) redraws with the truth.
 */
export function updateLinesMutation(client: QueryClient, send: (update: LinesUpdate) => Promise<unknown>) {
  return {
    ...STAFF_WRITE,
    mutationKey: UPDATE_LINES_MUTATION_KEY,
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: KITCHEN_QUERY_KEY }),
  };
}

/** `onError` runs before the day is read again, so a refusal is told at once. */
export function useUpdateLines(roleId: number | null, onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({ ...updateLinesMutation(client, (update) => updateLines(roleId, update)), onError });
}

/** Ids of the lines a line call is moving right now (a waiting offline call is the queue's to say). */
export function useLinesInFlight(): ReadonlySet<number> {
  const moving = useMutationState({
    filters: { mutationKey: UPDATE_LINES_MUTATION_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as LinesUpdate | undefined)?.productOrderIds ?? [],
  });
  return useMemo(() => new Set(moving.flat()), [moving]);
}
