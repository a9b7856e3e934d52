import { z } from 'zod';
import { fiscalSubmissionStateSchema } from './fiscal.contract.ts';
import { MAX_SPLIT_PARTS } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';
import { paymentMethodSchema } from './orders.contract.ts';
import { reservationRefSchema } from './reservations.contract.ts';
import { freeTextSchema } from './wire-input.ts';

/**
 * Wire contracts of bills, payments, tips, vouchers and promotions (spec §7 "Payments and bills",
 * "Promotions"; issue 9, decision 012). Money is integer cents everywhere (REL-04): no float crosses the
 * API. Every staff call accepts `roleId`, the caller's selected copilot role (one of their own; otherwise
 * their preselected role), which decides what they may do (SEC-02). Payments, tips and bill closing
 * accept an `Idempotency-Key` header: a retry with the same key and body replays the first reply (REL-03).
 */

const roleId = z.number().int().positive().optional();
const id = z.number().int().positive();
/** An amount of money: integer cents, positive, at most 1,000,000 EUR (a typo guard). */
export const amountCentsSchema = z.number().int().positive().max(100_000_000);

// ---------------------------------------------------------------------------------------------------
// Views

/** One line of an account as the bill shows it (VAT included), with whether it was paid on its own. */
export const billableLineSchema = z.object({
  productOrderId: z.number().int(),
  name: z.string(),
  units: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  vatRateBp: z.number().int(),
  /** Paid by items (a payment that named this line, or mark-as-paid). */
  paid: z.boolean(),
});

/** Base, VAT and total of one VAT rate. */
export const taxLineSchema = z.object({
  vatRateBp: z.number().int(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
});

export const paymentViewSchema = z.object({
  id: z.number().int(),
  reservationId: z.number().int(),
  billId: z.number().int().nullable(),
  amountCents: z.number().int(),
  method: paymentMethodSchema,
  tenderedCents: z.number().int().nullable(),
  changeCents: z.number().int().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdDateTime: z.string(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const tipViewSchema = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  method: paymentMethodSchema,
  paymentId: z.number().int().nullable(),
  billId: z.number().int().nullable(),
});

export const promotionViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['amount', 'percent']),
  amountCents: z.number().int().nullable(),
  percentBp: z.number().int().nullable(),
  description: z.string(),
});

export const voucherRedemptionViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  amountCents: z.number().int(),
});

/**
 * A bill: type 0 the bill the guest checks (no number), 1 the simplified invoice issued at payment, 2 the
 * nominative (complete) invoice that replaces a ticket. `number` is the printed series and number.
 */
