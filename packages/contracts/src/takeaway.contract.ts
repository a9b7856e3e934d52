import { z } from 'zod';
import { LOCALES, TAKEAWAY_STATUSES } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';
import { roleIdSchema } from './floor.contract.ts';
import { cartLineSchema } from './orders.contract.ts';
import {
  capabilitySchema,
  isoDateSchema,
  offsetDateTimeSchema,
  timeOfDaySchema,
} from './reservations.contract.ts';
import { phoneSchema } from './wire-input.ts';

/**
 * Takeaway and delivery (issue 27, decision 036). A guest orders without an account: the order's
 * status link (`statusToken`, a capability) is what lets them follow it; staff list the day's orders
 * with the spec's `account/gettakeaway {date}`.
 */

export const takeawayModeSchema = z.enum(['pickup', 'delivery']);
export type TakeawayMode = z.infer<typeof takeawayModeSchema>;

export const takeawayStatusSchema = z.enum(TAKEAWAY_STATUSES);

export const takeawayPaymentMethodSchema = z.enum(['at_pickup', 'online']);
export type TakeawayPaymentMethod = z.infer<typeof takeawayPaymentMethodSchema>;

/** How an order is paid; `state` only for online payment (pending while the guest is at the provider). */
export const takeawayPaymentViewSchema = z.object({
  method: takeawayPaymentMethodSchema,
  state: z.enum(['pending', 'paid', 'failed', 'refunded']).nullable(),
});

/** A position in degrees, as the guest's phone shares it (on a button, never required). */
export const geoPointSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** A delivery zone as the guest form shows it: postal codes, or a radius around the venue (metres). */
export const takeawayZoneViewSchema = z.object({
  name: z.string(),
  postalCodes: z.array(z.string()),
  radiusMeters: z.number().int().nullable(),
  feeCents: z.number().int(),
  minimumCents: z.number().int(),
});

/** POST /world/api/takeaway/config: what the guest form needs before anything is chosen. */
export const takeawayConfigResponseSchema = okSchema({
  modes: z.array(takeawayModeSchema),
  /** Online orders are paused until then (an instant with its offset), or null. */
  pausedUntil: offsetDateTimeSchema.nullable(),
  firstDate: isoDateSchema,
  lastDate: isoDateSchema,
  disabledWeekdays: z.array(z.number().int()),
  timeZone: z.string(),
  zones: z.array(takeawayZoneViewSchema),
  /** Where radius zones are measured from; null when the venue has not set it (no radius zone works). */
  deliveryOrigin: geoPointSchema.nullable(),
  /** The venue takes card payment online for pickup orders (on its provider's page, decision 039). */
  onlinePayment: z.boolean(),
});
export type TakeawayConfig = z.infer<typeof takeawayConfigResponseSchema>;

/** POST /world/api/takeaway/slots {date}: the pickup times of a date with the places each has left. */
export const takeawaySlotsRequestSchema = z.strictObject({ date: isoDateSchema });
export const takeawaySlotViewSchema = z.object({
  time: z.string(),
  startDateTime: offsetDateTimeSchema,
  left: z.number().int(),
});
export const takeawaySlotsResponseSchema = okSchema({
  date: isoDateSchema,
  timeSlots: z.array(takeawaySlotViewSchema),
});
export type TakeawaySlotView = z.infer<typeof takeawaySlotViewSchema>;

/**
 * POST /world/api/takeaway/order: one order, priced by the server (client prices ignored). Needs an
 * `Idempotency-Key`: a double tap or a retry is one order.
 */
export const createTakeawayOrderRequestSchema = z
  .strictObject({
    mode: takeawayModeSchema,
    date: isoDateSchema,
    time: timeOfDaySchema,
    name: z.string().trim().min(1).max(120),
    phone: phoneSchema,
    email: z.string().trim().max(254),
    address: z.string().trim().min(3).max(300).optional(),
    postalCode: z.string().trim().min(3).max(12).optional(),
    /** The guest's shared position: finds a radius zone when the postal code is in none. */
    location: geoPointSchema.optional(),
    notes: z.string().trim().max(1000).optional(),
    locale: z.enum(LOCALES).optional(),
    products: z.array(cartLineSchema).min(1).max(100),
    /** Pay at the counter (the default) or by card now on the venue's payment page. */
    payment: takeawayPaymentMethodSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.mode !== 'delivery') return;
    if (value.address === undefined)
      context.addIssue({ code: 'custom', path: ['address'], message: 'Required for delivery' });
    if (value.postalCode === undefined)
      context.addIssue({ code: 'custom', path: ['postalCode'], message: 'Required for delivery' });
  });
export type CreateTakeawayOrderRequest = z.infer<typeof createTakeawayOrderRequestSchema>;

/** A line of a takeaway order as the guest and staff see it. */
export const takeawayLineSchema = z.object({
  name: z.string(),
  units: z.number().int(),
  totalCents: z.number().int(),
});

