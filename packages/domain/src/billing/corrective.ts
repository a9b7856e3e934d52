import { cents, type Cents } from '../money.ts';
import { billTotals, divideHalfUp, type BillLineInput, type BillTotals } from './totals.ts';

/**
 * A corrective invoice by differences (VERI*FACTU `TipoRectificativa` I, decision 057): what a table was
 * charged for and did not have comes off an issued invoice as negative lines. The invoice it corrects stays
 * as issued (FIS-05); its discount is taken off the corrected lines in the same proportion, so a table that
 * had 10 % off gets back what it paid for the dish, not its list price.
 */

/** A line of the invoice being corrected, with how many of its units earlier corrections already took off. */
export interface CorrectableLine extends BillLineInput {
  readonly correctedUnits: number;
}

/** How many units of a line (by its index on the invoice) the correction takes off. */
export interface Deduction {
  readonly line: number;
  readonly units: number;
}

export type CorrectionRefusal = 'no_lines' | 'unknown_line' | 'too_many_units' | 'repeated_line';

export type Correction =
  | {
      readonly ok: true;
      /** The corrective invoice's lines, negative, in the order asked. */
      readonly lines: readonly (BillLineInput & { readonly line: number; readonly totalCents: Cents })[];
      /** Its totals, every amount negative (or zero). */
      readonly totals: BillTotals;
    }
  | { readonly ok: false; readonly reason: CorrectionRefusal };

const negate = (value: number) => cents(value === 0 ? 0 : -value);

/** The corrective lines and totals for `deductions`, or why they cannot be made. */
export function correctiveInvoice(
  invoice: {
    readonly lines: readonly CorrectableLine[];
    readonly grossCents: number;
    readonly discountCents: number;
  },
  deductions: readonly Deduction[],
): Correction {
  if (deductions.length === 0) return { ok: false, reason: 'no_lines' };
  if (new Set(deductions.map((deduction) => deduction.line)).size !== deductions.length)
    return { ok: false, reason: 'repeated_line' };
  const taken: BillLineInput[] = [];
  for (const deduction of deductions) {
    const line = invoice.lines[deduction.line];
    if (!line) return { ok: false, reason: 'unknown_line' };
    if (deduction.units < 1 || deduction.units > line.units - line.correctedUnits)
      return { ok: false, reason: 'too_many_units' };
    taken.push({ units: deduction.units, unitPriceCents: line.unitPriceCents, vatRateBp: line.vatRateBp });
  }
  const gross = taken.reduce((sum, line) => sum + line.units * line.unitPriceCents, 0);
  // The invoice's discount in proportion: what the guest actually paid for these units.
  const discount =
    invoice.grossCents > 0 && invoice.discountCents > 0
      ? divideHalfUp(gross * invoice.discountCents, invoice.grossCents)
      : 0;
  const positive = billTotals(taken, discount > 0 ? [{ kind: 'amount', amountCents: discount }] : []);
  return {
    ok: true,
    lines: deductions.map((deduction, index) => {
      const line = taken[index]!;
      return {
        line: deduction.line,
        units: -line.units,
        unitPriceCents: line.unitPriceCents,
        vatRateBp: line.vatRateBp,
        totalCents: negate(line.units * line.unitPriceCents),
      };
    }),
    totals: {
      grossCents: negate(positive.grossCents),
      discountCents: negate(positive.discountCents),
      totalCents: negate(positive.totalCents),
      baseCents: negate(positive.baseCents),
      vatCents: negate(positive.vatCents),
      taxLines: positive.taxLines.map((line) => ({
        vatRateBp: line.vatRateBp,
        baseCents: negate(line.baseCents),
        vatCents: negate(line.vatCents),
        totalCents: negate(line.totalCents),
      })),
    },
  };
}

/** A line as an invoice or a correction prints it: enough to tell the same dish on both. */
export interface PrintedLine {
  readonly productOrderId: number | null;
  readonly description: string;
  readonly units: number;
  readonly unitPriceCents: number;
  readonly vatRateBp: number;
}

/** The same dish on a correction as on the invoice: order line, text, price and rate. */
const dishOf = (line: PrintedLine) =>
  JSON.stringify([line.productOrderId, line.description, line.unitPriceCents, line.vatRateBp]);

/**
 * How many units of each of an invoice's lines its standing corrections (their lines negative) already took
 * off, line by line; two lines of the same dish are used up in order. A cancelled correction is left out by
 * the caller: it counts as never issued and gives its units back.
 */
export function correctedUnitsOf(
  lines: readonly PrintedLine[],
  corrections: readonly PrintedLine[],
): number[] {
  const taken = new Map<string, number>();
  for (const line of corrections) taken.set(dishOf(line), (taken.get(dishOf(line)) ?? 0) - line.units);
  return lines.map((line) => {
    const dish = dishOf(line);
    const corrected = Math.max(0, Math.min(line.units, taken.get(dish) ?? 0));
    taken.set(dish, (taken.get(dish) ?? 0) - corrected);
    return corrected;
  });
}
