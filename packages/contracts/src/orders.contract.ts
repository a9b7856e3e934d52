import { z } from 'zod';
import { GUEST_LINE_STATES, LOCALES, type GuestLineState } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';
import { roleIdSchema } from './floor.contract.ts';
import { registerUserResponseSchema } from './guests.contract.ts';
import { capabilitySchema, reservationRefSchema } from './reservations.contract.ts';

/**
 * Sending an order (spec §7 "cartsession", §3 "Cart order payload", decision 009). The server prices
 * every line from its own catalogue: client prices are accepted on the wire only to be ignored (SEC-10).
 * A guest sends their capability `uid`; staff (the commander) send their token and `roleId`.
 * An `Idempotency-Key` header makes a double tap or a retry one order (REL-03).
 */

const ignoredMoney = z.number().finite().optional();

export const cartOptionSchema = z.strictObject({
  optionTypeId: z.number().int().positive(),
  productChoiceId: z.number().int().positive(),
});

/**
 * A course choice of a menú del día line. `options` are the chosen dish's own options (a beer's size, a
 * steak's side; decision 015): without the field the dish is taken plain, as before; with it (even empty)
 * they are checked like a line's, minimums included, and their modifiers are charged on the course line.
 */
export const menuChoiceSchema = z.strictObject({
  courseId: z.number().int().positive(),
  sku: z.string().min(1).max(64),
  options: z.array(cartOptionSchema).max(30).optional(),
});

export const cartLineSchema = z.strictObject({
  sku: z.string().min(1).max(64),
  options: z.array(cartOptionSchema).max(30).default([]),
  orderQuantity: z.number().int().min(1).max(99),
  /** Another course (dish class id) for the line, when the product allows it. */
  modifyDishClass: z.number().int().positive().nullable().optional(),
  isShareable: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  /** Pieces of a unitary product (servingQtyMin, then steps of unitaryIncrement). */
  units: z.number().int().min(1).max(999).optional(),
  comments: z.string().max(500).optional(),
  staffComments: z.string().max(500).optional(),
  menuChoices: z.array(menuChoiceSchema).max(20).optional(),
  /** Ignored: the server prices lines itself. */
  price: ignoredMoney,
  priceCents: ignoredMoney,
  unitPrice: ignoredMoney,
  total: ignoredMoney,
});
export type CartLineInput = z.infer<typeof cartLineSchema>;

export const orderInfoSchema = z.strictObject({
  name: z.string().max(200).optional(),
  welKey: z.string().max(200).nullable().optional(),
  userId: z
    .union([z.number().int(), z.string().max(64)])
    .nullable()
    .optional(),
  pax: z.number().int().min(0).max(1000).optional(),
  /** 2 is the guest menu; staff's commander sends 1. */
  source: z.number().int().min(0).max(9).default(2),
  clientMessage: z.string().max(1000).nullable().optional(),
  orderReservationName: z.string().max(200).optional(),
  reservationId: reservationRefSchema,
  av: z.number().int().optional(),
  /** Ignored. */
  total: ignoredMoney,
  totalPrice: ignoredMoney,
});

/** POST /world/api/cartsession/createcartsessionorder. */
export const createCartSessionOrderRequestSchema = z.strictObject({
  uid: capabilitySchema.optional(),
  roleId: roleIdSchema.optional(),
  orderInfo: orderInfoSchema,
  products: z.array(cartLineSchema).min(1).max(100),
});
export type CreateCartSessionOrderRequest = z.infer<typeof createCartSessionOrderRequestSchema>;

export const orderItemSchema = z.object({
  productOrderId: z.number().int(),
  parentId: z.number().int().nullable(),
  productSku: z.string(),
  name: z.string(),
  type: z.string(),
  units: z.number().int(),
  statusProductOrder: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  vatRateBp: z.number().int(),
  dishClass: z.number().int().nullable(),
  menuIncluded: z.boolean(),
  choices: z.array(
    z.object({
      optionTypeId: z.number().int(),
      optionId: z.number().int(),
      choiceName: z.string(),
      priceModifierCents: z.number().int(),
    }),
  ),
  comments: z.string().nullable(),
  staffComments: z.string().nullable(),
});

export const cartSessionOrderSchema = z.object({
  id: z.number().int(),
  reservationId: z.number().int(),
  /** 1 waiting for staff (cartStaffValidation), 2 sent to kitchen and bar. */
  cartSessionStatus: z.number().int(),
  source: z.number().int(),
  clientMessage: z.string().nullable(),
  createdDateTime: z.string(),
  totalCents: z.number().int(),
  items: z.array(orderItemSchema),
});
export type CartSessionOrder = z.infer<typeof cartSessionOrderSchema>;

export const createCartSessionOrderResponseSchema = z.union([
  okSchema({ cartSessionOrder: cartSessionOrderSchema }),
  /** Spec §4/§8: the reservation finished; the client shows 'La reserva ha finalizado' and empties the cart. */
  z.object({ result: z.literal(-2), code: z.literal('RESERVATION_FINISHED'), message: z.string() }),
]);

/**
 * POST /world/api/cartsession/waiting {reservationId, roleId}: a reservation's orders waiting for staff
 * validation (`cartStaffValidation`), oldest first, for the commander's "validate" list.
 */
export const waitingOrdersRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  roleId: roleIdSchema.optional(),
});

export const waitingOrdersResponseSchema = okSchema({ cartSessionOrders: z.array(cartSessionOrderSchema) });
export type WaitingOrdersResponse = z.infer<typeof waitingOrdersResponseSchema>;

