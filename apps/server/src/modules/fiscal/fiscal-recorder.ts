import {
  fiscalAmount,
  fiscalDate,
  fiscalInvoiceType,
  fiscalNif,
  fiscalQrUrl,
  fiscalTimestamp,
  formatInvoiceNumber,
  type FiscalInvoiceType,
  type HashFields,
} from '@sobremesa/domain';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Venue } from '../venues/venues.service.ts';
import { fiscalSettingsOf } from './fiscal-settings.ts';
import {
  appendRecord,
  lockChain,
  recordAt,
  recordOfBill,
  type ChainHead,
  type FiscalRecordRow,
  type NewFiscalRecord,
} from './fiscal.repository.ts';
import { huellaOf, sha256Hex } from './huella.ts';

/**
 * Writes the VERI*FACTU record of every invoice in the transaction that issues it (issue 23, FIS-01/02):
 * the chain's row lock serialises appends, the last link is checked before the next is added, and a
 * clock more than a minute behind the last record refuses the issue (Orden HAC/1177/2024 art. 7), so
 * the invoice and its record are written together or not at all.
 */

/** How far the clock may lag the chain's last record before recording is refused. */
export const CLOCK_TOLERANCE_MS = 60_000;

/** An issued invoice as the records need it. */
export interface IssuedInvoice {
  readonly id: number;
  readonly type: number;
  readonly series: string | null;
  readonly number: number | null;
  readonly issuedAt: Date | null;
  readonly vatCents: number;
  readonly totalCents: number;
}

/**
 * What else the record holds: the VAT breakdown and the named recipient (F1/F3) for its XML, the ticket
 * an F3 replaces, or the invoice a correction corrects.
 */
export interface RecordContext {
  readonly taxLines: readonly { vatRateBp: number; baseCents: number; vatCents: number }[];
  readonly recipient?: { readonly name: string; readonly nif: string };
  readonly replaces?: IssuedInvoice;
  readonly rectifies?: { readonly invoice: IssuedInvoice; readonly ground: 1 | 2 | 3 | 4 };
}

/** The issuer's name on the records: the venue's legal name, or its business name when it has none. */
function issuerNameOf(venue: Venue): string {
  return venue.settings.fiscalInfo.legalName.trim() || venue.businessName;
}

function numSerie(invoice: IssuedInvoice): string {
  if (!invoice.series || !invoice.number) throw new RangeError(`bill ${invoice.id} is not an issued invoice`);
  return formatInvoiceNumber(invoice.series, invoice.number);
}

function issueDate(invoice: IssuedInvoice, venue: Venue): string {
  if (!invoice.issuedAt) throw new RangeError(`bill ${invoice.id} has no issue time`);
  return fiscalDate(invoice.issuedAt, venue.timeZone);
}

/** Refuses when the chain's last link does not verify or the clock lags it by more than the tolerance. */
async function checkLastLink(
  tx: Transaction,
  venue: Venue,
  chain: { issuerNif: string; installationNumber: string },
  head: ChainHead,
  now: Date,
): Promise<void> {
  if (head.lastSeq === 0) return;
  const last = await recordAt(tx, venue.id, chain.issuerNif, chain.installationNumber, head.lastSeq);
  if (
    !last ||
    last.seq !== head.lastSeq ||
    last.huella !== head.lastHuella ||
    sha256Hex(last.hashInput) !== last.huella
  )
    throw new AppError(409, 'CONFLICT', 'fiscal_chain_broken');
  if (head.lastGeneratedAt && now.getTime() < head.lastGeneratedAt.getTime() - CLOCK_TOLERANCE_MS)
    throw new AppError(409, 'CONFLICT', 'fiscal_clock_behind', {
      params: { now: fiscalTimestamp(now, venue.timeZone), last: last.fechaHoraHuso },
    });
}

