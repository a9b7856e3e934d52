import { describe, expect, it } from 'vitest';
import {
  productOrderStatusName,
  applyLineAction,
  LINE_STATUS_ACTIONS,
  nextStatus,
  PRODUCT_ORDER_STATUSES,
  type LineStatusAction,
  type ProductOrderStatus,
} from './lifecycle.ts';

/** The whole table, written out: [action, from, to]. Everything else must be refused. */
const ALLOWED: readonly [LineStatusAction, ProductOrderStatus, ProductOrderStatus][] = [
  ['startPreparation', 1, 2],
  ['startPreparation', 3, 2],
  ['finishPreparation', 1, 3],
  ['finishPreparation', 2, 3],
  ['addToHotTable', 2, 7],
  ['addToHotTable', 3, 7],
  ['removeFromHotTable', 7, 3],
  ['serve', 1, 100],
  ['serve', 2, 100],
  ['serve', 3, 100],
  ['serve', 4, 100],
  ['serve', 5, 100],
  ['serve', 6, 100],
  ['serve', 7, 100],
  ['reject', 0, -4],
  ['reject', 1, -4],
  ['cancel', 0, -1],
  ['cancel', 1, -1],
  ['cancel', 2, -1],
  ['cancel', 3, -1],
  ['cancel', 7, -1],
  ['markAsLoss', 2, -3],
  ['markAsLoss', 3, -3],
  ['markAsLoss', 4, -3],
  ['markAsLoss', 5, -3],
  ['markAsLoss', 6, -3],
  ['markAsLoss', 7, -3],
  ['markAsLoss', 100, -3],
];

const NOW = new Date('2026-11-20T12:30:00Z');
const EARLIER = new Date('2026-11-20T12:10:00Z');

describe('product order transition table (spec §4)', () => {
  const allowed = new Set(ALLOWED.map(([action, from]) => `${action}:${from}`));
  const refused = LINE_STATUS_ACTIONS.flatMap((action) =>
    PRODUCT_ORDER_STATUSES.filter((from) => !allowed.has(`${action}:${from}`)).map(
      (from) => [action, from] as const,
    ),
  );

  it('knows the thirteen status codes', () => {
    expect([...PRODUCT_ORDER_STATUSES].sort((a, b) => a - b)).toEqual([
      -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 100,
    ]);
  });

  it.each(ALLOWED)('%s moves a line from %i to %i', (action, from, to) => {
    expect(nextStatus(action, from)).toBe(to);
    const outcome = applyLineAction({ status: from, held: false, datePreparing: null }, action, NOW);
    expect(outcome).toMatchObject({ ok: true, status: to });
  });

  it.each(refused)('%s is refused from %i', (action, from) => {
    expect(nextStatus(action, from)).toBeNull();
    expect(applyLineAction({ status: from, held: false, datePreparing: null }, action, NOW)).toEqual({
      ok: false,
      reason: 'not_allowed_from_status',
    });
  });

  it('covers every action × status pair exactly once', () => {
    expect(ALLOWED.length + refused.length).toBe(LINE_STATUS_ACTIONS.length * PRODUCT_ORDER_STATUSES.length);
  });

  it('a line leaves served, cancelled, error and rejected only as a loss (served) or not at all', () => {
    for (const from of [-1, -2, -3, -4] as const)
      for (const action of LINE_STATUS_ACTIONS) expect(nextStatus(action, from)).toBeNull();
    expect(LINE_STATUS_ACTIONS.filter((action) => nextStatus(action, 100) !== null)).toEqual(['markAsLoss']);
  });
});

describe('preparing date', () => {
  it('is stamped when a line first becomes preparing', () => {
    const outcome = applyLineAction({ status: 1, held: false, datePreparing: null }, 'startPreparation', NOW);
    expect(outcome).toEqual({ ok: true, status: 2, datePreparing: NOW });
  });
  it('keeps its first stamp when a bumped line goes back to preparing', () => {
    const outcome = applyLineAction(
      { status: 3, held: false, datePreparing: EARLIER },
      'startPreparation',
      NOW,
    );
    expect(outcome).toEqual({ ok: true, status: 2, datePreparing: EARLIER });
  });
  it('is not invented by other actions', () => {
    const outcome = applyLineAction(
      { status: 1, held: false, datePreparing: null },
      'finishPreparation',
      NOW,
    );
    expect(outcome).toEqual({ ok: true, status: 3, datePreparing: null });
  });
});

describe('held lines (a later course not fired yet)', () => {
  it.each(['startPreparation', 'finishPreparation', 'serve'] as const)('cannot %s', (action) => {
    expect(applyLineAction({ status: 1, held: true, datePreparing: null }, action, NOW)).toEqual({
      ok: false,
      reason: 'held',
    });
  });
  it.each(['cancel', 'reject'] as const)('can still be voided (%s)', (action) => {
    expect(applyLineAction({ status: 1, held: true, datePreparing: null }, action, NOW).ok).toBe(true);
  });
});

describe('status names', () => {
  it('names every spec status, and no other code', () => {
    expect(productOrderStatusName(7)).toBe('inHotTable');
    expect(productOrderStatusName(100)).toBe('served');
    expect(productOrderStatusName(-3)).toBe('loss');
    expect(productOrderStatusName(8)).toBeNull();
  });
});