/** POST /world/api/cartsession/processorder {cartSessionOrderId, roleId}: staff validate a waiting order. */
export const processOrderRequestSchema = z.strictObject({
  cartSessionOrderId: z.number().int().positive(),
  roleId: roleIdSchema.optional(),
});
export const processOrderResponseSchema = okSchema({ cartSessionOrder: cartSessionOrderSchema });

// ---------------------------------------------------------------------------------------------------
// Guest requests from the phone (spec §6 guest actions, §7 Users and Notifications): each reaches staff as
// a notification row and a realtime `notification.created` event. The guest is known by their `uid`.

/** How a guest wants to pay (spec paymentMethod; "Otro" is other). */
export const paymentMethodSchema = z.enum(['cash', 'card', 'other']);

/** POST /world/api/reservation/guest-ready-to-order {uid}: the table is ready to order. */
export const guestReadyToOrderRequestSchema = z.strictObject({
  uid: capabilitySchema,
  reservationId: reservationRefSchema.optional(),
});

/** POST /world/api/notification/call-staff {uid, message?}. */
export const callStaffRequestSchema = z.strictObject({
  uid: capabilitySchema,
  message: z.string().max(500).optional(),
});

/** POST /world/notification/new {uid, paymentMethod}: the guest asks for the bill (ticket request). */
export const ticketRequestRequestSchema = z.strictObject({
  uid: capabilitySchema,
  paymentMethod: paymentMethodSchema,
});

/** POST /world/api/user/updateallergens {uid, allergensId}: the allergens the guest declares (replaces). */
export const updateAllergensRequestSchema = z.strictObject({
  uid: capabilitySchema,
  allergensId: z.array(z.number().int().positive()).max(14),
});

/** POST /world/api/webcontact/sendcomment {uid, comment}. */
export const sendCommentRequestSchema = z.strictObject({
  uid: capabilitySchema,
  comment: z.string().trim().min(1).max(2000),
});

/** POST /world/api/user/update-guest-user-name {uid, userName}: the guest's own name (update-user-name is staff's). */
export const updateGuestUserNameRequestSchema = z.strictObject({
  uid: capabilitySchema,
  userName: z.string().max(120),
});

/**
 * POST /world/api/user/createguestusermenu: a guest joins the table's account through the table or
 * account QR (`hostCode`, a menu capability) and gets their own `uid`.
 */
export const createGuestUserMenuRequestSchema = z.strictObject({
  reservationWid: z.string().min(1).max(64),
  hostCode: capabilitySchema,
  name: z.string().max(120),
  locale: z.enum(LOCALES).optional(),
});
export const createGuestUserMenuResponseSchema = registerUserResponseSchema;

/** A staff notification as created here (spec §3 "Notification", "Ticket request notification"). */
export const createdNotificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  subtype: z.number().int(),
  status: z.number().int(),
  target: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  reservationId: z.number().int().nullable(),
  createdDateTime: z.string(),
});
export type CreatedNotification = z.infer<typeof createdNotificationSchema>;

/** The reply of guest-ready-to-order, call-staff, sendcomment and the guest form of notification/new. */
export const guestRequestResponseSchema = okSchema({ notification: createdNotificationSchema });
export type GuestRequestResponse = z.infer<typeof guestRequestResponseSchema>;

/** user/updateallergens: the allergens now declared, and the notification that tells staff. */
export const updateAllergensResponseSchema = okSchema({
  allergensId: z.array(z.number().int()),
  notification: createdNotificationSchema,
});

/** user/update-guest-user-name: the name now shown, and the notification that tells staff. */
export const updateGuestUserNameResponseSchema = okSchema({
  userName: z.string(),
  notification: createdNotificationSchema,
});

// ---------------------------------------------------------------------------------------------------
// The guest's "Ver pedido" (issue 18 item 6, decision 028): what the whole table ordered and how far each
// dish is, read with the guest's own capability (never ids from the body).

/** POST /world/api/cartsession/guest-order {uid}. */
export const guestOrderRequestSchema = z.strictObject({ uid: capabilitySchema });

/** A dish of the table as its guests see it: choices, price and its state in their words. */
export const guestOrderLineSchema = z.object({
  productOrderId: z.number().int(),
  /** The menú del día a course dish belongs to; null for a dish ordered on its own. */
  parentId: z.number().int().nullable(),
  name: z.string(),
  units: z.number().int(),
  choices: z.array(z.string()),
  /** What the line adds to the bill; 0 for a dish not made. */
  totalCents: z.number().int(),
  state: z.enum(GUEST_LINE_STATES as [GuestLineState, ...GuestLineState[]]),
});
export type GuestOrderLine = z.infer<typeof guestOrderLineSchema>;

export const guestOrderResponseSchema = okSchema({
  lines: z.array(guestOrderLineSchema),
  totalCents: z.number().int(),
  /** What is left to pay on the table's bill (promotions, vouchers and payments counted), for the bill request. */
  dueCents: z.number().int(),
  /** The key the menu stream's `order-changed` events of this table carry (no id of the table). */
  liveKey: z.string(),
  /** The account no longer takes orders (paid and closed, or closed by staff): the phone stops ordering. */
  closed: z.boolean(),
  /** Once the bill is paid (decision 038): what it came to; the receipt is `bill/guest-receipt`. */
  paid: z.object({ totalCents: z.number().int() }).nullable(),
});
export type GuestOrderResponse = z.infer<typeof guestOrderResponseSchema>;

/** POST /world/api/bill/guest-receipt {uid}: the paid account's bill as a PDF, by the guest's capability. */
export const guestReceiptRequestSchema = z.strictObject({ uid: capabilitySchema });
