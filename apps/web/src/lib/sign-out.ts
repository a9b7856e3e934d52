import type { QueryClient } from '@tanstack/react-query';
import { okReply } from './api-client.ts';
import { api } from './api.ts';
import { offlineQueue } from './offline-writes.ts';
import { STAFF_QUERY_KEY } from './query-client.ts';
import { storage } from './storage.ts';

/**
 * Forgets the stored token. The staff data stays cached until the staff screens are gone (see
 * {@link forgetStaffData}): dropping it under a mounted screen would make it fetch again without a token.
 */
export function forgetToken(): void {
  storage.token.clear();
}

/** Drops every staff query: after leaving the staff screens, and before a new session starts. */
export function forgetStaffData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: STAFF_QUERY_KEY });
}

/** Signs out: the server revokes the token (POST logout), then the page forgets it. */
export async function signOut(): Promise<void> {
  try {
    await api.request(okReply, '/world/api/user/logout', { body: {} });
  } catch {
    // An expired or already revoked token is as good as signed out; forget it either way.
  } finally {
    forgetToken();
    // Actions still waiting were this person's: they are never sent with the next person's token.
    offlineQueue.clear();
  }
}
