import { currentUserResponseSchema, type StaffUser } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

/** The signed-in staff member (GET logintoken); set by sign-in, kept current by the realtime feed. */
export const currentUserQuery = queryOptions({
  queryKey: [...STAFF_QUERY_KEY, 'current-user'],
  queryFn: async (): Promise<StaffUser> =>
    (await api.request(currentUserResponseSchema, '/world/api/user/logintoken')).user,
  staleTime: Infinity,
  // A refused token will not be accepted on a second try; the guard sends to /login instead.
  retry: false,
});
