import type { FiscalRecordView, FiscalSubmissionState } from '@sobremesa/contracts';

/** The kinds the records list filters by: the invoice types, corrective invoices together, cancellations. */
export const FISCAL_KINDS = ['F1', 'F2', 'F3', 'R', 'anulacion'] as const;
export type FiscalKind = (typeof FISCAL_KINDS)[number];

export interface FiscalFilter {
  readonly kind: FiscalKind | 'all';
  readonly state: FiscalSubmissionState | 'all';
}

/** A record's kind: its `TipoFactura` (R1-R5 as one), or a cancellation. */
export function fiscalKindOf(record: FiscalRecordView): FiscalKind | null {
  if (record.type === 'anulacion') return 'anulacion';
  if (/^R[1-5]$/.test(record.TipoFactura)) return 'R';
  return (FISCAL_KINDS as readonly string[]).includes(record.TipoFactura)
    ? (record.TipoFactura as FiscalKind)
    : null;
}

export function matchesFilter(record: FiscalRecordView, filter: FiscalFilter): boolean {
  return (
    (filter.kind === 'all' || fiscalKindOf(record) === filter.kind) &&
    (filter.state === 'all' || record.submission === filter.state)
  );
}

/**
 * Cents of an amount as the AEAT formats it ("23.50", "-5.00", "1234.5"): the record's own string, so the
 * list shows exactly what was hashed; null for a string that is not such an amount.
 */
export function aeatAmountToCents(amount: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
