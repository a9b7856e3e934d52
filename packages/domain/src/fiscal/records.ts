import { SIMPLIFIED_INVOICE_LIMIT_CENTS } from '../billing/totals.ts';
import { formatOffsetDateTime, toZoned } from '../service-day.ts';

/**
 * VERI*FACTU billing records (RD 1007/2023, Orden HAC/1177/2024): the strings that go into a record, its
 * hash, its QR and its XML, each formatted once here (FIS-01), and the input string its hash is taken over.
 */

/** The invoice types of a RegistroAlta: F1 complete, F2 simplified, F3 replacing simplified ones, R1-R5 corrective. */
export const FISCAL_INVOICE_TYPES = ['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type FiscalInvoiceType = (typeof FISCAL_INVOICE_TYPES)[number];

/** The fields of a registration record (alta) that its hash covers, as the AEAT names them. */
export interface AltaHashFields {
  readonly IDEmisorFactura: string;
  readonly NumSerieFactura: string;
  readonly FechaExpedicionFactura: string;
  readonly TipoFactura: FiscalInvoiceType;
  readonly CuotaTotal: string;
  readonly ImporteTotal: string;
  /** The previous record's hash, empty for the first record of the chain. */
  readonly Huella: string;
  readonly FechaHoraHusoGenRegistro: string;
}

/** The fields of a cancellation record (anulación) that its hash covers. */
export interface AnulacionHashFields {
  readonly IDEmisorFacturaAnulada: string;
  readonly NumSerieFacturaAnulada: string;
  readonly FechaExpedicionFacturaAnulada: string;
  readonly Huella: string;
  readonly FechaHoraHusoGenRegistro: string;
}

export type HashFields =
  ({ readonly type: 'alta' } & AltaHashFields) | ({ readonly type: 'anulacion' } & AnulacionHashFields);

const ALTA_ORDER = [
  'IDEmisorFactura',
  'NumSerieFactura',
  'FechaExpedicionFactura',
  'TipoFactura',
  'CuotaTotal',
  'ImporteTotal',
  'Huella',
  'FechaHoraHusoGenRegistro',
] as const;

const ANULACION_ORDER = [
  'IDEmisorFacturaAnulada',
  'NumSerieFacturaAnulada',
  'FechaExpedicionFacturaAnulada',
  'Huella',
  'FechaHoraHusoGenRegistro',
] as const;

/**
 * The string a record's Huella is the SHA-256 of: `name=value` in the AEAT's order joined by `&`, each
 * value trimmed (AEAT hash specification v0.1.2, section 5). Stored verbatim with the record (FIS-02).
 */
export function hashInput(fields: HashFields): string {
  if (fields.type === 'alta')
    return ALTA_ORDER.map((name) => `${name}=${String(fields[name]).trim()}`).join('&');
  return ANULACION_ORDER.map((name) => `${name}=${String(fields[name]).trim()}`).join('&');
}

/**
 * An amount in cents as the AEAT's decimal (`123.45`, `-8.00`): dot, always two decimals. The one format
 * used in the record, the hash, the QR and the XML, so they can never disagree.
 */
export function fiscalAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError(`Not a whole number of cents: ${amountCents}`);
  const sign = amountCents < 0 ? '-' : '';
  const magnitude = Math.abs(amountCents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** The invoice's date of issue, `dd-mm-yyyy`, in the venue's zone (the calendar day, not the service day). */
export function fiscalDate(instant: Date, timeZone: string): string {
  const local = toZoned(instant, timeZone);
  return `${String(local.day).padStart(2, '0')}-${String(local.month).padStart(2, '0')}-${local.year}`;
}

/** FechaHoraHusoGenRegistro: the venue's wall clock with its offset, right across DST (FIS-03). */
export function fiscalTimestamp(instant: Date, timeZone: string): string {
  return formatOffsetDateTime(instant, timeZone);
}

/** A Spanish invoice issuer's tax id as the records carry it: trimmed, upper case. */
export function fiscalNif(taxId: string): string {
  return taxId.trim().toUpperCase();
}

/** The bill that leads to a record, as billing knows it. */
export interface FiscalDocument {
  /** 1 simplified (ticket), 2 complete (nominative), 3 corrective. */
  readonly billType: 1 | 2 | 3;
  /** Set on a complete invoice that replaces a ticket (F3). */
  readonly replacesTicket: boolean;
  /** Set on a corrective invoice: the type of the invoice it corrects and the legal ground (1-4). */
  readonly rectifies?: { readonly simplified: boolean; readonly ground: 1 | 2 | 3 | 4 };
  readonly totalCents: number;
}

/** Why a document cannot be recorded as it is. */
export type FiscalTypeRefusal = 'simplified_over_limit';

/**
 * The record type of a document: F2 for a ticket (up to 3,000 EUR in hospitality, RD 1619/2012 art. 4;
 * above it an F1 is required), F1 for a complete invoice, F3 for one that replaces a ticket, R1-R4 for
 * corrections of complete invoices by legal ground and R5 for corrections of simplified ones.
 */
export function fiscalInvoiceType(document: FiscalDocument): FiscalInvoiceType | FiscalTypeRefusal {
  if (document.billType === 1)
    return document.totalCents > SIMPLIFIED_INVOICE_LIMIT_CENTS ? 'simplified_over_limit' : 'F2';
  if (document.billType === 2) return document.replacesTicket ? 'F3' : 'F1';
  const rectifies = document.rectifies;
  if (!rectifies) throw new RangeError('A corrective invoice names the invoice it corrects');
  return rectifies.simplified ? 'R5' : (`R${rectifies.ground}` as FiscalInvoiceType);
}