/** A takeaway order as its guest sees it. */
export const takeawayOrderViewSchema = z.object({
  number: z.number().int(),
  mode: takeawayModeSchema,
  status: takeawayStatusSchema,
  pickupDateTime: offsetDateTimeSchema,
  name: z.string(),
  itemsCents: z.number().int(),
  deliveryFeeCents: z.number().int(),
  totalCents: z.number().int(),
  refusalReason: z.string().nullable(),
  lines: z.array(takeawayLineSchema),
  /**
   * Names this order on the live stream (`GET /world/api/takeaway/events?key=`): derived from the stored
   * hash of the status link, so it can sit in a URL without letting anyone read or move the order.
   */
  liveKey: z.string(),
  payment: takeawayPaymentViewSchema,
});
export type TakeawayOrderView = z.infer<typeof takeawayOrderViewSchema>;

export const createTakeawayOrderResponseSchema = okSchema({
  order: takeawayOrderViewSchema,
  /** The guest's capability for the status page; shown once, never stored by the server. */
  statusToken: z.string(),
  /**
   * For online payment: the form the browser posts to the provider's payment page (its URL and signed
   * fields; no card data ever passes through Sobremesa). Null when paying at pickup.
   */
  paymentForm: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }).nullable(),
});

/** POST /world/api/takeaway/status {statusToken}: the guest's own order. */
export const takeawayStatusRequestSchema = z.strictObject({ statusToken: capabilitySchema });
export const takeawayStatusResponseSchema = okSchema({ order: takeawayOrderViewSchema });

/** GET /world/api/takeaway/events?key=: the live stream of one order (its `liveKey`). */
export const takeawayEventsQuerySchema = z.strictObject({ key: z.string().regex(/^[0-9a-f]{32}$/) });

/** POST /world/account/gettakeaway {date}: the day's takeaway and delivery orders by pickup time. */
export const getTakeawayRequestSchema = z.strictObject({ date: isoDateSchema });
/** A line as staff read it to pack the bag: the options (or menú courses) chosen and the guest's note. */
export const staffTakeawayLineSchema = takeawayLineSchema.extend({
  options: z.array(z.string()),
  comment: z.string().nullable(),
});
export const staffTakeawayOrderSchema = takeawayOrderViewSchema.extend({
  id: z.number().int(),
  reservationId: z.number().int(),
  wid: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  notes: z.string().nullable(),
  lines: z.array(staffTakeawayLineSchema),
  /** What the account's payments (not voided) cover: online or at the counter. */
  paidCents: z.number().int(),
  /** Nothing left to pay: the counter only hands the bag over. */
  paid: z.boolean(),
  /** The account's simplified invoice (or invoice) is issued. */
  billIssued: z.boolean(),
});
export type StaffTakeawayOrder = z.infer<typeof staffTakeawayOrderSchema>;

/** Whether the guest form takes orders: paused until an instant, or until staff resume it. */
export const takeawayPauseSchema = z.object({
  pausedUntil: offsetDateTimeSchema.nullable(),
  /** Paused with no end: only "Reanudar" lifts it. */
  untilResumed: z.boolean(),
});
export type TakeawayPause = z.infer<typeof takeawayPauseSchema>;

export const getTakeawayResponseSchema = okSchema({
  accounts: z.array(staffTakeawayOrderSchema),
  pause: takeawayPauseSchema,
});
export type GetTakeawayResponse = z.infer<typeof getTakeawayResponseSchema>;

/** The pauses the copilot offers, in minutes, or until staff resume. */
export const TAKEAWAY_PAUSES = [15, 30, 60, 'untilResumed'] as const;

/** POST /world/api/takeaway/pause: online orders stop for a while (decision 043). */
export const pauseTakeawayRequestSchema = z.strictObject({
  pause: z.union([z.literal(15), z.literal(30), z.literal(60), z.literal('untilResumed')]),
  roleId: roleIdSchema.optional(),
});
/** POST /world/api/takeaway/resume: online orders are taken again at once. */
export const resumeTakeawayRequestSchema = z.strictObject({ roleId: roleIdSchema.optional() });
export const takeawayPauseResponseSchema = okSchema({ pause: takeawayPauseSchema });

/** POST /world/api/takeaway/accept: staff take a received order; its lines go to the kitchen. */
export const acceptTakeawayRequestSchema = z.strictObject({
  takeawayOrderId: z.number().int().positive(),
  roleId: roleIdSchema.optional(),
});

/** POST /world/api/takeaway/refuse: staff refuse an order before the kitchen starts it, saying why. */
export const refuseTakeawayRequestSchema = z.strictObject({
  takeawayOrderId: z.number().int().positive(),
  reason: z.string().trim().min(1).max(300),
  roleId: roleIdSchema.optional(),
});

/** POST /world/api/takeaway/advance: preparing, ready, out for delivery, handed over. */
export const advanceTakeawayRequestSchema = z.strictObject({
  takeawayOrderId: z.number().int().positive(),
  status: z.enum(['preparing', 'ready', 'out_for_delivery', 'delivered']),
});
export const staffTakeawayReplySchema = okSchema({ account: staffTakeawayOrderSchema });
