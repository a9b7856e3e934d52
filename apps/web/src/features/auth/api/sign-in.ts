import { loginResponseSchema, type StaffUser } from '@sobremesa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { forgetStaffData } from '../../../lib/sign-out.ts';
import { storage } from '../../../lib/storage.ts';
import { currentUserQuery } from './current-user.ts';

/**
 * Signs a staff member in (POST /world/api/user/login) and keeps the token (spec §3 `token`; the storage
 * module holds it as `pending-token` until cookie consent is accepted). An ApiError reaches the caller.
 */
export async function signIn(
  queryClient: QueryClient,
  userEmail: string,
  password: string,
): Promise<StaffUser> {
  const { user } = await api.request(loginResponseSchema, '/world/api/user/login', {
    body: { userEmail, password },
  });
  const { token, ...staffUser } = user;
  // A new session starts clean: nothing of a previous user's data may show.
  forgetStaffData(queryClient);
  storage.token.set(token);
  queryClient.setQueryData(currentUserQuery.queryKey, staffUser);
  return staffUser;
}
