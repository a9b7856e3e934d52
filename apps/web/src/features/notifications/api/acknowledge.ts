import { ackNotificationResponseSchema } from '@sobremesa/contracts';
import { useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sendOrQueue } from '../../../lib/offline-writes.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';
import { NOTIFICATIONS_QUERY_KEY } from './notifications-api.ts';

/**
 * POST /world/api/notifications/:id/ack with the selected role. Without a connection the acknowledgement
 * waits in the offline queue (decision 051).
 */
export function acknowledgeNotification(roleId: number | null, id: number) {
  return sendOrQueue(ackNotificationResponseSchema, {
    kind: 'notification',
    path: `/world/api/notifications/${id}/ack`,
    body: roleId === null ? {} : { roleId },
  });
}

/** Every acknowledgement in flight carries this key, so each list shows which notification is going. */
export const ACKNOWLEDGE_MUTATION_KEY = [...NOTIFICATIONS_QUERY_KEY, 'acknowledge'] as const;

/**
 * An acknowledgement the server took settles once the lists are read again (the notification has left the
 * pending ones); a queued one at once, as the lists cannot be read without the connection either.
 */
export function acknowledgeMutation(
  client: QueryClient,
  send: (id: number) => ReturnType<typeof acknowledgeNotification>,
) {
  return {
    ...STAFF_WRITE,
    mutationKey: ACKNOWLEDGE_MUTATION_KEY,
    mutationFn: send,
    onSuccess: (sent: Awaited<ReturnType<typeof acknowledgeNotification>>) => {
      const reading = client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      return sent.queued ? undefined : reading;
    },
  };
}

export function useAcknowledge(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(acknowledgeMutation(client, (id: number) => acknowledgeNotification(roleId, id)));
}

/** Ids of the notifications an acknowledgement is on its way for. */
export function useAcknowledging(): ReadonlySet<number> {
  const going = useMutationState({
    filters: { mutationKey: ACKNOWLEDGE_MUTATION_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as number,
  });
  return useMemo(() => new Set(going), [going]);
}
