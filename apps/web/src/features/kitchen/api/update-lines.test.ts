import { MutationObserver, onlineManager, QueryClient } from '@tanstack/query-core';
import { afterEach, describe, expect, it } from 'vitest';
import { KITCHEN_QUERY_KEY } from './kitchen-api.ts';
import { updateLinesMutation, type LinesUpdate } from './update-lines.ts';
import { fireCourseMutation } from './fire-course.ts';

/** A client holding a kitchen day that nobody has read again yet. */
function clientWithDay() {
  const client = new QueryClient();
  client.setQueryData([...KITCHEN_QUERY_KEY, 'day', null], { orders: [] });
  return client;
}

const isStale = (client: QueryClient) =>
  client.getQueryState([...KITCHEN_QUERY_KEY, 'day', null])?.isInvalidated;

describe('the kitchen writes', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('are sent while the browser says it is offline, so the offline queue can take them (decision 051)', async () => {
    onlineManager.setOnline(false);
    const client = clientWithDay();
    const sent: LinesUpdate[] = [];
    const sut = new MutationObserver(
      client,
      updateLinesMutation(client, (update) => {
        sent.push(update);
        return Promise.resolve({ queued: true });
      }),
    );
    await sut.mutate({ operation: 'startPreparation', productOrderIds: [5] });
    expect(sent).toEqual([{ operation: 'startPreparation', productOrderIds: [5] }]);
  });

  it('reads the day again once a line call is taken', async () => {
    const client = clientWithDay();
    const sut = new MutationObserver(
      client,
      updateLinesMutation(client, () => Promise.resolve({ result: 0 })),
    );
    await sut.mutate({ operation: 'serve', productOrderIds: [4] });
    expect(isStale(client)).toBe(true);
  });

  it('reads the day again when another tablet was first, so the screen redraws with the truth', async () => {
    const client = clientWithDay();
    const sut = new MutationObserver(
      client,
      updateLinesMutation(client, () => Promise.reject(new Error('409'))),
    );
    await expect(sut.mutate({ operation: 'startPreparation', productOrderIds: [4] })).rejects.toThrow('409');
    expect(isStale(client)).toBe(true);
  });

  it('names the lines a call is moving while it is under way, and none once it settles', async () => {
    const client = clientWithDay();
    let answer: () => void = () => undefined;
    const reply = new Promise<void>((resolve) => (answer = resolve));
    const sut = new MutationObserver(
      client,
      updateLinesMutation(client, () => reply),
    );
    const moving = () =>
      client
        .getMutationCache()
        .findAll({ status: 'pending' })
        .flatMap((mutation) => (mutation.state.variables as LinesUpdate).productOrderIds);
    const done = sut.mutate({ operation: 'finishPreparation', productOrderIds: [7, 8] });
    await expect.poll(moving).toEqual([7, 8]);
    answer();
    await done;
    expect(moving()).toEqual([]);
  });

  it('reads the day again after firing a course', async () => {
    const client = clientWithDay();
    const sut = new MutationObserver(
      client,
      fireCourseMutation(client, () => Promise.resolve({ result: 0 })),
    );
    await sut.mutate({ reservationId: 3, dishClassId: 2 });
    expect(isStale(client)).toBe(true);
  });
});
