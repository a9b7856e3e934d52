import { z } from 'zod';
import { billViewSchema } from './billing.contract.ts';
import { clientDataSchema } from './payments.contract.ts';
import { okSchema } from './envelope.ts';
import { isoDateSchema } from './reservations.contract.ts';

/**
 * Wire contracts of invoices (spec §7 "Payments and bills"; decision 057): nominative and corrective
 * invoices, the client fiscal data behind them, the bill as a PDF and its print information.
 */

const roleId = z.number().int().positive().optional();
const id = z.number().int().positive();

// ---------------------------------------------------------------------------------------------------
// Invoices, PDF and printing

/**
 * POST /world/api/bill/create-nominative-invoice {billId, clientData}: a complete invoice with the
 * client's fiscal data replacing an issued simplified invoice (F3), in its own series.
 */
export const createNominativeInvoiceRequestSchema = z.strictObject({
  billId: id,
  clientData: clientDataSchema,
  roleId,
});
export const createNominativeInvoiceResponseSchema = okSchema({ bill: billViewSchema });

const correctionReason = z
  .string({ message: 'Escribe el motivo' })
  .trim()
  .min(3, 'Escribe el motivo')
  .max(200, 'Como mucho 200 caracteres');

/**
 * POST /world/api/bill/create-corrective-invoice (decision 057): units taken off an issued invoice's lines,
 * as a corrective invoice by differences (R5 for a ticket; R1-R4 by `ground` for a complete invoice).
 */
export const createCorrectiveInvoiceRequestSchema = z.strictObject({
  billId: id,
  lines: z
    .array(z.strictObject({ billLineId: id, units: z.number().int().min(1).max(999) }), {
      message: 'Elige qué se corrige',
    })
    .min(1, 'Elige qué se corrige')
    .max(200),
  /** The legal ground of a correction of a complete invoice (art. 80 LIVA): 1-3 its sections, 4 any other. */
  ground: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(1),
  reason: correctionReason,
  roleId,
});
export type CreateCorrectiveInvoiceRequest = z.output<typeof createCorrectiveInvoiceRequestSchema>;

/** POST /world/api/bill/cancel-invoice: an invoice issued in error, cancelled in VERI*FACTU (FIS-05). */
export const cancelInvoiceRequestSchema = z.strictObject({ billId: id, reason: correctionReason, roleId });
export const correctiveInvoiceResponseSchema = okSchema({ bill: billViewSchema });

/**
 * POST /world/api/bill/reissue-invoice {billId}: a cancelled ticket's account invoiced again, as a new
 * ticket (its reply's `bill`) when the account has no other standing invoice.
 */
export const reissueInvoiceRequestSchema = z.strictObject({ billId: id, roleId });

/**
 * A printed invoice number as a cashier types it: `T-000042`, `t-42`, `T000042`, or the number alone
 * (any series). Groups: the series (may be empty) and the number.
 */
export const INVOICE_NUMBER_PATTERN = /^([A-Za-z0-9/_-]{0,20}?)-?(\d{1,12})$/;

/**
 * GET /world/api/bill/invoices?date=YYYY-MM-DD[&number=T-000042] (decision 057): the invoices issued on a
 * service day (06:00 to 06:00), newest first; with `number`, the invoices of that printed number whatever
 * their day.
 */
export const issuedInvoicesQuerySchema = z.strictObject({
  date: isoDateSchema,
  number: z
    .string()
    .trim()
    .max(40, 'Escribe un número de factura, como T-000042')
    .refine(
      (typed) => typed === '' || INVOICE_NUMBER_PATTERN.test(typed),
      'Escribe un número de factura, como T-000042',
    )
    .default(''),
  roleId: z.coerce.number().int().positive().optional(),
});

/**
 * An issued invoice as the TPV's list shows it: the bill, its table, what it corrects or replaces, what
 * stands against it (its corrective invoices, the nominative invoice replacing a ticket), the units a
 * correction may still take off each line, whether it may still be corrected or cancelled, or (cancelled) issued again. The writes
 * check all of it again.
 */
export const issuedInvoiceSchema = z.object({
  bill: billViewSchema,
  table: z.string().nullable(),
  /** The printed number of the invoice a corrective one corrects, or a nominative one replaces. */
  corrects: z.string().nullable(),
  replaces: z.string().nullable(),
  /** The standing (not cancelled) nominative invoice that replaced this ticket. */
  replacedBy: z.string().nullable(),
  /** Its standing corrective invoices, oldest first. */
  corrections: z.array(
    z.object({ billId: z.number().int(), invoiceNumber: z.string(), totalCents: z.number().int() }),
  ),
  unitsLeft: z.array(z.object({ billLineId: z.number().int(), units: z.number().int() })),
  correctable: z.boolean(),
  cancellable: z.boolean(),
  /** A cancelled ticket whose account has no standing invoice: its ticket may be issued again. */
  reissuable: z.boolean(),
  /** The ticket issued again in place of this cancelled one, while it stands. */
  reissuedAs: z.string().nullable(),
});
export type IssuedInvoice = z.infer<typeof issuedInvoiceSchema>;
export const issuedInvoicesResponseSchema = okSchema({ invoices: z.array(issuedInvoiceSchema) });

/** GET /world/api/bill-client-fiscal-infos?page&q: clients by name or tax id, 20 a page, page from 1. */
export const billClientFiscalInfosQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  q: z.string().trim().max(100).default(''),
});
export const clientFiscalInfoViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string().nullable(),
});
export const billClientFiscalInfosResponseSchema = okSchema({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  items: z.array(clientFiscalInfoViewSchema),
});

/** POST /world/api/bill/view-bill-pdf {billId}: the bill as a PDF document (application/pdf). */
export const viewBillPdfRequestSchema = z.strictObject({ billId: id, roleId });

/**
 * POST /world/api/bill/print-info {billId, width?}: the ticket as the receipt printer prints it
 * (`escPosText`, laid out in 42 or 48 columns; the print helper adds the printer commands and the cut).
 * Printing needs a bill with an id (spec §5).
 */
export const printInfoRequestSchema = z.strictObject({
  billId: id,
  width: z.union([z.literal(42), z.literal(48)]).default(48),
  roleId,
});
export const printInfoResponseSchema = okSchema({
  billId: z.number().int(),
  width: z.number().int(),
  escPosText: z.string(),
  /** The invoice's VERI*FACTU QR (FIS-04): the print helper prints it with the printer's own QR command. */
  qrUrl: z.string().nullable(),
  /**
   * The guest review page (`/opinion?t=…`) of a paid bill and the line printed above it, in the venue's
   * language; the print helper prints it smaller, after the fiscal QR. Null on a pre-bill.
   */
  reviewQr: z.object({ url: z.string(), caption: z.string() }).nullable(),
  printEnabled: z.boolean(),
  /**
   * The takeaway or delivery order the bill is for (issue 27): the counter's ticket starts with its
   * number printed big, to call the guest by it. Null on a table's bill.
   */
  takeaway: z.object({ number: z.number().int(), mode: z.enum(['pickup', 'delivery']) }).nullable(),
});