/** Appends one record to the venue's chain; `build` gets the previous Huella and the record time. */
async function append(
  tx: Transaction,
  venue: Venue,
  now: Date,
  build: (chain: {
    issuerNif: string;
    previous: string;
    timestamp: string;
    environment: 'production' | 'test';
  }) => {
    fields: HashFields;
    record: Omit<
      NewFiscalRecord,
      | 'venueId'
      | 'issuerNif'
      | 'installationNumber'
      | 'seq'
      | 'kind'
      | 'huellaAnterior'
      | 'fechaHoraHuso'
      | 'generatedAt'
      | 'hashInput'
      | 'huella'
    >;
  },
): Promise<FiscalRecordRow | null> {
  const settings = await fiscalSettingsOf(tx, venue.id);
  if (!settings.enabled) return null;
  const issuerNif = fiscalNif(venue.settings.fiscalInfo.taxId);
  const chain = { issuerNif, installationNumber: settings.installationNumber };
  const head = await lockChain(tx, venue.id, issuerNif, settings.installationNumber);
  await checkLastLink(tx, venue, chain, head, now);
  const timestamp = fiscalTimestamp(now, venue.timeZone);
  const { fields, record } = build({
    issuerNif,
    previous: head.lastHuella,
    timestamp,
    environment: settings.environment,
  });
  const { input, huella } = huellaOf(fields);
  return appendRecord(tx, {
    ...record,
    venueId: venue.id,
    ...chain,
    seq: head.lastSeq + 1,
    kind: fields.type,
    huellaAnterior: head.lastHuella,
    fechaHoraHuso: timestamp,
    generatedAt: now,
    hashInput: input,
    huella,
  });
}

/**
 * The RegistroAlta of an invoice just issued: F2 for a ticket (refused above 3,000 EUR: an F1 is
 * required), F1 for a complete invoice, F3 naming the ticket it replaces, R1-R5 for corrections. Amounts
 * are the invoice's, tips are never in them (FIS-06). Returns null when VERI*FACTU is off.
 */
export async function recordIssuedInvoice(
  tx: Transaction,
  venue: Venue,
  invoice: IssuedInvoice,
  context: RecordContext,
  now: Date,
): Promise<FiscalRecordRow | null> {
  if (invoice.type !== 1 && invoice.type !== 2 && invoice.type !== 3)
    throw new RangeError(`bill type ${invoice.type} is not an invoice`);
  const type = fiscalInvoiceType({
    billType: invoice.type,
    replacesTicket: Boolean(context.replaces),
    ...(context.rectifies
      ? { rectifies: { simplified: context.rectifies.invoice.type === 1, ground: context.rectifies.ground } }
      : {}),
    totalCents: invoice.totalCents,
  });
  if (type === 'simplified_over_limit') throw new AppError(409, 'CONFLICT', 'simplified_invoice_limit');
  const related = context.replaces ?? context.rectifies?.invoice;
  const numero = numSerie(invoice);
  const fecha = issueDate(invoice, venue);
  const cuota = fiscalAmount(invoice.vatCents);
  const importe = fiscalAmount(invoice.totalCents);
  return append(tx, venue, now, ({ issuerNif, previous, timestamp, environment }) => ({
    fields: {
      type: 'alta',
      IDEmisorFactura: issuerNif,
      NumSerieFactura: numero,
      FechaExpedicionFactura: fecha,
      TipoFactura: type,
      CuotaTotal: cuota,
      ImporteTotal: importe,
      Huella: previous,
      FechaHoraHusoGenRegistro: timestamp,
    },
    record: {
      billId: invoice.id,
      invoiceType: type,
      numSerie: numero,
      fechaExpedicion: fecha,
      cuotaTotal: cuota,
      importeTotal: importe,
      relatedNumSerie: related ? numSerie(related) : null,
      relatedFechaExpedicion: related ? issueDate(related, venue) : null,
      qrUrl: fiscalQrUrl(environment, { nif: issuerNif, numserie: numero, fecha, importe }),
      issuerName: issuerNameOf(venue),
      breakdown: context.taxLines.map((line) => ({
        TipoImpositivo: fiscalAmount(line.vatRateBp),
        BaseImponibleOimporteNoSujeto: fiscalAmount(line.baseCents),
        CuotaRepercutida: fiscalAmount(line.vatCents),
      })),
      recipient: context.recipient
        ? { name: context.recipient.name, nif: fiscalNif(context.recipient.nif) }
        : null,
    },
  }));
}

/**
 * The RegistroAnulacion of an invoice issued in error (FIS-05): the invoice stays as issued, the chain
 * gains a record saying it is cancelled, which keeps the reason the invoice prints. Once per invoice (the
 * table's unique key).
 */
