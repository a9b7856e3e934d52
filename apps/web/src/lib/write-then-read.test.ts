import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { writeThenReadMutation } from './write-then-read.ts';

const DEVICES = ['staff', 'admin', 'devices'];
const CONFIG = ['config', 'venue'];
const STAFF = ['staff', 'admin', 'staff'];

/** A client holding three screens' data, each read once. */
function clientWithData() {
  const client = new QueryClient();
  for (const key of [DEVICES, CONFIG, STAFF]) client.setQueryData(key, { read: 1 });
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('a write that reads again what it changed', () => {
  it("answers with the call's reply, the queries it changes to be read again, the others left alone", async () => {
    const client = clientWithData();
    const sut = new MutationObserver(client, writeThenReadMutation(client, [DEVICES, CONFIG]));
    await expect(sut.mutate(() => Promise.resolve({ id: 7 }))).resolves.toEqual({ id: 7 });
    expect(stale(client, DEVICES)).toBe(true);
    expect(stale(client, CONFIG)).toBe(true);
    expect(stale(client, STAFF)).toBe(false);
  });

  it('resolves only once a query on screen has been read again', async () => {
    const client = clientWithData();
    let reads = 1;
    // An observer stands for the screen showing the devices: only the queries on screen are read at once.
    const screen = new QueryObserver(client, {
      queryKey: DEVICES,
      queryFn: () => ({ read: ++reads }),
      staleTime: Infinity,
    });
    const stop = screen.subscribe(() => undefined);
    const sut = new MutationObserver(client, writeThenReadMutation(client, [DEVICES]));
    await sut.mutate(() => Promise.resolve(null));
    expect(client.getQueryData(DEVICES)).toEqual({ read: 2 });
    stop();
  });

  it('leaves everything as it is when the call is refused (the screen reports it)', async () => {
    const client = clientWithData();
    const sut = new MutationObserver(client, writeThenReadMutation(client, [DEVICES]));
    await expect(sut.mutate(() => Promise.reject(new Error('409')))).rejects.toThrow('409');
    expect(stale(client, DEVICES)).toBe(false);
  });

  it('reads again after a refusal too when the refusal may mean the screen was stale', async () => {
    const client = clientWithData();
    const sut = new MutationObserver(client, writeThenReadMutation(client, [DEVICES], 'answered'));
    await expect(sut.mutate(() => Promise.reject(new Error('409')))).rejects.toThrow('409');
    expect(stale(client, DEVICES)).toBe(true);
  });
});
