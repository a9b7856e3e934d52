import type { GuestOrderLine } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { changedLines, tableOrderEntries } from './table-order-model.ts';

function line(productOrderId: number, state: GuestOrderLine['state'], parentId: number | null = null) {
  return {
    productOrderId,
    parentId,
    name: `Plato ${productOrderId}`,
    units: 1,
    choices: [],
    totalCents: 100,
    state,
  };
}

describe('changedLines', () => {
  it('names only the dishes whose state moved, not new dishes or the first reading', () => {
    const before = [line(1, 'received'), line(2, 'received')];
    const after = [line(1, 'preparing'), line(2, 'received'), line(3, 'received')];
    expect(changedLines(undefined, after)).toEqual([]);
    expect(changedLines(before, after).map((entry) => entry.productOrderId)).toEqual([1]);
    expect(changedLines(after, [line(1, 'preparing'), line(2, 'notMade'), line(3, 'received')])).toEqual([
      line(2, 'notMade'),
    ]);
  });
});

describe('tableOrderEntries', () => {
  it("puts a menú del día's course dishes under it", () => {
    const entries = tableOrderEntries([
      line(1, 'received'),
      line(2, 'ready', 1),
      line(3, 'served', 1),
      line(4, 'served'),
    ]);
    expect(
      entries.map((entry) => [entry.line.productOrderId, entry.courses.map((c) => c.productOrderId)]),
    ).toEqual([
      [1, [2, 3]],
      [4, []],
    ]);
  });
});
