import { describe, expect, it } from 'vitest';
import { correctedUnitsOf, correctiveInvoice, type CorrectableLine } from './corrective.ts';

// 2 × bravas at 6,50 (10 %) and 3 × beer at 3,50 (21 %): 23,50.
const lines: CorrectableLine[] = [
  { units: 2, unitPriceCents: 650, vatRateBp: 1000, correctedUnits: 0 },
  { units: 3, unitPriceCents: 350, vatRateBp: 2100, correctedUnits: 0 },
];
const invoice = { lines, grossCents: 2350, discountCents: 0 };

describe('corrective invoice by differences', () => {
  it('takes the units off as negative lines, with VAT per rate and base + VAT = total', () => {
    const correction = correctiveInvoice(invoice, [{ line: 1, units: 1 }]);
    if (!correction.ok) throw new Error(correction.reason);
    expect(correction.lines).toEqual([
      { line: 1, units: -1, unitPriceCents: 350, vatRateBp: 2100, totalCents: -350 },
    ]);
    expect(correction.totals).toMatchObject({ totalCents: -350, vatCents: -61, baseCents: -289 });
    expect(correction.totals.taxLines).toEqual([
      { vatRateBp: 2100, baseCents: -289, vatCents: -61, totalCents: -350 },
    ]);
  });

  it('takes the invoice’s discount off in proportion: the guest gets back what they paid', () => {
    // 10 % off 23,50 = 2,35; one 6,50 dish of the 23,50 carries 0,65 of it.
    const correction = correctiveInvoice({ ...invoice, discountCents: 235 }, [{ line: 0, units: 1 }]);
    if (!correction.ok) throw new Error(correction.reason);
    expect(correction.totals).toMatchObject({ grossCents: -650, discountCents: -65, totalCents: -585 });
  });

  it('never takes off more units than are left after earlier corrections', () => {
    const corrected = { ...invoice, lines: [{ ...lines[0]!, correctedUnits: 1 }, lines[1]!] };
    expect(correctiveInvoice(corrected, [{ line: 0, units: 2 }])).toEqual({
      ok: false,
      reason: 'too_many_units',
    });
    expect(correctiveInvoice(corrected, [{ line: 0, units: 1 }]).ok).toBe(true);
    expect(correctiveInvoice(invoice, [{ line: 0, units: 0 }])).toEqual({
      ok: false,
      reason: 'too_many_units',
    });
  });

  it('refuses no lines, unknown lines and a line named twice', () => {
    expect(correctiveInvoice(invoice, [])).toEqual({ ok: false, reason: 'no_lines' });
    expect(correctiveInvoice(invoice, [{ line: 5, units: 1 }])).toEqual({
      ok: false,
      reason: 'unknown_line',
    });
    expect(
      correctiveInvoice(invoice, [
        { line: 0, units: 1 },
        { line: 0, units: 1 },
      ]),
    ).toEqual({ ok: false, reason: 'repeated_line' });
  });
});

describe('units already corrected', () => {
  const beer = { productOrderId: 7, description: 'Caña', unitPriceCents: 250, vatRateBp: 2100 };
  const bravas = { productOrderId: 8, description: 'Bravas', unitPriceCents: 650, vatRateBp: 1000 };

  it('matches each correction to the same dish, using two lines of it up in order', () => {
    const lines = [
      { ...beer, units: 2 },
      { ...bravas, units: 1 },
      { ...beer, units: 3 },
    ];
    expect(correctedUnitsOf(lines, [])).toEqual([0, 0, 0]);
    expect(correctedUnitsOf(lines, [{ ...beer, units: -3 }])).toEqual([2, 0, 1]);
    expect(
      correctedUnitsOf(lines, [
        { ...beer, units: -1 },
        { ...bravas, units: -1 },
      ]),
    ).toEqual([1, 1, 0]);
    // Another price is another dish: a correction of it takes nothing off these.
    expect(correctedUnitsOf(lines, [{ ...beer, unitPriceCents: 300, units: -2 }])).toEqual([0, 0, 0]);
  });
});
