import { copilotRolesResponseSchema, type CopilotRole, type StaffUser } from '@sobremesa/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

/** GET /world/api/copilotrole/list: every role of the venue. */
export const copilotRolesQuery = queryOptions({
  queryKey: [...STAFF_QUERY_KEY, 'copilot-roles'],
  queryFn: async (): Promise<readonly CopilotRole[]> =>
    (await api.request(copilotRolesResponseSchema, '/world/api/copilotrole/list')).copilotRoles,
  staleTime: Infinity,
  meta: { access: 'copilot' },
});

/** Spec §6: the roles come from the user's copilotRoles, or from the roles call when the user lists none. */
export async function loadCopilotRoles(
  queryClient: QueryClient,
  user: StaffUser,
): Promise<readonly CopilotRole[]> {
  if (user.copilotRoles.length > 0) return user.copilotRoles;
  return queryClient.ensureQueryData(copilotRolesQuery);
}
