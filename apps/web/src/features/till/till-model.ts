/**
 * The till screens' arithmetic (decision 033, 044): a count by denomination, the difference against the
 * expected cash said in words as well as colour, and the reasons a cash movement is made for.
 */

/** One denomination of the drawer as the count shows it. */
export interface CountSlot {
  readonly cashDenominationId: number;
  readonly valueCents: number;
  readonly quantity: number;
}

/** The drawer's denominations, largest first (notes before coins, as they are counted), none counted yet. */
export function emptyCount(
  slots: readonly { readonly cashDenominationId: number; readonly value: number }[],
): CountSlot[] {
  return [...slots]
    .sort((a, b) => b.value - a.value)
    .map((slot) => ({ cashDenominationId: slot.cashDenominationId, valueCents: slot.value, quantity: 0 }));
}

export function countTotal(slots: readonly CountSlot[]): number {
  return slots.reduce((sum, slot) => sum + slot.valueCents * slot.quantity, 0);
}

/**
 * One denomination's pieces set to `quantity`, a whole number up to 9999. A negative is kept as typed, for
 * the count to refuse it in words ({@link negativeSlot}): taking it as zero would count a drawer wrong unseen.
 */
export function withQuantity(slots: readonly CountSlot[], id: number, quantity: number): CountSlot[] {
  const whole = Number.isFinite(quantity) ? Math.min(9999, Math.trunc(quantity)) : 0;
  return slots.map((slot) => (slot.cashDenominationId === id ? { ...slot, quantity: whole } : slot));
}

/** The first denomination counted below zero, which the count refuses; undefined when there is none. */
export function negativeSlot(slots: readonly CountSlot[]): CountSlot | undefined {
  return slots.find((slot) => slot.quantity < 0);
}

/** Keys that would start a negative or an exponent in a pieces field: pieces are whole and never negative. */
export function isSignKey(key: string): boolean {
  return key === '-' || key === '+' || key === 'e' || key === 'E';
}

/**
 * A difference said as a word: `short` when less was found than should be there, `over` when more,
 * `even` when they agree; `cents` is its size, never negative.
 */
export interface Difference {
  readonly kind: 'short' | 'over' | 'even';
  readonly cents: number;
}

export function differenceOf(foundCents: number, expectedCents: number): Difference {
  const delta = foundCents - expectedCents;
  return { kind: delta === 0 ? 'even' : delta < 0 ? 'short' : 'over', cents: Math.abs(delta) };
}

/** Why cash goes in or out outside sales (issue 24): a supplier paid, change brought in, or another reason. */
export const MOVEMENT_REASONS = ['supplier', 'change', 'other'] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

/** The usual direction of each reason: a supplier is paid out of the drawer, change is brought into it. */
export function movementTypeOf(reason: MovementReason, chosen: 0 | 1): 0 | 1 {
  if (reason === 'supplier') return 0;
  if (reason === 'change') return 1;
  return chosen;
}

/** The reason as stored: its label, then what was typed beside it (required for "other"). */
export function movementReasonText(label: string, note: string): string {
  const typed = note.trim();
  return typed === '' ? label : `${label}: ${typed}`;
}
