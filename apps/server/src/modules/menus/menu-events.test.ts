import { describe, expect, it } from 'vitest';
import { readMenuNotice } from './menu-events.ts';

describe('readMenuNotice', () => {
  it('tells a whole-menu change, a product change, a table change and a resync apart', () => {
    expect(readMenuNotice('4|{"menuChanged":true}')).toEqual({ kind: 'menu', venueId: 4 });
    expect(readMenuNotice('4|{"productId":1,"available":false}')).toEqual({
      kind: 'product',
      venueId: 4,
      change: { productId: 1, available: false },
    });
    expect(readMenuNotice('4|{"tableKey":"abc"}')).toEqual({ kind: 'table', venueId: 4, tableKey: 'abc' });
    expect(readMenuNotice('')).toEqual({ kind: 'resync' });
  });

  it('ignores what it does not understand', () => {
    expect(readMenuNotice('x|{}')).toBeNull();
    expect(readMenuNotice('4|not json')).toBeNull();
  });
});
