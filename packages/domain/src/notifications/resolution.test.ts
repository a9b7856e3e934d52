import { describe, expect, it } from 'vitest';
import { PRODUCT_ORDER_STATUS as S } from '../product-order/lifecycle.ts';
import { isReadyAlertResolved, typesResolvedBy } from './resolution.ts';

describe('a notification ends with its cause (issue 18)', () => {
  it('a settled bill ends the bill request; a closed account ends everything it asked for', () => {
    expect(typesResolvedBy('bill_settled')).toEqual(['ticket_request']);
    expect(typesResolvedBy('account_closed')).toBe('all');
  });

  it('a ready alert stays while any of its dishes waits on the pass or the hot table', () => {
    expect(isReadyAlertResolved([S.ready, S.served])).toBe(false);
    expect(isReadyAlertResolved([S.inHotTable])).toBe(false);
  });

  it('a ready alert ends once every dish is served, written off or back on the stove', () => {
    expect(isReadyAlertResolved([S.served, S.served])).toBe(true);
    expect(isReadyAlertResolved([S.served, S.loss, S.cancelled])).toBe(true);
    expect(isReadyAlertResolved([S.preparing])).toBe(true);
    expect(isReadyAlertResolved([undefined])).toBe(true);
  });
});
