import { z } from 'zod';
import { MAX_SPLIT_PARTS } from '@sobremesa/domain';
import {
  amountCentsSchema,
  billViewSchema,
  paymentInfoSchema,
  paymentViewSchema,
  promotionViewSchema,
  tipViewSchema,
  voucherRedemptionViewSchema,
} from './billing.contract.ts';
import { okSchema } from './envelope.ts';
import { paymentMethodSchema } from './orders.contract.ts';
import { reservationRefSchema } from './reservations.contract.ts';
import { freeTextSchema } from './wire-input.ts';

/**
 * Wire contracts of taking payment on an account (spec §7 "Payments and bills", "Promotions"; issue 9,
 * decision 012): from the bill request to paid, and what changes the amount around the bill (tips,
 * vouchers, promotions). Views and amounts are in billing.contract.ts.
 */

const roleId = z.number().int().positive().optional();
const id = z.number().int().positive();

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