export const billViewSchema = z.object({
  id: z.number().int(),
  reservationId: z.number().int(),
  type: z.number().int(),
  series: z.string().nullable(),
  number: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  issuedDateTime: z.string().nullable(),
  paidDateTime: z.string().nullable(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  discountCents: z.number().int(),
  lines: z.array(
    z.object({
      /** The bill line's own id: a corrective invoice names the lines it takes units off. */
      id: z.number().int(),
      productOrderId: z.number().int().nullable(),
      description: z.string(),
      units: z.number().int(),
      unitPriceCents: z.number().int(),
      vatRateBp: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  taxLines: z.array(taxLineSchema),
  clientFiscalInfo: z.record(z.string(), z.unknown()).nullable(),
  replacesBillId: z.number().int().nullable(),
  /** A corrective invoice (type 3): the invoice it corrects. */
  rectifiesBillId: z.number().int().nullable(),
  /** Tips received with it: outside its total (FIS-06). */
  tipCents: z.number().int(),
  /** Its VERI*FACTU record: the AEAT type, where it is on its way to the agency, and whether it was cancelled. */
  fiscal: z
    .object({ type: z.string(), submission: fiscalSubmissionStateSchema, cancelled: z.boolean() })
    .nullable(),
});
export type BillView = z.infer<typeof billViewSchema>;

/**
 * What an account owes (the spec's paymentInfo): its lines, discounts, base and VAT per rate, what was
 * paid, what is pending, and its bills. `total` is what is owed (lines less discounts); tips are apart.
 */
export const paymentInfoSchema = z.object({
  reservationId: z.number().int(),
  wid: z.string(),
  status: z.number().int(),
  requestedPaymentMethod: z.string().nullable(),
  lines: z.array(billableLineSchema),
  grossCents: z.number().int(),
  discountCents: z.number().int(),
  total: z.number().int(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  taxLines: z.array(taxLineSchema),
  paid: z.number().int(),
  pending: z.number().int(),
  tipCents: z.number().int(),
  payments: z.array(paymentViewSchema),
  tips: z.array(tipViewSchema),
  promotions: z.array(promotionViewSchema),
  vouchers: z.array(voucherRedemptionViewSchema),
  bills: z.array(billViewSchema),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

// ---------------------------------------------------------------------------------------------------
// From bill request to paid

/**
 * POST /world/api/reservation/request-ticket {reservationWid, paymentMethod, uid, roleId}: staff send an
 * open account to payment (status 7, "for payment") with the method the guests asked for. `uid` is the
 * staff user's id as the copilot sends it; it is not trusted (the bearer token says who acts).
 */
export const requestTicketRequestSchema = z.strictObject({
  reservationWid: reservationRefSchema,
  paymentMethod: paymentMethodSchema,
  uid: z.union([z.string().max(128), z.number().int()]).optional(),
  roleId,
});
export const requestTicketResponseSchema = okSchema({ paymentInfo: paymentInfoSchema });

/** POST /world/api/reservation/payment-info {reservationId}: what the account owes now. */
export const paymentInfoRequestSchema = z.strictObject({ reservationId: reservationRefSchema, roleId });
export const paymentInfoResponseSchema = okSchema({ paymentInfo: paymentInfoSchema });

/**
 * How to split what is still owed: in `parts` equal parts, or by items (each unpaid line to a part;
 * lines left out stay in no part). Splits are worked out on what is pending, so a half-paid bill splits
 * what is left; parts always add up (largest remainder).
 */
export const splitRequestSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('equal'), parts: z.number().int().min(2).max(MAX_SPLIT_PARTS) }),
  z.strictObject({
    mode: z.literal('items'),
    parts: z.number().int().min(1).max(MAX_SPLIT_PARTS),
    assignments: z
      .array(z.strictObject({ productOrderId: id, part: z.number().int().min(0) }))
      .min(1)
      .max(500),
  }),
]);
export type SplitRequest = z.infer<typeof splitRequestSchema>;

export const splitPartSchema = z.object({
  part: z.number().int(),
  amountCents: z.number().int(),
  /** By items: the lines to name in `payment/create` to pay this part. */
  productOrderIds: z.array(z.number().int()),
});

/**
 * POST /world/api/reservation/bill-payment-info {reservationId, split?}: the bill the guest checks
 * (type 0, made or refreshed now) with what is owed, and the parts of a split when asked.
 */
export const billPaymentInfoRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  split: splitRequestSchema.optional(),
  roleId,
});
export const billPaymentInfoResponseSchema = okSchema({
  bill: billViewSchema,
  paymentInfo: paymentInfoSchema,
  split: z.object({ mode: z.enum(['equal', 'items']), parts: z.array(splitPartSchema) }).nullable(),
});

/** Card details a payment may keep (PCI-01): brand, last 4 digits, authorisation code, terminal reference. */
export const cardDetailsSchema = z.strictObject({
  brand: z
    .string()
    .max(30)
    .regex(/^[^0-9]*$/)
    .optional(),
  last4: z
    .string()
    .regex(/^[0-9]{4}$/)
    .optional(),
  // Long digit runs could be a card number: refused here as the database refuses them (PCI-01).
  authCode: z
    .string()
    .max(12)
    .regex(/^[A-Za-z0-9]*$/)
    .refine((value) => !/[0-9]{7,}/.test(value), { message: 'Not a card number' })
    .optional(),
  terminalReference: freeTextSchema.max(40).optional(),
});

/**
 * POST /world/api/payment/create: one payment towards an account, by cash, card or other.
 * - `amountCents`: what this payment pays (a part of an equal split, or any amount);
 * - or `productOrderIds`: pay these unpaid lines (a part of a split by items): the server works out
 *   their share of what is owed and marks them paid, as `productorder/mark-as-paid` does (that call,
 *   of the kitchen module, marks lines settled without taking money). Not both.
 * - `tenderedCents` (cash): what the guest handed over, the change is given back;
 * - `tipCents`: a tip given with it, outside the VAT base (FIS-06). With cash, the tip comes out of
 *   what was handed over before the change.
 * The sum of payments never exceeds what is owed (409), even from two tablets at once (REL-02).
 */
export const createPaymentRequestSchema = z
  .strictObject({
    reservationId: reservationRefSchema,
    method: paymentMethodSchema,
    amountCents: amountCentsSchema.optional(),
    productOrderIds: z.array(id).min(1).max(500).optional(),
    tenderedCents: amountCentsSchema.optional(),
    tipCents: amountCentsSchema.optional(),
    card: cardDetailsSchema.optional(),
    roleId,
  })
  .refine((value) => (value.amountCents === undefined) !== (value.productOrderIds === undefined), {
    message: 'Give either amountCents or productOrderIds',
    path: ['amountCents'],
  })
  .refine((value) => value.method === 'cash' || value.tenderedCents === undefined, {
    message: 'Only cash is tendered',
    path: ['tenderedCents'],
  })
  .refine((value) => value.method === 'card' || value.card === undefined, {
    message: 'Only for card payments',
    path: ['card'],
  });
export type CreatePaymentRequest = z.infer<typeof createPaymentRequestSchema>;
export const createPaymentResponseSchema = okSchema({
  payment: paymentViewSchema,
  changeCents: z.number().int(),
  tip: tipViewSchema.nullable(),
  paymentInfo: paymentInfoSchema,
});

/**
 * POST /world/api/payment/update-method: with `paymentId`, corrects how a payment was made (cash, card,
 * other) before the account is paid; without it, changes the method the account is to be paid with.
 */
export const updatePaymentMethodRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  paymentMethod: paymentMethodSchema,
  paymentId: id.optional(),
  roleId,
});
export const updatePaymentMethodResponseSchema = okSchema({ paymentInfo: paymentInfoSchema });

