import type { FiscalRecordView } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { aeatAmountToCents, fiscalKindOf, matchesFilter } from './fiscal-records-model.ts';

const common = {
  id: 1,
  billId: 1,
  installationNumber: '1',
  seq: 1,
  FechaHoraHusoGenRegistro: '2026-11-20T13:00:00+01:00',
  Huella: 'A'.repeat(64),
  HuellaAnterior: '',
  submission: 'pending' as const,
  submissionCode: null,
  submissionDescription: null,
  correctsRecordId: null,
};
const alta = (
  TipoFactura: string,
  submission: FiscalRecordView['submission'] = 'pending',
): FiscalRecordView => ({
  ...common,
  submission,
  type: 'alta',
  IDEmisorFactura: 'B87654323',
  NumSerieFactura: 'T-1',
  FechaExpedicionFactura: '20-11-2026',
  TipoFactura,
  CuotaTotal: '2.14',
  ImporteTotal: '23.50',
  FacturaRelacionada: null,
  qrUrl: 'https://example.test',
});
const anulacion: FiscalRecordView = {
  ...common,
  type: 'anulacion',
  IDEmisorFacturaAnulada: 'B87654323',
  NumSerieFacturaAnulada: 'T-1',
  FechaExpedicionFacturaAnulada: '20-11-2026',
  qrUrl: null,
};

describe('fiscal records list', () => {
  it('groups the five corrective types as one kind and tells cancellations apart', () => {
    expect(['F1', 'F2', 'F3', 'R1', 'R5'].map((type) => fiscalKindOf(alta(type)))).toEqual([
      'F1',
      'F2',
      'F3',
      'R',
      'R',
    ]);
    expect(fiscalKindOf(anulacion)).toBe('anulacion');
    expect(fiscalKindOf(alta('X9'))).toBeNull();
  });

  it('filters by kind and by submission state together', () => {
    const records = [alta('F2', 'accepted'), alta('F2', 'rejected'), alta('R5', 'rejected'), anulacion];
    expect(
      records.filter((record) => matchesFilter(record, { kind: 'all', state: 'rejected' })),
    ).toHaveLength(2);
    expect(records.filter((record) => matchesFilter(record, { kind: 'F2', state: 'rejected' }))).toEqual([
      records[1],
    ]);
    expect(records.filter((record) => matchesFilter(record, { kind: 'anulacion', state: 'all' }))).toEqual([
      anulacion,
    ]);
  });

  it('reads the AEAT amount strings as cents, refusing anything else', () => {
    expect(aeatAmountToCents('23.50')).toBe(2350);
    expect(aeatAmountToCents('-5.00')).toBe(-500);
    expect(aeatAmountToCents('1234.5')).toBe(123450);
    expect(aeatAmountToCents('7')).toBe(700);
    expect(aeatAmountToCents('')).toBeNull();
    expect(aeatAmountToCents('1,50')).toBeNull();
  });
});
