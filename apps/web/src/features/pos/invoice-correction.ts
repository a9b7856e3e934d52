import type { FieldError, IssuedInvoice } from '@sobremesa/contracts';

/** The bill types the list shows: the ticket, the nominative invoice, the corrective invoice. */
export type InvoiceKind = 'ticket' | 'invoice' | 'corrective';

export function invoiceKind(type: number): InvoiceKind {
  return type === 1 ? 'ticket' : type === 3 ? 'corrective' : 'invoice';
}

/** The legal grounds of a complete invoice's correction (art. 80 LIVA); a ticket's is always R5. */
export const CORRECTION_GROUNDS = [1, 2, 3, 4] as const;
export type CorrectionGround = (typeof CORRECTION_GROUNDS)[number];

/** What the cashier set on the form: units to take off per bill line, the ground and the reason, as typed. */
export interface CorrectionForm {
  readonly units: Readonly<Record<number, number>>;
  readonly ground: CorrectionGround;
  readonly reason: string;
}

export const EMPTY_CORRECTION: CorrectionForm = { units: {}, ground: 1, reason: '' };

/** A line's units set one up or down, kept between none and what is left to correct. */
export function withUnits(
  form: CorrectionForm,
  billLineId: number,
  units: number,
  left: number,
): CorrectionForm {
  return { ...form, units: { ...form.units, [billLineId]: Math.max(0, Math.min(left, units)) } };
}

/** The lines the correction takes units off, in the invoice's order; none chosen is the server's to refuse. */
export function correctedLines(invoice: IssuedInvoice, form: CorrectionForm) {
  return invoice.unitsLeft.flatMap(({ billLineId }) => {
    const units = form.units[billLineId] ?? 0;
    return units > 0 ? [{ billLineId, units }] : [];
  });
}

/** What the correction gives back, before the invoice's discount: what the screen shows while choosing. */
export function correctedGrossCents(invoice: IssuedInvoice, form: CorrectionForm): number {
  return correctedLines(invoice, form).reduce((sum, line) => {
    const printed = invoice.bill.lines.find((one) => one.id === line.billLineId);
    return sum + line.units * (printed?.unitPriceCents ?? 0);
  }, 0);
}

/** The form's parts a refusal can name: its message shown at each, in the words the server sent. */
export type CorrectionField = 'lines' | 'ground' | 'reason';

/**
 * The server's field messages by the part of the form they belong to (`lines.0.units` is the lines'); the
 * first message of each part.
 */
export function refusedCorrectionFields(
  fields: readonly FieldError[],
): Partial<Record<CorrectionField, string>> {
  const refused: Partial<Record<CorrectionField, string>> = {};
  for (const field of fields) {
    const part = field.path.split('.')[0];
    if ((part === 'lines' || part === 'ground' || part === 'reason') && !refused[part])
      refused[part] = field.message;
  }
  return refused;
}
