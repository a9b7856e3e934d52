import type { StaffUser } from '@sobremesa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { isAuthFailure, okReply } from '../../lib/api-client.ts';
import { api } from '../../lib/api.ts';
import { storage } from '../../lib/storage.ts';
import { currentUserQuery } from './api/current-user.ts';
import { forgetToken } from '../../lib/sign-out.ts';
import { loginPath, type StaffArea } from '../../lib/login-path.ts';

const ROLE_CHECKS: Record<StaffArea, string> = {
  copilot: '/world/api/user/checkrolecopilot',
  admin: '/world/api/user/checkroleadmin',
};

/**
 * The route guard of spec §6, for loaders: the server's role check for `area` plus the signed-in user.
 * No token or a 401 (unknown, expired or revoked token) → /login, forgetting the token; a 403 (signed in,
 * but without the role) → /login saying so, keeping the session so the user can see who they are.
 */
export async function requireStaff(
  queryClient: QueryClient,
  area: StaffArea,
  request: Request,
): Promise<StaffUser> {
  const here = new URL(request.url);
  const next = `${here.pathname}${here.search}`;
  if (!storage.token.get()) throw redirect(loginPath({ next }));
  try {
    const [, user] = await Promise.all([
      api.request(okReply, ROLE_CHECKS[area]),
      queryClient.ensureQueryData(currentUserQuery),
    ]);
    return user;
  } catch (error) {
    if (isAuthFailure(error, 401)) {
      forgetToken();
      throw redirect(loginPath({ next }));
    }
    if (isAuthFailure(error, 403)) throw redirect(loginPath({ next, denied: area }));
    throw error;
  }
}
