import { z } from 'zod';
import { billViewSchema } from './billing.contract.ts';
import { clientDataSchema } from './payments.contract.ts';
import { okSchema } from './envelope.ts';

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
