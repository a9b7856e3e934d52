import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { boardWriteMutation, takeawayDayQuery } from './takeaway-staff-api.ts';

/** A client holding the board of 26 November, not read again yet. */
function clientWithBoard() {
  const client = new QueryClient();
  client.setQueryData(takeawayDayQuery('2026-11-26').queryKey, { accounts: [] } as never);
  return client;
}
const stale = (client: QueryClient) =>
  client.getQueryState(takeawayDayQuery('2026-11-26').queryKey)?.isInvalidated;

describe('a move on the takeaway board', () => {
  it('reads the board again once the server took it', async () => {
    const client = clientWithBoard();
    await new MutationObserver(
      client,
      boardWriteMutation(client, () => Promise.resolve({})),
    ).mutate(undefined);
    expect(stale(client)).toBe(true);
  });

  it('reads the board again when refused too: another tablet moved the order first', async () => {
    const client = clientWithBoard();
    const sut = new MutationObserver(
      client,
      boardWriteMutation(client, () => Promise.reject(new Error('409'))),
    );
    await expect(sut.mutate(undefined)).rejects.toThrow('409');
    expect(stale(client)).toBe(true);
  });
});
