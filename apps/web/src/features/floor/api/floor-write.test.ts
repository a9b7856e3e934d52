import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { floorDayQuery, floorWriteMutation, waitlistQuery } from './floor-api.ts';

/** A client holding today's floor and waitlist, as role 2 sees them. */
function clientWithFloor() {
  const client = new QueryClient();
  client.setQueryData(floorDayQuery(null, 2).queryKey, { reservations: [] } as never);
  client.setQueryData(waitlistQuery(2).queryKey, { entries: [] } as never);
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('a floor write', () => {
  it("answers with the call's reply once the day is to be read again, the waitlist left alone", async () => {
    const client = clientWithFloor();
    const sut = new MutationObserver(client, floorWriteMutation(client));
    await expect(
      sut.mutate({ send: () => Promise.resolve({ reservation: { name: 'Ana' } }) }),
    ).resolves.toEqual({
      reservation: { name: 'Ana' },
    });
    expect(stale(client, floorDayQuery(null, 2).queryKey)).toBe(true);
    expect(stale(client, waitlistQuery(2).queryKey)).toBe(false);
  });

  it('reads the waitlist again too when the write changes it', async () => {
    const client = clientWithFloor();
    const sut = new MutationObserver(client, floorWriteMutation(client));
    await sut.mutate({ send: () => Promise.resolve({}), waitlist: true });
    expect(stale(client, waitlistQuery(2).queryKey)).toBe(true);
  });

  it('leaves the day as it is when the call is refused (the screen reports it)', async () => {
    const client = clientWithFloor();
    const sut = new MutationObserver(client, floorWriteMutation(client));
    await expect(sut.mutate({ send: () => Promise.reject(new Error('409')) })).rejects.toThrow('409');
    expect(stale(client, floorDayQuery(null, 2).queryKey)).toBe(false);
  });

  it('reads the floor and the waitlist again when a waitlist write is refused', async () => {
    const client = clientWithFloor();
    const sut = new MutationObserver(client, floorWriteMutation(client));
    await expect(
      sut.mutate({ send: () => Promise.reject(new Error('409')), waitlist: true }),
    ).rejects.toThrow();
    expect(stale(client, floorDayQuery(null, 2).queryKey)).toBe(true);
    expect(stale(client, waitlistQuery(2).queryKey)).toBe(true);
  });
});
