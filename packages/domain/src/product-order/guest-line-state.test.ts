import { describe, expect, it } from 'vitest';
import { guestLineState } from './guest-line-state.ts';
import { PRODUCT_ORDER_STATUS, PRODUCT_ORDER_STATUSES } from './lifecycle.ts';

describe('guestLineState', () => {
  it('tells the guest each step of the kitchen flow in five words', () => {
    expect(guestLineState(PRODUCT_ORDER_STATUS.created)).toBe('received');
    expect(guestLineState(PRODUCT_ORDER_STATUS.accepted)).toBe('received');
    expect(guestLineState(PRODUCT_ORDER_STATUS.preparing)).toBe('preparing');
    expect(guestLineState(PRODUCT_ORDER_STATUS.ready)).toBe('ready');
    expect(guestLineState(PRODUCT_ORDER_STATUS.inHotTable)).toBe('ready');
    expect(guestLineState(PRODUCT_ORDER_STATUS.served)).toBe('served');
    expect(guestLineState(PRODUCT_ORDER_STATUS.consumed)).toBe('served');
  });

  it('tells the guest a refused or cancelled dish will not be made', () => {
    expect(guestLineState(PRODUCT_ORDER_STATUS.rejected)).toBe('notMade');
    expect(guestLineState(PRODUCT_ORDER_STATUS.cancelled)).toBe('notMade');
    expect(guestLineState(PRODUCT_ORDER_STATUS.error)).toBe('notMade');
  });

  it('hides a staff write-off and unknown codes, and names every other status', () => {
    expect(guestLineState(PRODUCT_ORDER_STATUS.loss)).toBeNull();
    expect(guestLineState(42)).toBeNull();
    const unnamed = PRODUCT_ORDER_STATUSES.filter(
      (status) => status !== PRODUCT_ORDER_STATUS.loss && guestLineState(status) === null,
    );
    expect(unnamed).toEqual([]);
  });
});
