import { verifyChain, type ChainBreak, type HashFields } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Venue } from '../venues/venues.service.ts';
import { chainRecords, chainsOfVenue, type FiscalRecordRow } from './fiscal.repository.ts';
import { sha256Hex } from './huella.ts';

/**
 * The chain check anyone on the staff may run (issue 23 item 6): every chain of the venue re-hashed from
 * its stored AEAT strings, each link checked against the one before, and the last against the chain's head.
 */

/** A stored record's hash fields, rebuilt from its AEAT columns. */
export function hashFieldsOf(row: FiscalRecordRow): HashFields {
  if (row.kind === 'anulacion')
    return {
      type: 'anulacion',
      IDEmisorFacturaAnulada: row.issuerNif,
      NumSerieFacturaAnulada: row.numSerie,
      FechaExpedicionFacturaAnulada: row.fechaExpedicion,
      Huella: row.huellaAnterior,
      FechaHoraHusoGenRegistro: row.fechaHoraHuso,
    };
  return {
    type: 'alta',
    IDEmisorFactura: row.issuerNif,
    NumSerieFactura: row.numSerie,
    FechaExpedicionFactura: row.fechaExpedicion,
    TipoFactura: (row.invoiceType ?? '') as 'F1',
    CuotaTotal: row.cuotaTotal ?? '',
    ImporteTotal: row.importeTotal ?? '',
    Huella: row.huellaAnterior,
    FechaHoraHusoGenRegistro: row.fechaHoraHuso,
  };
}

export interface ChainReport {
  readonly issuerNif: string;
  readonly installationNumber: string;
  readonly records: number;
  readonly ok: boolean;
  /** The first record that does not verify, and why. */
  readonly broken: { readonly seq: number; readonly reason: ChainBreak | 'head_mismatch' } | null;
}

export async function checkChains(ctx: AppContext, venue: Venue): Promise<ChainReport[]> {
  const reports: ChainReport[] = [];
  for (const head of await chainsOfVenue(ctx.db, venue.id)) {
    const rows = await chainRecords(ctx.db, venue.id, head.issuerNif, head.installationNumber);
    const check = verifyChain(
      rows.map((row) => ({ fields: hashFieldsOf(row), storedInput: row.hashInput, huella: row.huella })),
      sha256Hex,
    );
    const broken = !check.ok
      ? { seq: rows[check.index]?.seq ?? check.index + 1, reason: check.reason }
      : check.lastHuella !== head.lastHuella || rows.length !== head.lastSeq
        ? { seq: rows.length, reason: 'head_mismatch' as const }
        : null;
    reports.push({
      issuerNif: head.issuerNif,
      installationNumber: head.installationNumber,
      records: rows.length,
      ok: broken === null,
      broken,
    });
  }
  return reports;
}
