import type { HashFields } from '@sobremesa/domain';
import { describe, expect, it } from 'vitest';
import { xsdErrors } from './fiscal.fixtures.ts';
import type { FiscalRecordRow } from './fiscal.repository.ts';
import { recordDocument, submissionMessage, type BillingSystem } from './fiscal-xml.ts';
import { huellaOf } from './huella.ts';

const SYSTEM: BillingSystem = {
  producerName: 'Casa Pepe S.L.',
  producerNif: 'B87654323',
  installationNumber: '1',
};
const NIF = 'B87654323';

let seq = 0;
/** A stored record as the recorder writes it, chained to `previous`. */
function stored(
  previous: FiscalRecordRow | null,
  record: Partial<FiscalRecordRow> & Pick<FiscalRecordRow, 'kind' | 'numSerie'>,
): FiscalRecordRow {
  seq += 1;
  const time = `2026-11-20T22:${String(10 + seq).padStart(2, '0')}:00+01:00`;
  const base = {
    id: seq,
    venueId: 1,
    issuerNif: NIF,
    installationNumber: '1',
    seq,
    billId: seq,
    invoiceType: null,
    fechaExpedicion: '20-11-2026',
    cuotaTotal: null,
    importeTotal: null,
    relatedNumSerie: null,
    relatedFechaExpedicion: null,
    huellaAnterior: previous?.huella ?? '',
    fechaHoraHuso: time,
    generatedAt: new Date(time),
    qrUrl: null,
    issuerName: 'Casa Pepe S.L.',
    breakdown: null,
    recipient: null,
    correctsRecordId: null,
    subsanacion: null,
    rechazoPrevio: null,
    cancellationReason: null,
    createdAt: new Date(time),
    ...record,
  };
  const fields: HashFields =
    base.kind === 'anulacion'
      ? {
          type: 'anulacion',
          IDEmisorFacturaAnulada: NIF,
          NumSerieFacturaAnulada: base.numSerie,
          FechaExpedicionFacturaAnulada: base.fechaExpedicion,
          Huella: base.huellaAnterior,
          FechaHoraHusoGenRegistro: time,
        }
      : {
          type: 'alta',
          IDEmisorFactura: NIF,
          NumSerieFactura: base.numSerie,
          FechaExpedicionFactura: base.fechaExpedicion,
          TipoFactura: base.invoiceType as 'F2',
          CuotaTotal: base.cuotaTotal ?? '',
          ImporteTotal: base.importeTotal ?? '',
          Huella: base.huellaAnterior,
          FechaHoraHusoGenRegistro: time,
        };
  const { input, huella } = huellaOf(fields);
  return { ...base, hashInput: input, huella };
}

const BREAKDOWN = [
  { TipoImpositivo: '10.00', BaseImponibleOimporteNoSujeto: '11.82', CuotaRepercutida: '1.18' },
  { TipoImpositivo: '21.00', BaseImponibleOimporteNoSujeto: '8.68', CuotaRepercutida: '1.82' },
];
const ticket = stored(null, {
  kind: 'alta',
  numSerie: 'T-000001',
  invoiceType: 'F2',
  cuotaTotal: '3.00',
  importeTotal: '23.50',
  breakdown: BREAKDOWN,
});
const replacing = stored(ticket, {
  kind: 'alta',
  numSerie: 'F-000001',
  invoiceType: 'F3',
  cuotaTotal: '3.00',
  importeTotal: '23.50',
  breakdown: BREAKDOWN,
  relatedNumSerie: 'T-000001',
  relatedFechaExpedicion: '20-11-2026',
  recipient: { name: 'Construcciones Ría & Hijos S.L.', nif: 'B15000009' },
});
const complete = stored(replacing, {
  kind: 'alta',
  numSerie: 'F-000002',
  invoiceType: 'F1',
  cuotaTotal: '287.55',
  importeTotal: '3163.00',
  breakdown: [
    { TipoImpositivo: '10.00', BaseImponibleOimporteNoSujeto: '2875.45', CuotaRepercutida: '287.55' },
  ],
  recipient: { name: 'Eventos Norte S.L.', nif: 'B15000009' },
});
const corrective = stored(complete, {
  kind: 'alta',
  numSerie: 'R-000001',
  invoiceType: 'R5',
  cuotaTotal: '-0.32',
  importeTotal: '-3.50',
  breakdown: [{ TipoImpositivo: '10.00', BaseImponibleOimporteNoSujeto: '-3.18', CuotaRepercutida: '-0.32' }],
  relatedNumSerie: 'T-000001',
  relatedFechaExpedicion: '20-11-2026',
});
const cancellation = stored(corrective, { kind: 'anulacion', numSerie: 'F-000002' });
const chain = [ticket, replacing, complete, corrective, cancellation];

