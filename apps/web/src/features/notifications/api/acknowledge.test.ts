import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { acknowledgeMutation } from './acknowledge.ts';
import { recentNotificationsQuery } from './notifications-api.ts';

/** A client whose pending list has never been read (a read of it would wait for a connection that is gone). */
function clientWithList() {
  const client = new QueryClient();
  client.setQueryData(recentNotificationsQuery(2, []).queryKey, { notifications: [] } as never);
  return client;
}
const stale = (client: QueryClient) =>
  client.getQueryState(recentNotificationsQuery(2, []).queryKey)?.isInvalidated;

describe('acknowledging a notification', () => {
  it('has the lists read again once the server took it', async () => {
    const client = clientWithList();
    const sut = new MutationObserver(
      client,
      acknowledgeMutation(client, () => Promise.resolve({ queued: false, reply: {} } as never)),
    );
    await sut.mutate(7);
    expect(stale(client)).toBe(true);
  });

  it('says at once that a queued acknowledgement waits, without waiting for the lists', async () => {
    const client = clientWithList();
    // The list is being read and never answers, as without a connection.
    void client.fetchQuery({
      queryKey: recentNotificationsQuery(2, []).queryKey,
      queryFn: () => new Promise(() => {}),
    });
    const sut = new MutationObserver(
      client,
      acknowledgeMutation(client, () => Promise.resolve({ queued: true })),
    );
    await expect(sut.mutate(7)).resolves.toEqual({ queued: true });
  });
});
