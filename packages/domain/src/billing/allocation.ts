import { cents, type Cents } from '../money.ts';

/**
 * Shares `total` cents out in proportion to `weights` by the largest-remainder method: every share is
 * the floor of its exact part, and the cents left over go one each to the shares with the largest
 * remainders (ties to the earlier share). The shares always add up to `total` exactly, which is what a
 * split bill, a discount spread over VAT rates or a discount spread over split parts needs.
 * @throws RangeError for a negative total, negative weights, or weights that add up to zero while the
 * total is not zero.
 */
export function allocateCents(total: number, weights: readonly number[]): Cents[] {
  const amount = cents(total);
  if (amount < 0) throw new RangeError('The total to allocate must not be negative');
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0))
    throw new RangeError('Weights must be non-negative integers');
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (weights.length === 0 || sum === 0) {
    if (amount === 0) return weights.map(() => cents(0));
    throw new RangeError('Cannot allocate a non-zero total over zero weights');
  }
  // BigInt keeps total × weight exact whatever the sizes (a float product could lose a cent).
  const bigTotal = BigInt(amount);
  const bigSum = BigInt(sum);
  const shares = weights.map((weight) => {
    const exact = bigTotal * BigInt(weight);
    return { floor: exact / bigSum, remainder: exact % bigSum };
  });
  let left = amount - shares.reduce((acc, share) => acc + Number(share.floor), 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map((share) => Number(share.floor));
  for (const { index } of order) {
    if (left === 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left -= 1;
  }
  return result.map((value) => cents(value));
}

/**
 * Splits a total in `parts` equal parts (the "a partes iguales" of every POS): the first
 * `total mod parts` parts carry one cent more, so the parts differ by at most one cent and add up to the
 * total exactly.
 * @throws RangeError when `parts` is not an integer between 1 and 100.
 */
export function splitEqually(total: number, parts: number): Cents[] {
  if (!Number.isSafeInteger(parts) || parts < 1 || parts > MAX_SPLIT_PARTS)
    throw new RangeError(`parts must be an integer from 1 to ${MAX_SPLIT_PARTS}`);
  return allocateCents(
    total,
    Array.from({ length: parts }, () => 1),
  );
}

/** The most parts a bill is split into: more guests than any table seats. */
export const MAX_SPLIT_PARTS = 100;

/**
 * Splits a bill by items: each line goes to one part (`partOf[i]` is the part of line `i`, from 0 to
 * `parts - 1`). A part's amount is its lines' share of the bill total: when promotions lowered the
 * total below the lines' sum, the discount is spread over the parts in proportion to their lines
 * (largest remainder), so the parts still add up to the bill total to the cent.
 * @throws RangeError when a line names a part out of range.
 */
export function splitByItems(
  lineTotals: readonly number[],
  partOf: readonly number[],
  parts: number,
  billTotal: number,
): Cents[] {
  if (!Number.isSafeInteger(parts) || parts < 1 || parts > MAX_SPLIT_PARTS)
    throw new RangeError(`parts must be an integer from 1 to ${MAX_SPLIT_PARTS}`);
  if (partOf.length !== lineTotals.length) throw new RangeError('Every line needs a part');
  const weights = Array.from({ length: parts }, () => 0);
  lineTotals.forEach((total, index) => {
    const part = partOf[index];
    if (part === undefined || !Number.isSafeInteger(part) || part < 0 || part >= parts)
      throw new RangeError(`Line ${index} names an unknown part`);
    weights[part] = (weights[part] ?? 0) + cents(total);
  });
  return allocateCents(billTotal, weights);
}
