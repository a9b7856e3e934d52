import {
  useMutation,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { STAFF_WRITE } from './staff-writes.ts';

/**
 * When a write reads again what it changes: once the server took it (`'taken'`), so a refusal is shown over
 * what the screen showed; or whatever the answer (`'answered'`), where a refusal says the screen was stale
 * (a 409 on a version the editor saw) and the truth is to be drawn.
 */
export type RereadWhen = 'taken' | 'answered';

/**
 * A staff write as the query layer runs it: the screen hands over the call (`send`), and every query it
 * changes is read again before the write resolves, so a form never says "saved" over the values it replaced.
 */
export function writeThenReadMutation(
  client: QueryClient,
  changes: readonly QueryKey[],
  when: RereadWhen = 'taken',
): MutationOptions<unknown, Error, () => Promise<unknown>> {
  const reread = () => Promise.all(changes.map((queryKey) => client.invalidateQueries({ queryKey })));
  return {
    ...STAFF_WRITE,
    mutationFn: (send) => send(),
    ...(when === 'taken' ? { onSuccess: reread } : { onSettled: reread }),
  };
}

/**
 * One form's or one row's writes under `changes`: `write(send)` resolves with what `send` resolved once the
 * queries show the change (and rejects when refused); `run(send, done)` leaves a refusal in `error` instead,
 * for the screen to put in words, and calls `done` after a success.
 */
export function useWriteThenRead(changes: readonly QueryKey[], when: RereadWhen = 'taken') {
  const client = useQueryClient();
  const mutation = useMutation(writeThenReadMutation(client, changes, when));
  const { mutateAsync, mutate } = mutation;
  return {
    // The reply is the one `send` resolved with: the mutation only waits for the reads.
    write: useCallback(<T>(send: () => Promise<T>) => mutateAsync(send) as Promise<T>, [mutateAsync]),
    run: useCallback(
      <T>(send: () => Promise<T>, done?: (reply: T) => void) =>
        mutate(send, done && { onSuccess: (reply) => done(reply as T) }),
      [mutate],
    ),
    busy: mutation.isPending,
    error: mutation.error,
  };
}
