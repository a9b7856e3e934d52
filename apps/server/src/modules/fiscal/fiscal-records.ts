import type { FiscalRecordView, FiscalSubmissionState } from '@sobremesa/contracts';
import { addDays, zonedDateTimeToInstant, type IsoDate } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { Venue } from '../venues/venues.service.ts';
import type { Executor } from '../../db/database.ts';
import { recordAt, recordsBetween, recordsOfBills, type FiscalRecordRow } from './fiscal.repository.ts';
import { MAX_RECORDS_PER_MESSAGE, submissionMessage } from './fiscal-xml.ts';
import { submissionsOf, type SubmissionRow } from './submission/submission.repository.ts';

/** The longest period one read may cover: a year of a busy venue's records is what an inspector asks for. */
const MAX_PERIOD_DAYS = 366;

/**
 * A refused period, at its last day's field: the screen shows the message under "Hasta", and the message
 * names the fields by the labels the admin reads there, not by the query's parameters.
 */
const invalidPeriod = (message: string) =>
  new AppError(400, 'VALIDATION_FAILED', 'fiscal_invalid_period', { fields: [{ path: 'to', message }] });

/** [start, end) of the calendar days `from`..`to` in the venue's zone; 400 when the period makes no sense. */
export function periodOf(venue: Venue, from: IsoDate, to: IsoDate): { start: Date; end: Date } {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days < 0) throw invalidPeriod('La fecha «Hasta» no puede ser anterior a «Desde»');
  if (days >= MAX_PERIOD_DAYS) throw invalidPeriod('Entre «Desde» y «Hasta», como mucho un año');
  const start = zonedDateTimeToInstant(from, '00:00', venue.timeZone);
  const end = zonedDateTimeToInstant(addDays(to, 1), '00:00', venue.timeZone);
  if (!start || !end) throw new AppError(400, 'VALIDATION_FAILED', 'fiscal_invalid_period');
  return { start, end };
}

/** A record as the wire shows it, with the AEAT names and the strings exactly as hashed. */
export function recordView(row: FiscalRecordRow, submission?: SubmissionRow): FiscalRecordView {
  const common = {
    id: row.id,
    billId: row.billId,
    installationNumber: row.installationNumber,
    seq: row.seq,
    FechaHoraHusoGenRegistro: row.fechaHoraHuso,
    Huella: row.huella,
    HuellaAnterior: row.huellaAnterior,
    submission: (submission?.state ?? 'pending') as FiscalSubmissionState,
    submissionCode: submission?.code ?? null,
    submissionDescription: submission?.description ?? null,
    correctsRecordId: row.correctsRecordId,
  };
  if (row.kind === 'anulacion')
    return {
      ...common,
      type: 'anulacion',
      IDEmisorFacturaAnulada: row.issuerNif,
      NumSerieFacturaAnulada: row.numSerie,
      FechaExpedicionFacturaAnulada: row.fechaExpedicion,
      qrUrl: null,
    };
  return {
    ...common,
    type: 'alta',
    IDEmisorFactura: row.issuerNif,
    NumSerieFactura: row.numSerie,
    FechaExpedicionFactura: row.fechaExpedicion,
    TipoFactura: row.invoiceType ?? '',
    CuotaTotal: row.cuotaTotal ?? '',
    ImporteTotal: row.importeTotal ?? '',
    FacturaRelacionada:
      row.relatedNumSerie && row.relatedFechaExpedicion
        ? { NumSerieFactura: row.relatedNumSerie, FechaExpedicionFactura: row.relatedFechaExpedicion }
        : null,
    qrUrl: row.qrUrl ?? '',
  };
}

/** The venue's records of a period, in chain order. */
export async function fiscalRecords(ctx: AppContext, venue: Venue, from: IsoDate, to: IsoDate) {
  const { start, end } = periodOf(venue, from, to);
  const rows = await recordsBetween(ctx.db, venue.id, start, end);
  const submissions = await submissionsOf(
    ctx.db,
    venue.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => recordView(row, submissions.get(row.id)));
}

/**
 * A period's records as one RegFactuSistemaFacturacion document for an inspector: the records in chain
 * order, each linked to the one before it (read from the table when it falls before the period). At most
 * 1,000 records, the message's limit (400 otherwise); none is 404.
 */
export async function fiscalExport(
  ctx: AppContext,
  venue: Venue,
  from: IsoDate,
  to: IsoDate,
): Promise<string> {
  const { start, end } = periodOf(venue, from, to);
  const rows = await recordsBetween(ctx.db, venue.id, start, end);
  const first = rows[0];
  if (!first) throw new AppError(404, 'NOT_FOUND', 'fiscal_export_empty');
  if (rows.length > MAX_RECORDS_PER_MESSAGE)
    throw new AppError(400, 'VALIDATION_FAILED', 'fiscal_export_too_large');
  const records = [];
  for (const [index, record] of rows.entries()) {
    const before = rows[index - 1];
    const previous =
      before &&
      before.issuerNif === record.issuerNif &&
      before.installationNumber === record.installationNumber
        ? before
        : record.seq > 1
          ? ((await recordAt(
              ctx.db,
              venue.id,
              record.issuerNif,
              record.installationNumber,
              record.seq - 1,
            )) ?? null)
          : null;
    records.push({ record, previous });
  }
  return submissionMessage({ name: first.issuerName, nif: first.issuerNif }, records, {
    producerName: first.issuerName,
    producerNif: first.issuerNif,
    installationNumber: first.installationNumber,
  });
}

/** Where a bill's record stands, as the TPV shows it on the bill. */
export interface BillFiscalState {
  readonly type: string;
  readonly submission: FiscalSubmissionState;
  readonly cancelled: boolean;
  /** When its cancellation record was made: the date a cancelled invoice's documents print. */
  readonly cancelledAt: Date | null;
  /** Why it was cancelled (null on a cancellation made before the reason was kept). */
  readonly cancellationReason: string | null;
}

/** The fiscal state of each bill that has a record (VERI*FACTU on when it was issued). */
export async function fiscalStatesOfBills(
  db: Executor,
  venueId: number,
  billIds: readonly number[],
): Promise<Map<number, BillFiscalState>> {
  const rows = await recordsOfBills(db, venueId, billIds);
  const states = new Map<number, BillFiscalState>();
  for (const row of rows) {
    if (row.kind !== 'alta') continue;
    // The first cancellation record; a later one only corrects it for the agency (decision 056).
    const cancellation = rows.find(
      (other) => other.billId === row.billId && other.kind === 'anulacion' && other.correctsRecordId === null,
    );
    states.set(row.billId, {
      type: row.invoiceType ?? '',
      submission: recordView(row).submission,
      cancelled: cancellation !== undefined,
      cancelledAt: cancellation?.generatedAt ?? null,
      cancellationReason: cancellation?.cancellationReason ?? null,
    });
  }
  return states;
}
