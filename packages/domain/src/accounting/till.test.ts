import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedCents,
  expectedCashCents,
  mayRunTill,
  snapshotRefusal,
  tillBalance,
  visibleBalance,
  withdrawalRefusal,
  type CashFlows,
} from './till.ts';
import { changeCents } from '../billing/payments.ts';

const money = fc.integer({ min: 0, max: 10_000_000 });
const EURO = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000];
const slots = fc.array(
  fc.record({ valueCents: fc.constantFrom(...EURO), quantity: fc.integer({ min: 0, max: 500 }) }),
  { maxLength: 15 },
);
const flows: fc.Arbitrary<CashFlows> = fc.record({
  floatCents: money,
  cashTakenCents: money,
  changeGivenCents: money,
  cashTipsCents: money,
  inCents: money,
  outCents: money,
});

describe('expected cash', () => {
  it('is the float plus cash taken less change, plus tips, plus in, less out', () => {
    expect(
      expectedCashCents({
        floatCents: 15_000,
        cashTakenCents: 5_000,
        changeGivenCents: 1_350,
        cashTipsCents: 200,
        inCents: 2_000,
        outCents: 4_500,
      }),
    ).toBe(16_350);
  });

  it('a cash payment with change adds exactly the amount paid, whatever was handed over', () => {
    fc.assert(
      fc.property(flows, money, money, (base, amount, extra) => {
        const tendered = amount + extra;
        const after = {
          ...base,
          cashTakenCents: base.cashTakenCents + tendered,
          changeGivenCents: base.changeGivenCents + changeCents(amount, tendered),
        };
        expect(expectedCashCents(after) - expectedCashCents(base)).toBe(amount);
      }),
    );
  });

  it('a movement in and the same movement out cancel; movements move it by their amount', () => {
    fc.assert(
      fc.property(flows, money, (base, amount) => {
        const moved = { ...base, inCents: base.inCents + amount };
        expect(expectedCashCents(moved) - expectedCashCents(base)).toBe(amount);
        expect(expectedCashCents({ ...moved, outCents: moved.outCents + amount })).toBe(
          expectedCashCents(base),
        );
      }),
    );
  });

  it('is additive: two halves of a shift sum to the whole less the second float', () => {
    fc.assert(
      fc.property(flows, flows, (a, b) => {
        const whole = {
          floatCents: a.floatCents,
          cashTakenCents: a.cashTakenCents + b.cashTakenCents,
          changeGivenCents: a.changeGivenCents + b.changeGivenCents,
          cashTipsCents: a.cashTipsCents + b.cashTipsCents,
          inCents: a.inCents + b.inCents,
          outCents: a.outCents + b.outCents,
        };
        // The second shift opens with what the first should hold.
        const second = { ...b, floatCents: expectedCashCents(a) };
        expect(expectedCashCents(second)).toBe(expectedCashCents(whole));
      }),
    );
  });

  it('is an integer of cents whenever its inputs are', () => {
    fc.assert(fc.property(flows, (f) => Number.isSafeInteger(expectedCashCents(f))));
  });
});

describe('a count and its balance', () => {
  it('sums value × quantity, and order does not matter', () => {
    expect(
      countedCents([
        { valueCents: 5000, quantity: 2 },
        { valueCents: 50, quantity: 3 },
      ]),
    ).toBe(10_150);
    fc.assert(fc.property(slots, (s) => countedCents(s) === countedCents([...s].reverse())));
  });

  it('the difference is counted less expected, and counting what was expected leaves none', () => {
    fc.assert(
      fc.property(flows, slots, money, fc.option(money, { nil: null }), (f, s, card, reader) => {
        const balance = tillBalance(f, s, { recordedCents: card, readerCents: reader });
        expect(balance.countedCashCents - balance.expectedCashCents).toBe(balance.cashDifferenceCents);
        expect(balance.cardDifferenceCents).toBe(reader === null ? null : reader - card);
      }),
    );
    const exact = tillBalance(
      {
        floatCents: 10_000,
        cashTakenCents: 2_350,
        changeGivenCents: 0,
        cashTipsCents: 0,
        inCents: 0,
        outCents: 0,
      },
      [
        { valueCents: 10_000, quantity: 1 },
        { valueCents: 2000, quantity: 1 },
        { valueCents: 200, quantity: 1 },
        { valueCents: 100, quantity: 1 },
        { valueCents: 50, quantity: 1 },
      ],
      { recordedCents: 0, readerCents: null },
    );
    expect(exact.cashDifferenceCents).toBe(0);
  });

  it('a blind count shows neither the expected cash nor the difference', () => {
    const balance = tillBalance(
      { floatCents: 100, cashTakenCents: 0, changeGivenCents: 0, cashTipsCents: 0, inCents: 0, outCents: 0 },
      [{ valueCents: 50, quantity: 1 }],
      { recordedCents: 300, readerCents: 300 },
    );
    expect(visibleBalance(balance, true)).toEqual({ countedCashCents: 50, cardReaderCents: 300 });
    expect(visibleBalance(balance, false)).toMatchObject({ cashDifferenceCents: -50 });
  });
});

describe('which count may be taken', () => {
  it('a day starts on a closed till; shift and day closes need an open one', () => {
    expect(snapshotRefusal(1, false)).toBeNull();
    expect(snapshotRefusal(1, true)).toBe('till_already_open');
    expect(snapshotRefusal(2, true)).toBeNull();
    expect(snapshotRefusal(3, true)).toBeNull();
    expect(snapshotRefusal(2, false)).toBe('till_not_open');
    expect(snapshotRefusal(3, false)).toBe('till_not_open');
  });

  it('a withdrawal takes at most the cash the drawer should hold', () => {
    expect(withdrawalRefusal(5000, 5000)).toBeNull();
    expect(withdrawalRefusal(1, 5000)).toBeNull();
    expect(withdrawalRefusal(5001, 5000)).toBe('till_cash_short');
    expect(withdrawalRefusal(1, 0)).toBe('till_cash_short');
    expect(withdrawalRefusal(1, -300)).toBe('till_cash_short');
  });

  it('the point of sale, the head of the room and the admin run the till; no one else', () => {
    for (const actor of ['TPV', '1 en Sala', 'admin'] as const) expect(mayRunTill(actor)).toBe(true);
    for (const actor of ['Sala', 'Barra', 'Cocina', 'Pasante'] as const)
      expect(mayRunTill(actor)).toBe(false);
  });
});
