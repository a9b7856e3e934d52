import { readFileSync } from 'node:fs';
import type { FiscalRecordRow } from './fiscal.repository.ts';

/**
 * The records as the AEAT's XML (Orden HAC/1177/2024, schemas in `../shared/data/aeat/`): a RegistroAlta or
 * RegistroAnulacion from a stored record, and the RegFactuSistemaFacturacion message of up to 1,000 of them.
 * Every value is the stored string, the one that was hashed (FIS-01).
 */

export const SF_NAMESPACE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';
export const LR_NAMESPACE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';

/** At most this many records in one message (SuministroLR.xsd). */
export const MAX_RECORDS_PER_MESSAGE = 1000;

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The billing software, as the SistemaInformatico block names it; the installation is the venue's till. */
export interface BillingSystem {
  /** Who answers for the software in this installation, and their NIF. */
  readonly producerName: string;
  readonly producerNif: string;
  readonly installationNumber: string;
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<sf:name>value</sf:name>` with the value escaped, or nested elements when given an array. */
function el(name: string, content: string | readonly string[]): string {
  const inner = typeof content === 'string' ? escapeXml(content) : content.join('');
  return `<sf:${name}>${inner}</sf:${name}>`;
}

function systemXml(system: BillingSystem): string {
  return el('SistemaInformatico', [
    el('NombreRazon', system.producerName),
    el('NIF', system.producerNif),
    el('NombreSistemaInformatico', 'Sobremesa'),
    el('IdSistemaInformatico', 'SM'),
    el('Version', VERSION),
    el('NumeroInstalacion', system.installationNumber),
    el('TipoUsoPosibleSoloVerifactu', 'S'),
    el('TipoUsoPosibleMultiOT', 'N'),
    el('IndicadorMultiplesOT', 'N'),
  ]);
}

function chainXml(previous: FiscalRecordRow | null): string {
  if (!previous) return el('Encadenamiento', [el('PrimerRegistro', 'S')]);
  return el('Encadenamiento', [
    el('RegistroAnterior', [
      el('IDEmisorFactura', previous.issuerNif),
      el('NumSerieFactura', previous.numSerie),
      el('FechaExpedicionFactura', previous.fechaExpedicion),
      el('Huella', previous.huella),
    ]),
  ]);
}

function altaBody(
  record: FiscalRecordRow,
  previous: FiscalRecordRow | null,
  system: BillingSystem,
): string[] {
  const related =
    record.relatedNumSerie && record.relatedFechaExpedicion
      ? [
          el('IDEmisorFactura', record.issuerNif),
          el('NumSerieFactura', record.relatedNumSerie),
          el('FechaExpedicionFactura', record.relatedFechaExpedicion),
        ]
      : null;
  const type = record.invoiceType ?? '';
  return [
    el('IDVersion', '1.0'),
    el('IDFactura', [
      el('IDEmisorFactura', record.issuerNif),
      el('NumSerieFactura', record.numSerie),
      el('FechaExpedicionFactura', record.fechaExpedicion),
    ]),
    el('NombreRazonEmisor', record.issuerName),
    // A correction after the agency rejected the record (decision 056).
    ...(record.subsanacion ? [el('Subsanacion', record.subsanacion)] : []),
    ...(record.rechazoPrevio ? [el('RechazoPrevio', record.rechazoPrevio)] : []),
    el('TipoFactura', type),
    ...(type.startsWith('R') ? [el('TipoRectificativa', 'I')] : []),
    ...(related && type.startsWith('R')
      ? [el('FacturasRectificadas', [el('IDFacturaRectificada', related)])]
      : []),
    ...(related && type === 'F3' ? [el('FacturasSustituidas', [el('IDFacturaSustituida', related)])] : []),
    el('DescripcionOperacion', 'Servicio de restauración'),
    ...(record.recipient
      ? [
          el('Destinatarios', [
            el('IDDestinatario', [el('NombreRazon', record.recipient.name), el('NIF', record.recipient.nif)]),
          ]),
        ]
      : []),
    el(
      'Desglose',
      (record.breakdown ?? []).map((line) =>
        el('DetalleDesglose', [
          el('Impuesto', '01'),
          el('ClaveRegimen', '01'),
          el('CalificacionOperacion', 'S1'),
          el('TipoImpositivo', line.TipoImpositivo),
          el('BaseImponibleOimporteNoSujeto', line.BaseImponibleOimporteNoSujeto),
          el('CuotaRepercutida', line.CuotaRepercutida),
        ]),
      ),
    ),
    el('CuotaTotal', record.cuotaTotal ?? ''),
    el('ImporteTotal', record.importeTotal ?? ''),
    chainXml(previous),
    systemXml(system),
    el('FechaHoraHusoGenRegistro', record.fechaHoraHuso),
    el('TipoHuella', '01'),
    el('Huella', record.huella),
  ];
}

function anulacionBody(
  record: FiscalRecordRow,
  previous: FiscalRecordRow | null,
  system: BillingSystem,
): string[] {
  return [
    el('IDVersion', '1.0'),
    el('IDFactura', [
      el('IDEmisorFacturaAnulada', record.issuerNif),
      el('NumSerieFacturaAnulada', record.numSerie),
      el('FechaExpedicionFacturaAnulada', record.fechaExpedicion),
    ]),
    ...(record.rechazoPrevio ? [el('RechazoPrevio', record.rechazoPrevio)] : []),
    chainXml(previous),
    systemXml(system),
    el('FechaHoraHusoGenRegistro', record.fechaHoraHuso),
    el('TipoHuella', '01'),
    el('Huella', record.huella),
  ];
}

/** One record's element (`sf:RegistroAlta` or `sf:RegistroAnulacion`); `previous` is the record before it. */
export function recordXml(
  record: FiscalRecordRow,
  previous: FiscalRecordRow | null,
  system: BillingSystem,
): string {
  return record.kind === 'anulacion'
    ? el('RegistroAnulacion', anulacionBody(record, previous, system))
    : el('RegistroAlta', altaBody(record, previous, system));
}

/** A record on its own, as a document (for an inspector, or to validate against SuministroInformacion.xsd). */
export function recordDocument(
  record: FiscalRecordRow,
  previous: FiscalRecordRow | null,
  system: BillingSystem,
) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${recordXml(record, previous, system).replace(
    /^<sf:(\w+)>/,
    `<sf:$1 xmlns:sf="${SF_NAMESPACE}">`,
  )}\n`;
}

/**
 * The RegFactuSistemaFacturacion message: the header naming the issuer, then the records in chain order,
 * each with the record before it (`previousOf`). At most 1,000 records.
 */
export function submissionMessage(
  issuer: { name: string; nif: string },
  records: readonly { record: FiscalRecordRow; previous: FiscalRecordRow | null }[],
  system: BillingSystem,
): string {
  if (records.length === 0 || records.length > MAX_RECORDS_PER_MESSAGE)
    throw new RangeError(`A message carries 1 to ${MAX_RECORDS_PER_MESSAGE} records, not ${records.length}`);
  const header = el('Cabecera', [
    el('ObligadoEmision', [el('NombreRazon', issuer.name), el('NIF', issuer.nif)]),
  ]);
  const body = records
    .map(
      ({ record, previous }) =>
        `<sum:RegistroFactura>${recordXml(record, previous, system)}</sum:RegistroFactura>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sum:RegFactuSistemaFacturacion xmlns:sum="${LR_NAMESPACE}" xmlns:sf="${SF_NAMESPACE}"><sum:Cabecera>${header.slice('<sf:Cabecera>'.length, -'</sf:Cabecera>'.length)}</sum:Cabecera>${body}</sum:RegFactuSistemaFacturacion>\n`;
}