describe('the VERI*FACTU XML, validated against the AEAT schemas', () => {
  it('writes each record type as a RegistroAlta or RegistroAnulacion that the schema accepts', () => {
    for (const [index, record] of chain.entries()) {
      const document = recordDocument(record, chain[index - 1] ?? null, SYSTEM);
      expect(xsdErrors(document, 'SuministroInformacion.xsd'), document).toBe('');
    }
  });

  it('writes the corrections after a rejection with Subsanacion and RechazoPrevio where the schema puts them', () => {
    const correctedAlta = stored(cancellation, {
      kind: 'alta',
      numSerie: 'F-000001',
      invoiceType: 'F3',
      cuotaTotal: '3.00',
      importeTotal: '23.50',
      breakdown: BREAKDOWN,
      relatedNumSerie: 'T-000001',
      relatedFechaExpedicion: '20-11-2026',
      recipient: { name: 'Construcciones Ría & Hijos S.L.', nif: '12345678Z' },
      correctsRecordId: replacing.id,
      subsanacion: 'S',
      rechazoPrevio: 'S',
    });
    const correctedCancellation = stored(correctedAlta, {
      kind: 'anulacion',
      numSerie: 'F-000002',
      correctsRecordId: cancellation.id,
      rechazoPrevio: 'S',
    });
    const alta = recordDocument(correctedAlta, cancellation, SYSTEM);
    expect(xsdErrors(alta, 'SuministroInformacion.xsd'), alta).toBe('');
    expect(alta).toContain(
      '</sf:NombreRazonEmisor><sf:Subsanacion>S</sf:Subsanacion><sf:RechazoPrevio>S</sf:RechazoPrevio><sf:TipoFactura>',
    );
    const anulacion = recordDocument(correctedCancellation, correctedAlta, SYSTEM);
    expect(xsdErrors(anulacion, 'SuministroInformacion.xsd'), anulacion).toBe('');
    expect(anulacion).toContain('</sf:IDFactura><sf:RechazoPrevio>S</sf:RechazoPrevio><sf:Encadenamiento>');
    expect(anulacion).not.toContain('Subsanacion');
  });

  it('carries the hashed strings, the chain link and the system block', () => {
    const document = recordDocument(replacing, ticket, SYSTEM);
    expect(document).toContain('<sf:TipoFactura>F3</sf:TipoFactura>');
    expect(document).toContain(
      '<sf:FacturasSustituidas><sf:IDFacturaSustituida><sf:IDEmisorFactura>B87654323</sf:IDEmisorFactura><sf:NumSerieFactura>T-000001</sf:NumSerieFactura>',
    );
    expect(document).toContain('<sf:NombreRazon>Construcciones Ría &amp; Hijos S.L.</sf:NombreRazon>');
    expect(document).toContain(
      `<sf:RegistroAnterior><sf:IDEmisorFactura>B87654323</sf:IDEmisorFactura><sf:NumSerieFactura>T-000001</sf:NumSerieFactura><sf:FechaExpedicionFactura>20-11-2026</sf:FechaExpedicionFactura><sf:Huella>${ticket.huella}</sf:Huella></sf:RegistroAnterior>`,
    );
    expect(document).toContain(`<sf:Huella>${replacing.huella}</sf:Huella>`);
    expect(document).toContain('<sf:NumeroInstalacion>1</sf:NumeroInstalacion>');
    expect(recordDocument(ticket, null, SYSTEM)).toContain('<sf:PrimerRegistro>S</sf:PrimerRegistro>');
  });

  it('wraps up to 1,000 records in a RegFactuSistemaFacturacion message the schema accepts, and no more', () => {
    const records = chain.map((record, index) => ({ record, previous: chain[index - 1] ?? null }));
    const message = submissionMessage({ name: 'Casa Pepe S.L.', nif: NIF }, records, SYSTEM);
    expect(xsdErrors(message, 'SuministroLR.xsd'), message).toBe('');
    const full = Array.from({ length: 1000 }, () => records[0]!);
    expect(
      xsdErrors(submissionMessage({ name: 'Casa Pepe S.L.', nif: NIF }, full, SYSTEM), 'SuministroLR.xsd'),
    ).toBe('');
    expect(() =>
      submissionMessage({ name: 'Casa Pepe S.L.', nif: NIF }, [...full, records[0]!], SYSTEM),
    ).toThrow(RangeError);
  });

  it('is refused by the schema when a value breaks it (the check can fail)', () => {
    const broken = recordDocument({ ...ticket, fechaExpedicion: '2026-11-20' }, null, SYSTEM);
    expect(xsdErrors(broken, 'SuministroInformacion.xsd')).toContain('FechaExpedicionFactura');
  });
});
