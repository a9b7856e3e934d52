import type { IssuedInvoice } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import {
  correctedGrossCents,
  correctedLines,
  EMPTY_CORRECTION,
  invoiceKind,
  refusedCorrectionFields,
  withUnits,
} from './invoice-correction.ts';

const line = (id: number, description: string, units: number, unitPriceCents: number) => ({
  id,
  productOrderId: id * 10,
  description,
  units,
  unitPriceCents,
  vatRateBp: 1000,
  totalCents: units * unitPriceCents,
});

const ticket = {
  bill: { type: 1, lines: [line(1, 'Patatas bravas', 2, 650), line(2, 'Cerveza gallega', 3, 350)] },
  unitsLeft: [
    { billLineId: 1, units: 2 },
    { billLineId: 2, units: 1 },
  ],
} as unknown as IssuedInvoice;

describe('the corrective invoice form', () => {
  it('keeps each line between none and what earlier corrections left', () => {
    let form = withUnits(EMPTY_CORRECTION, 2, 5, 1);
    expect(form.units[2]).toBe(1);
    form = withUnits(form, 2, -1, 1);
    expect(form.units[2]).toBe(0);
  });

  it('sends only the lines with units, in the invoice’s order, and sums what they gave back', () => {
    const form = withUnits(withUnits(EMPTY_CORRECTION, 2, 1, 1), 1, 2, 2);
    expect(correctedLines(ticket, form)).toEqual([
      { billLineId: 1, units: 2 },
      { billLineId: 2, units: 1 },
    ]);
    expect(correctedGrossCents(ticket, form)).toBe(2 * 650 + 350);
    expect(correctedLines(ticket, EMPTY_CORRECTION)).toEqual([]);
  });

  it('puts the server’s field messages at the part of the form they name', () => {
    expect(
      refusedCorrectionFields([
        { path: 'lines.0.units', message: 'Too small' },
        { path: 'lines', message: 'Elige qué se corrige' },
        { path: 'reason', message: 'Escribe el motivo' },
        { path: 'billId', message: 'An identifier' },
      ]),
    ).toEqual({ lines: 'Too small', reason: 'Escribe el motivo' });
  });

  it('names the kind of each issued bill', () => {
    expect([1, 2, 3].map(invoiceKind)).toEqual(['ticket', 'invoice', 'corrective']);
  });
});
