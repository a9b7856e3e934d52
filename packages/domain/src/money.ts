/** An amount of money in integer euro cents. Branded so a plain float cannot pass for it. */
export type Cents = number & { readonly __brand: 'Cents' };

/**
 * Turns an integer number of cents into {@link Cents}.
 * @throws RangeError when the value is not a safe integer: money never travels as a float (REL-04).
 */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Money must be integer cents, got ${value}`);
  return value as Cents;
}

/** Adds amounts of cents; the sum of integers stays an integer. */
export function addCents(...amounts: readonly Cents[]): Cents {
  return cents(amounts.reduce((sum, amount) => sum + amount, 0));
}
