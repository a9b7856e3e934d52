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
});
