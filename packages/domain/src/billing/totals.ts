import { cents, type Cents } from '../money.ts';
import { allocateCents } from './allocation.ts';

/**
 * Bill totals in integer cents (REL-04). Prices are VAT included, as Spanish menus show them; each line
 * keeps the VAT rate its product had when it was ordered (basis points: 1000 = 10 %).
 *
 * The one rounding rule: VAT is worked out once per rate group, never per line. For each rate, the
 * group's total (its lines, less its share of any discount) is the amount the guest pays at that rate;
 * its VAT is `total × rate / (10000 + rate)` rounded half up to the cent, and its base is
 * `total − VAT`. So base + VAT = total holds exactly for every rate and for the bill, and the bill total
 * is exactly what the lines add up to, less discounts. Tips are not lines: they never enter a base.
 */

/** One line of a bill: units × unit price (VAT included), with the rate snapshot. */
export interface BillLineInput {
  readonly units: number;
  readonly unitPriceCents: number;
  readonly vatRateBp: number;
}

/** Base, VAT and total of one VAT rate on a bill. */
export interface TaxLine {
  readonly vatRateBp: number;
  readonly baseCents: Cents;
  readonly vatCents: Cents;
  readonly totalCents: Cents;
}

/** A bill's amounts: lines before discount, the discount, and the total split by rate. */
export interface BillTotals {
  /** What the lines add up to. */
  readonly grossCents: Cents;
  /** Promotions and vouchers taken off (never more than the gross). */
  readonly discountCents: Cents;
  /** What is owed: gross − discount = base + VAT. */
  readonly totalCents: Cents;
  readonly baseCents: Cents;
  readonly vatCents: Cents;
  /** One entry per VAT rate, lowest rate first. */
  readonly taxLines: readonly TaxLine[];
}

/** A discount on an account: an amount off, or a percentage in basis points (spec promotions, vouchers). */
export type Discount =
  | { readonly kind: 'amount'; readonly amountCents: number }
  | { readonly kind: 'percent'; readonly percentBp: number };

/** Rounds `numerator / denominator` (both non-negative) half up, exactly. */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (numerator < 0 || denominator <= 0) throw new RangeError('divideHalfUp takes non-negative values');
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}

function assertRate(vatRateBp: number): void {
  if (!Number.isSafeInteger(vatRateBp) || vatRateBp < 0 || vatRateBp > 10000)
    throw new RangeError('VAT rate must be 0..10000 basis points');
}

/** The VAT contained in a VAT-included amount at `vatRateBp`, rounded half up to the cent. */
export function vatIncluded(totalCents: number, vatRateBp: number): Cents {
  assertRate(vatRateBp);
  return cents(divideHalfUp(cents(totalCents) * vatRateBp, 10000 + vatRateBp));
}

/** The total of a line: units × unit price. */
export function lineTotalCents(line: BillLineInput): Cents {
  if (!Number.isSafeInteger(line.units) || line.units < 1) throw new RangeError('units must be >= 1');
  if (cents(line.unitPriceCents) < 0) throw new RangeError('A price must not be negative');
  return cents(line.units * line.unitPriceCents);
}

/**
 * What discounts take off a gross amount: each percentage on the gross (half up), amounts as they are,
 * the sum never more than the gross (a voucher worth more than the bill leaves it at zero).
 */
export function discountCents(grossCents: number, discounts: readonly Discount[]): Cents {
  const gross = cents(grossCents);
  let off = 0;
  for (const discount of discounts) {
    if (discount.kind === 'amount') off += cents(discount.amountCents);
    else off += divideHalfUp(gross * discount.percentBp, 10000);
  }
  return cents(Math.min(gross, Math.max(0, off)));
}

/**
 * The totals of a bill: lines grouped by VAT rate; the discount spread over the rates in proportion to
 * their totals (largest remainder, so it adds up to the cent); VAT then base per rate by the rule above.
 */
export function billTotals(lines: readonly BillLineInput[], discounts: readonly Discount[] = []): BillTotals {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const total = lineTotalCents(line);
    assertRate(line.vatRateBp);
    byRate.set(line.vatRateBp, (byRate.get(line.vatRateBp) ?? 0) + total);
  }
  const rates = [...byRate.keys()].sort((a, b) => a - b);
  const grossPerRate = rates.map((rate) => byRate.get(rate) ?? 0);
  const gross = cents(grossPerRate.reduce((sum, value) => sum + value, 0));
  const discount = discountCents(gross, discounts);
  const discountPerRate = allocateCents(discount, grossPerRate);
  const taxLines: TaxLine[] = rates.map((rate, index) => {
    const total = cents((grossPerRate[index] ?? 0) - (discountPerRate[index] ?? 0));
    const vat = vatIncluded(total, rate);
    return { vatRateBp: rate, baseCents: cents(total - vat), vatCents: vat, totalCents: total };
  });
  const sum = (pick: (line: TaxLine) => number) => cents(taxLines.reduce((acc, line) => acc + pick(line), 0));
  return {
    grossCents: gross,
    discountCents: discount,
    totalCents: sum((line) => line.totalCents),
    baseCents: sum((line) => line.baseCents),
    vatCents: sum((line) => line.vatCents),
    // A rate wholly taken off by a discount prints no line.
    taxLines: taxLines.filter((line) => line.totalCents > 0),
  };
}

/** Simplified invoices (tickets) are allowed up to 3,000 EUR VAT included in hospitality (RD 1619/2012 art. 4). */
export const SIMPLIFIED_INVOICE_LIMIT_CENTS = cents(300_000);