export async function recordCancellation(
  tx: Transaction,
  venue: Venue,
  invoice: IssuedInvoice,
  reason: string,
  now: Date,
): Promise<FiscalRecordRow | null> {
  const alta = await recordOfBill(tx, venue.id, invoice.id, 'alta');
  if (!alta) throw new RangeError(`bill ${invoice.id} has no registration record to cancel`);
  return append(tx, venue, now, ({ previous, timestamp }) => ({
    fields: {
      type: 'anulacion',
      IDEmisorFacturaAnulada: alta.issuerNif,
      NumSerieFacturaAnulada: alta.numSerie,
      FechaExpedicionFacturaAnulada: alta.fechaExpedicion,
      Huella: previous,
      FechaHoraHusoGenRegistro: timestamp,
    },
    record: {
      billId: invoice.id,
      invoiceType: null,
      numSerie: alta.numSerie,
      fechaExpedicion: alta.fechaExpedicion,
      cuotaTotal: null,
      importeTotal: null,
      relatedNumSerie: null,
      relatedFechaExpedicion: null,
      qrUrl: null,
      issuerName: alta.issuerName,
      breakdown: null,
      recipient: null,
      cancellationReason: reason,
    },
  }));
}

/** What a correction may set right of a rejected record: its XML's data beyond the hashed fields. */
export interface CorrectionChanges {
  readonly issuerName?: string;
  readonly recipient?: { readonly name: string; readonly nif: string };
}

/**
 * The correction of a record the agency rejected (decision 056): never an edit, but a new record at the
 * end of the chain for the same invoice, with `Subsanacion` S and `RechazoPrevio` S (a RegistroAlta) or
 * `RechazoPrevio` S (a RegistroAnulacion), the same hashed data (type, amounts) and a new time and Huella.
 * What made the agency refuse it (the recipient, the issuer's name) may be set right in it.
 */
export async function recordCorrection(
  tx: Transaction,
  venue: Venue,
  rejected: FiscalRecordRow,
  changes: CorrectionChanges,
  now: Date,
): Promise<FiscalRecordRow | null> {
  const common = {
    billId: rejected.billId,
    numSerie: rejected.numSerie,
    fechaExpedicion: rejected.fechaExpedicion,
    relatedNumSerie: rejected.relatedNumSerie,
    relatedFechaExpedicion: rejected.relatedFechaExpedicion,
    issuerName: changes.issuerName ?? rejected.issuerName,
    correctsRecordId: rejected.id,
    rechazoPrevio: 'S',
  };
  if (rejected.kind === 'anulacion')
    return append(tx, venue, now, ({ previous, timestamp }) => ({
      fields: {
        type: 'anulacion',
        IDEmisorFacturaAnulada: rejected.issuerNif,
        NumSerieFacturaAnulada: rejected.numSerie,
        FechaExpedicionFacturaAnulada: rejected.fechaExpedicion,
        Huella: previous,
        FechaHoraHusoGenRegistro: timestamp,
      },
      record: {
        ...common,
        invoiceType: null,
        cuotaTotal: null,
        importeTotal: null,
        qrUrl: null,
        breakdown: null,
        recipient: null,
        subsanacion: null,
      },
    }));
  return append(tx, venue, now, ({ previous, timestamp }) => ({
    fields: {
      type: 'alta',
      IDEmisorFactura: rejected.issuerNif,
      NumSerieFactura: rejected.numSerie,
      FechaExpedicionFactura: rejected.fechaExpedicion,
      TipoFactura: rejected.invoiceType as FiscalInvoiceType,
      CuotaTotal: rejected.cuotaTotal ?? '',
      ImporteTotal: rejected.importeTotal ?? '',
      Huella: previous,
      FechaHoraHusoGenRegistro: timestamp,
    },
    record: {
      ...common,
      invoiceType: rejected.invoiceType,
      cuotaTotal: rejected.cuotaTotal,
      importeTotal: rejected.importeTotal,
      qrUrl: rejected.qrUrl,
      breakdown: rejected.breakdown,
      recipient: changes.recipient
        ? { name: changes.recipient.name, nif: fiscalNif(changes.recipient.nif) }
        : rejected.recipient,
      subsanacion: 'S',
    },
  }));
}
