import { describe, expect, it } from 'vitest';
import { allOf } from './all-of.ts';

describe('allOf', () => {
  it('gives each result under its key, whatever order they settle in', async () => {
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('late'), 5));
    await expect(allOf({ late, soon: Promise.resolve(1) })).resolves.toEqual({ late: 'late', soon: 1 });
  });

  it('starts thenables in the record order and rejects with the first failure', async () => {
    const started: string[] = [];
    const thenable = (name: string, fail = false): PromiseLike<string> => ({
      then: (resolve, reject) => {
        started.push(name);
        return Promise.resolve()
          .then(() => {
            if (fail) throw new Error(name);
            return name;
          })
          .then(resolve, reject);
      },
    });
    await expect(allOf({ a: thenable('a'), b: thenable('b', true), c: thenable('c') })).rejects.toThrow('b');
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('starts each value through `run`, which may start them one after another', async () => {
    const steps: string[] = [];
    const slow = (name: string): PromiseLike<string> => ({
      then: (resolve, reject) => {
        steps.push(`${name} starts`);
        return new Promise<string>((done) =>
          setTimeout(() => {
            steps.push(`${name} ends`);
            done(name);
          }, 5),
        ).then(resolve, reject);
      },
    });
    let queue: Promise<unknown> = Promise.resolve();
    const inTurn = <V>(read: () => PromiseLike<V>): Promise<V> => {
      const next = queue.then(read);
      queue = next;
      return next;
    };
    await expect(allOf({ a: slow('a'), b: slow('b') }, inTurn)).resolves.toEqual({ a: 'a', b: 'b' });
    expect(steps).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });
});
