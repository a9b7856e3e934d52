import type { StaffUser } from '@sobremesa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError, isAuthFailure, isServerError } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';
import { currentUserQuery } from './api/current-user.ts';
import { signIn } from './api/sign-in.ts';
import { forgetToken } from '../../lib/sign-out.ts';
import { readLoginParams, type StaffArea } from '../../lib/login-path.ts';

export interface SignInLoaderData {
  readonly denied: StaffArea | null;
  /** Who is signed in when a role check refused them; null otherwise. */
  readonly user: StaffUser | null;
}

/** Why sign-in failed; the screen words it (the server's own localised message when it sent one). */
export type SignInFailure =
  | { readonly kind: 'server'; readonly message: string }
  | { readonly kind: 'network' }
  | { readonly kind: 'unexpected' };

/** /login: a valid session goes straight on (spec §4: login may send on to /copilot), unless a role check refused it. */
export function createSignInLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<SignInLoaderData> => {
    const { next, denied } = readLoginParams(new URL(request.url));
    if (!storage.token.get()) return { denied, user: null };
    let user: StaffUser;
    try {
      user = await queryClient.ensureQueryData(currentUserQuery);
    } catch (error) {
      if (isAuthFailure(error, 401)) forgetToken();
      // Unreachable server: the form still shows, and signing in will say what is wrong.
      return { denied, user: null };
    }
    if (!denied) throw redirect(next ?? '/copilot');
    return { denied, user };
  };
}

export function createSignInAction(queryClient: QueryClient) {
  return async ({ request }: ActionFunctionArgs): Promise<{ failure: SignInFailure }> => {
    const form = await request.formData();
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    try {
      await signIn(queryClient, email, password);
    } catch (error) {
      if (isServerError(error)) return { failure: { kind: 'server', message: error.message } };
      if (error instanceof ApiError && error.code === 'NETWORK') return { failure: { kind: 'network' } };
      return { failure: { kind: 'unexpected' } };
    }
    throw redirect(readLoginParams(new URL(request.url)).next ?? '/copilot');
  };
}