/**
 * POST /world/api/payment/void: takes back a payment made in error (the wrong table, the wrong amount)
 * while it is on no issued invoice; the tip given with it goes too, and lines it paid by items are unpaid
 * again. Kept and audited with the reason, never deleted. Not in the spec (decision 012).
 */
export const voidPaymentRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  paymentId: id,
  reason: z.string().trim().min(1).max(200),
  roleId,
});
export type VoidPaymentRequest = z.infer<typeof voidPaymentRequestSchema>;
export const voidPaymentResponseSchema = okSchema({ paymentInfo: paymentInfoSchema });

/** Client fiscal data of a nominative invoice (spec clientData). */
export const clientDataSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  taxId: z
    .string()
    .trim()
    .min(3)
    .max(20)
    .regex(/^[A-Za-z0-9-]+$/),
  address: z.string().trim().max(300).default(''),
  postalCode: z.string().trim().max(12).default(''),
  city: z.string().trim().max(100).default(''),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('ES'),
  email: z.email().max(254).optional(),
});
export type ClientData = z.infer<typeof clientDataSchema>;

/**
 * POST /world/api/reservation/paid-reservation {reservationId}: the account is paid. The invoice is issued
 * in this transaction (a simplified invoice, or a complete one when `clientData` is given, which a bill
 * over 3,000 EUR needs) with the next number of its series, and the account is finished. With
 * `paymentMethod` what is still pending is taken first as one payment (the fast-paid overlays).
 */
export const paidReservationRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  paymentMethod: paymentMethodSchema.optional(),
  tenderedCents: amountCentsSchema.optional(),
  clientData: clientDataSchema.optional(),
  roleId,
});
export const paidReservationResponseSchema = okSchema({
  bill: billViewSchema,
  changeCents: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------
// Around the bill

/** POST /world/api/tip/create {reservationId, tipInfo}: a tip on an account, outside the VAT base. */
export const createTipRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  tipInfo: z.strictObject({
    amountCents: amountCentsSchema,
    method: paymentMethodSchema,
    paymentId: id.optional(),
  }),
  roleId,
});
/** Success carries the spec's 'Se ha agregado correctamente la propina' in `message`. */
export const createTipResponseSchema = okSchema({ message: z.string(), tip: tipViewSchema });

