import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { leanRead, leanReads, mapRead, type LeanRead } from './lean.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The numbers from `from` to `to` and a label: two parameters, one of them JSON. */
function numbersRead(from: number, to: number): LeanRead<{ numbers: number[]; label: string }> {
  return {
    name: 'test_numbers',
    text: `select coalesce((select jsonb_agg(n) from generate_series($1::int, $2::int) n), '[]') as numbers,
      ($3::jsonb)->>'label' as label`,
    values: [from, to, JSON.stringify({ label: `${from}-${to}` })],
    decode: (row) => ({ numbers: (row.numbers ?? []) as number[], label: String(row.label) }),
  };
}

const nothing: LeanRead<string> = {
  name: 'test_nothing',
  text: 'select 1 as one where $1::boolean',
  values: [false],
  decode: (row) => (row.one === undefined ? 'none' : 'some'),
};

describe('leanReads', () => {
  it('gives each read what it gives alone, its parameters renumbered after the others’', async () => {
    const alone = [
      await leanRead(database.db, numbersRead(1, 3)),
      await leanRead(database.db, numbersRead(7, 8)),
      await leanRead(database.db, nothing),
    ];
    const together = await leanReads(database.db, [numbersRead(1, 3), numbersRead(7, 8), nothing]);
    expect(together).toEqual(alone);
    expect(together).toEqual([
      { numbers: [1, 2, 3], label: '1-3' },
      { numbers: [7, 8], label: '7-8' },
      'none',
    ]);
  });

  it('runs again with other values under the same prepared statement', async () => {
    const first = await leanReads(database.db, [numbersRead(1, 2), numbersRead(3, 3)]);
    const second = await leanReads(database.db, [numbersRead(4, 5), numbersRead(6, 6)]);
    expect(first.map((part) => part.numbers)).toEqual([[1, 2], [3]]);
    expect(second.map((part) => part.numbers)).toEqual([[4, 5], [6]]);
  });

  it('turns a mapped read’s result, alone and among others', async () => {
    const sum = mapRead(numbersRead(1, 4), ({ numbers }) => numbers.reduce((a, b) => a + b, 0));
    expect(await leanRead(database.db, sum)).toBe(10);
    expect(await leanReads(database.db, [numbersRead(2, 2), sum])).toEqual([
      { numbers: [2], label: '2-2' },
      10,
    ]);
  });

  it('refuses a read of more than one row rather than keep one', async () => {
    const rows: LeanRead<unknown> = {
      name: 'test_rows',
      text: 'select n from generate_series(1, $1::int) n',
      values: [2],
      decode: (row) => row,
    };
    await expect(leanReads(database.db, [rows, nothing])).rejects.toThrow();
  });
});
