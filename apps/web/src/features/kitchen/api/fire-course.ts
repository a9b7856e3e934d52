import { dispatchFireableResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { KITCHEN_QUERY_KEY } from './kitchen-api.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';

/** A held course of an account sent to the kitchen. */
export interface CourseFiring {
  readonly reservationId: number;
  /** Exactly the course the screen showed as next, so two taps never fire two courses. */
  readonly dishClassId: number | null;
}

/** POST /world/api/productorder/dispatch-fireable with the selected role. */
export function fireCourse(roleId: number | null, { reservationId, dishClassId }: CourseFiring) {
  return api.request(dispatchFireableResponseSchema, '/world/api/productorder/dispatch-fireable', {
    body: {
      reservationId,
      ...(dishClassId === null ? {} : { dishClassId }),
      ...(roleId === null ? {} : { roleId }),
    },
  });
}

/** Firing as the query layer runs it: the kitchen's day is read again once it settles. */
export function fireCourseMutation(client: QueryClient, send: (firing: CourseFiring) => Promise<unknown>) {
  return {
    ...STAFF_WRITE,
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: KITCHEN_QUERY_KEY }),
  };
}

/** `onError` runs before the day is read again, so a refusal is told at once. */
export function useFireCourse(roleId: number | null, onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({ ...fireCourseMutation(client, (firing) => fireCourse(roleId, firing)), onError });
}