/** POST /world/api/voucher-set {reservationId, code}: redeems a voucher on an account. */
export const voucherSetRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  code: z.string().trim().min(1).max(64),
  roleId,
});
export const voucherSetResponseSchema = okSchema({
  voucherSet: voucherRedemptionViewSchema,
  paymentInfo: paymentInfoSchema,
});

/**
 * What the front end stores as a failed voucher set (spec §8): the reply's message, or 'Unknown error'
 * when there is none (a network failure, a body that is not ours).
 */
export function voucherSetError(reply: unknown): string {
  if (reply && typeof reply === 'object' && 'message' in reply) {
    const message = (reply as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return 'Unknown error';
}

/**
 * POST /world/api/reservation-promotions/assign-to-reservation {wid, value}: a promotion on an account,
 * `value` per cent off (0.01 to 100, two decimals at most).
 */
export const assignPromotionRequestSchema = z.strictObject({
  wid: reservationRefSchema,
  value: z
    .number()
    .positive()
    .max(100)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: 'At most two decimals',
    }),
  description: z.string().trim().max(120).optional(),
  roleId,
});
export const assignPromotionResponseSchema = okSchema({
  promotion: promotionViewSchema,
  paymentInfo: paymentInfoSchema,
});

/** POST /world/api/reservation-promotions/delete {promotionId}. */
export const deletePromotionRequestSchema = z.strictObject({ promotionId: id, roleId });
export const deletePromotionResponseSchema = okSchema({ paymentInfo: paymentInfoSchema });

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

// ---------------------------------------------------------------------------------------------------
// Realtime

/**
 * Staff WebSocket topics of billing (all under `reservation.`, so screens that refetch on any
 * `reservation.*` event stay right): `reservation.bill_requested` (request-ticket),
 * `reservation.payment_method`, `reservation.payment` (a payment taken or corrected),
 * `reservation.payment_voided`,
 * `reservation.tip`, `reservation.discount` (promotion or voucher), `reservation.paid` (invoice issued,
 * account finished) and `reservation.invoice` (a nominative invoice replaced a ticket).
 */
export const BILLING_EVENT_TOPICS = [
  'reservation.bill_requested',
  'reservation.payment_method',
  'reservation.payment',
  'reservation.payment_voided',
  'reservation.tip',
  'reservation.discount',
  'reservation.paid',
  'reservation.invoice',
] as const;

/** The payload of the billing topics (amounts in cents); a topic adds its own ids. */
export const billingEventPayloadSchema = z.object({
  reservationId: z.number().int(),
  wid: z.string().optional(),
  status: z.number().int().optional(),
  totalCents: z.number().int().optional(),
  paidCents: z.number().int().optional(),
  pendingCents: z.number().int().optional(),
  paymentMethod: paymentMethodSchema.optional(),
  paymentId: z.number().int().optional(),
  amountCents: z.number().int().optional(),
  tipCents: z.number().int().optional(),
  billId: z.number().int().optional(),
  invoiceNumber: z.string().nullable().optional(),
  /** A guest's phone asks for the bill too (`reservation.bill_requested`); staff events name the user. */
  by: z.enum(['staff', 'guest']),
  userId: z.number().int().optional(),
  roleId: z.number().int().nullable().optional(),
});
export type BillingEventPayload = z.infer<typeof billingEventPayloadSchema>;

/**
 * POST /world/api/cash-drawer/ticket {roleId}: a ticket to open the cash drawer once (SEC-11, decision 023),
 * for TPV, 1 en Sala and admin, audited. The print helper checks its Ed25519 signature with the venue's
 * public key pinned in its download, its expiry and that it was not used before.
 */
export const cashDrawerTicketRequestSchema = z.strictObject({ roleId });
export const cashDrawerTicketResponseSchema = okSchema({ ticket: z.string(), expiresAt: z.string() });
