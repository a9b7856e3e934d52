import type { StaffUser } from '@sobremesa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { api } from '../../lib/api.ts';
import { tokenStorage } from '../../lib/token-storage.ts';

export type StaffSession =
  | { status: 'restoring' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: StaffUser; token: string };

/**
 * The staff member's session: restored from the stored token on load (GET logintoken), started by
 * sign-in (the token goes to localStorage `token`), ended by sign-out (the server revokes the token).
 */
export function useStaffSession() {
  const [session, setSession] = useState<StaffSession>(() =>
    tokenStorage.get() ? { status: 'restoring' } : { status: 'signed-out' },
  );

  useEffect(() => {
    const token = tokenStorage.get();
    if (!token) return;
    let current = true;
    api
      .currentUser()
      .then(({ user }) => current && setSession({ status: 'signed-in', user, token }))
      .catch((error: unknown) => {
        // Only a refused token is forgotten; a network failure keeps it for the next visit.
        if (error instanceof ApiError && error.status === 401) tokenStorage.clear();
        if (current) setSession({ status: 'signed-out' });
      });
    return () => {
      current = false;
    };
  }, []);

  /** Signs in; an ApiError (wrong password, rate limit...) reaches the caller to show. */
  const signIn = useCallback(async (email: string, password: string) => {
    const { user } = await api.login(email, password);
    const { token, ...staffUser } = user;
    tokenStorage.set(token);
    setSession({ status: 'signed-in', user: staffUser, token });
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api.logout();
    } catch {
      // An expired or already revoked token is as good as signed out; forget it either way.
    } finally {
      tokenStorage.clear();
      setSession({ status: 'signed-out' });
    }
  }, []);

  return { session, signIn, signOut };
}
