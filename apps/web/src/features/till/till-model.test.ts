import { describe, expect, it } from 'vitest';
import {
  countTotal,
  differenceOf,
  emptyCount,
  isSignKey,
  movementReasonText,
  movementTypeOf,
  negativeSlot,
  withQuantity,
} from './till-model.ts';

const drawer = [
  { cashDenominationId: 1, value: 50 },
  { cashDenominationId: 2, value: 5000 },
  { cashDenominationId: 3, value: 200 },
];

describe('the count', () => {
  it('lists the notes before the coins and adds value × pieces', () => {
    const empty = emptyCount(drawer);
    expect(empty.map((slot) => slot.valueCents)).toEqual([5000, 200, 50]);
    expect(countTotal(empty)).toBe(0);
    const counted = withQuantity(withQuantity(empty, 2, 2), 1, 3);
    expect(countTotal(counted)).toBe(10_150);
  });

  it('keeps pieces whole and at most 9999; a negative is kept and found, never taken as zero', () => {
    const empty = emptyCount(drawer);
    const negative = withQuantity(empty, 2, -1);
    expect(negative.find((slot) => slot.cashDenominationId === 2)?.quantity).toBe(-1);
    expect(negativeSlot(negative)?.cashDenominationId).toBe(2);
    expect(negativeSlot(withQuantity(empty, 2, 3))).toBeUndefined();
    expect(['-', '+', 'e', 'E'].every(isSignKey)).toBe(true);
    expect(['1', 'Backspace', 'ArrowUp'].some(isSignKey)).toBe(false);
    expect(withQuantity(empty, 2, 2.7).find((slot) => slot.cashDenominationId === 2)?.quantity).toBe(2);
    expect(withQuantity(empty, 2, 1e9).find((slot) => slot.cashDenominationId === 2)?.quantity).toBe(9999);
    expect(withQuantity(empty, 2, Number.NaN).find((slot) => slot.cashDenominationId === 2)?.quantity).toBe(
      0,
    );
  });
});

describe('the difference', () => {
  it('is a shortfall, a surplus or even, with its size', () => {
    expect(differenceOf(10_550, 10_650)).toEqual({ kind: 'short', cents: 100 });
    expect(differenceOf(10_700, 10_650)).toEqual({ kind: 'over', cents: 50 });
    expect(differenceOf(10_650, 10_650)).toEqual({ kind: 'even', cents: 0 });
  });
});

describe('a cash movement', () => {
  it('pays a supplier out, brings change in, and lets "other" go either way', () => {
    expect(movementTypeOf('supplier', 1)).toBe(0);
    expect(movementTypeOf('change', 0)).toBe(1);
    expect(movementTypeOf('other', 1)).toBe(1);
    expect(movementTypeOf('other', 0)).toBe(0);
  });

  it('stores its reason with what was typed beside it', () => {
    expect(movementReasonText('Pago a proveedor', ' Pan ')).toBe('Pago a proveedor: Pan');
    expect(movementReasonText('Cambio traído', '')).toBe('Cambio traído');
  });
});
