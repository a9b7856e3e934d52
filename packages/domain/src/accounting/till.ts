import { mayBill, type BillingActor } from '../billing/roles.ts';

/**
 * The till cycle's arithmetic (issue 24, decision 033): what a drawer should hold, what was counted,
 * the difference, and which count may follow which. Integer cents throughout.
 */

/** Snapshot types of the spec: 1 day start, 2 between shifts, 3 day end. */
export const SNAPSHOT_TYPES = { dayStart: 1, betweenShifts: 2, dayEnd: 3 } as const;
export type SnapshotType = (typeof SNAPSHOT_TYPES)[keyof typeof SNAPSHOT_TYPES];

/** Cash movements of the spec: 0 out of the drawer, 1 into it. */
export const CASH_MOVEMENTS = { out: 0, in: 1 } as const;
export type CashMovementType = (typeof CASH_MOVEMENTS)[keyof typeof CASH_MOVEMENTS];

/** One counted slot: a denomination's value in cents and how many pieces. */
export interface CountedSlot {
  readonly valueCents: number;
  readonly quantity: number;
}

/** The cash a count holds: the sum of value × quantity over its slots. */
export function countedCents(slots: readonly CountedSlot[]): number {
  return slots.reduce((sum, slot) => sum + slot.valueCents * slot.quantity, 0);
}

/** What moved through a drawer during a shift, each a non-negative sum of cents. */
export interface CashFlows {
  /** The counted float the shift opened with. */
  readonly floatCents: number;
  /** Cash handed over by guests for their payments (before change). */
  readonly cashTakenCents: number;
  /** Change handed back. */
  readonly changeGivenCents: number;
  /** Cash tips, which sit in the drawer though they are outside the bills (FIS-06). */
  readonly cashTipsCents: number;
  /** Cash put in outside sales (change brought in). */
  readonly inCents: number;
  /** Cash taken out outside sales (a supplier paid). */
  readonly outCents: number;
}

/** Expected cash = float + cash taken − change given + cash tips + in − out. */
export function expectedCashCents(flows: CashFlows): number {
  return (
    flows.floatCents +
    flows.cashTakenCents -
    flows.changeGivenCents +
    flows.cashTipsCents +
    flows.inCents -
    flows.outCents
  );
}

/** The result of a close: what should be there, what is, and the card reader beside the recorded card payments. */
export interface TillBalance {
  readonly expectedCashCents: number;
  readonly countedCashCents: number;
  /** Counted − expected: negative is a shortfall, positive a surplus. */
  readonly cashDifferenceCents: number;
  readonly cardRecordedCents: number;
  readonly cardReaderCents: number | null;
  /** Reader total − recorded card payments, or null when the reader's total was not given. */
  readonly cardDifferenceCents: number | null;
}

export function tillBalance(
  flows: CashFlows,
  counted: readonly CountedSlot[],
  card: { readonly recordedCents: number; readonly readerCents: number | null },
): TillBalance {
  const expected = expectedCashCents(flows);
  const countedCash = countedCents(counted);
  return {
    expectedCashCents: expected,
    countedCashCents: countedCash,
    cashDifferenceCents: countedCash - expected,
    cardRecordedCents: card.recordedCents,
    cardReaderCents: card.readerCents,
    cardDifferenceCents: card.readerCents === null ? null : card.readerCents - card.recordedCents,
  };
}

/**
 * Whether a count of `type` may be taken with the till `open` or not: a day starts on a closed till; a
 * between-shifts or day-end count closes the open shift. Refusals name what stands in the way.
 */
export function snapshotRefusal(
  type: SnapshotType,
  tillOpen: boolean,
): 'till_already_open' | 'till_not_open' | null {
  if (type === SNAPSHOT_TYPES.dayStart) return tillOpen ? 'till_already_open' : null;
  return tillOpen ? null : 'till_not_open';
}

/**
 * Whether `amountCents` may be taken out of a drawer that should hold `expectedCashCents`: cash that is not
 * there cannot leave it (a withdrawal beyond it is a mistyped amount, or money taken from elsewhere that
 * the Z would then show as a surplus). Taking out exactly what it holds empties it.
 */
export function withdrawalRefusal(amountCents: number, expectedCashCents: number): 'till_cash_short' | null {
  return amountCents > expectedCashCents ? 'till_cash_short' : null;
}

/**
 * What a blind count shows the person counting: nothing of the expected cash or the difference, so the
 * count is not bent towards the figure (the venue's `blindCashCount`); the manager reads them in the Z.
 */
export function visibleBalance(balance: TillBalance, blind: boolean): Partial<TillBalance> {
  if (!blind) return balance;
  return { countedCashCents: balance.countedCashCents, cardReaderCents: balance.cardReaderCents };
}

/** Who runs the till (SEC-02, SEC-11): the point of sale, the head of the room, the admin. */
export function mayRunTill(actor: BillingActor): boolean {
  return mayBill(actor, 'runTill');
}
