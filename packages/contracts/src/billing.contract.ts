import { z } from 'zod';
import { fiscalSubmissionStateSchema } from './fiscal.contract.ts';
import { okSchema } from './envelope.ts';
import { paymentMethodSchema } from './orders.contract.ts';

/**
 * Wire contracts of bills, payments, tips, vouchers and promotions (spec §7 "Payments and bills",
 * "Promotions"; issue 9, decision 012). Money is integer cents everywhere (REL-04): no float crosses the
 * API. Every staff call accepts `roleId`, the caller's selected copilot role (one of their own; otherwise
 * their preselected role), which decides what they may do (SEC-02). Payments, tips and bill closing
 * accept an `Idempotency-Key` header: a retry with the same key and body replays the first reply (REL-03).
 */

const roleId = z.number().int().positive().optional();
/**
 * A negative number where only zero or more makes sense (a count, an amount), refused at its field in the
 * spec's own words (§5), never taken as zero. The server words it in the caller's language (decision 064).
 */
export const NEGATIVE_NUMBER_MESSAGE = 'Los números negativos no son válidos.';
/** An amount of zero where some money must move (a tip, a payment, a cash movement). */
export const ZERO_AMOUNT_MESSAGE = 'El importe tiene que ser mayor que cero.';
/** An amount of money: integer cents, positive, at most 1,000,000 EUR (a typo guard). */
export const amountCentsSchema = z
  .number()
  .int()
  .min(0, { message: NEGATIVE_NUMBER_MESSAGE, abort: true })
  .positive(ZERO_AMOUNT_MESSAGE)
  .max(100_000_000);

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
  /** A corrective invoice (type 3): the invoice it corrects, and why (printed on it; decision 057). */
  rectifiesBillId: z.number().int().nullable(),
  correctionReason: z.string().nullable(),
  /** Tips received with it: outside its total (FIS-06). */
  tipCents: z.number().int(),
  /**
   * Its VERI*FACTU record: the AEAT type, where it is on its way to the agency, and whether, when (the
   * venue's local time) and why it was cancelled (the reason is ours: never sent to the agency).
   */
  fiscal: z
    .object({
      type: z.string(),
      submission: fiscalSubmissionStateSchema,
      cancelled: z.boolean(),
      cancelledDateTime: z.string().nullable(),
      cancellationReason: z.string().nullable(),
    })
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
