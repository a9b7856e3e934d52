import { z } from 'zod';
import { COPILOT_VIEWS, KITCHEN_OPERATIONS } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';
import { roleIdSchema } from './floor.contract.ts';
import { menuChoiceSchema } from './orders.contract.ts';
import { isoDateSchema, reservationRefSchema } from './reservations.contract.ts';
import { namedAllergenSchema, tableAllergiesSchema } from './allergies.contract.ts';

/**
 * Wire contracts of the kitchen and bar (spec §7 "Orders", issue 7, decision 010). Every call needs a
 * copilot bearer token and accepts `roleId`: the caller's selected copilot role (one of their own;
 * without it their preselected role). The role's view decides what is allowed (`KITCHEN_MATRIX` in
 * `@sobremesa/domain`, SEC-02): 403 `forbidden_role` otherwise. Ids of another venue answer 404.
 *
 * Line calls take several `productOrderIds` so a whole ticket is bumped with one tap. They are all or
 * nothing: when any line cannot take the action (its status moved on, another tablet was first, it is
 * held for a later course) nothing changes and the reply is 409 `CONFLICT` with
 * `details.productOrderIds` naming the refused lines. Lines of a finished (closed, merged, negative)
 * reservation answer 409 `reservation_finished`.
 *
 * Every change is announced on the staff WebSocket as `order.line.changed` (below), in the same
 * transaction as the change (RT-01).
 */

/** Up to one ticket's worth of lines, no repeats. */
export const productOrderIdsSchema = z
  .array(z.number().int().positive())
  .min(1)
  .max(100)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Lines must not repeat' });

/**
 * POST /world/api/productorder/{startpreparation | finishpreparation | serve | addtohottable |
 * removetohottable | mark-as-paid}.
 */
export const productOrderLinesRequestSchema = z.strictObject({
  productOrderIds: productOrderIdsSchema,
  roleId: roleIdSchema.optional(),
});
export type ProductOrderLinesRequest = z.infer<typeof productOrderLinesRequestSchema>;

/**
 * POST /world/api/productorder/{mark-as-rejected | mark-as-cancelled | mark-as-loss}: voids and
 * write-offs, written to the audit log with the reason (SEC-11).
 */
export const productOrderVoidRequestSchema = z.strictObject({
  productOrderIds: productOrderIdsSchema,
  reason: z.string().trim().max(200).optional(),
  roleId: roleIdSchema.optional(),
});
export type ProductOrderVoidRequest = z.infer<typeof productOrderVoidRequestSchema>;

/**
 * POST /world/api/productorder/dispatch-fireable: fires a held course of a reservation (spec "dispatch
 * fireable orders"). With `dishClassId` exactly that course; without it, the earliest held one. Send the
 * course you mean: two waiters firing "the next course" at once would otherwise fire two courses.
 * Nothing held (in that course) → 409 `nothing_to_fire`.
 */
export const dispatchFireableRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  dishClassId: z.number().int().positive().optional(),
  roleId: roleIdSchema.optional(),
});
export type DispatchFireableRequest = z.infer<typeof dispatchFireableRequestSchema>;

/**
 * POST /world/api/productorder/update-dish-class: moves a line (not started yet) to another course. The
 * product must allow it (modifyDishClass); a line moved to a course still held becomes held, one moved
 * to a course already fired is fired.
 */
export const updateDishClassRequestSchema = z.strictObject({
  productOrderId: z.number().int().positive(),
  dishClassId: z.number().int().positive(),
  roleId: roleIdSchema.optional(),
});
export type UpdateDishClassRequest = z.infer<typeof updateDishClassRequestSchema>;

/**
 * POST /world/api/productorder/complete-menu: adds the missing course choices of a menú del día line.
 * When the choices do not complete the menu (unknown course, a dish not offered, too many choices, sold
 * out) the reply is `{ result: -1, message: "No se ha podido completar el menu" }` and nothing changes.
 */
export const completeMenuRequestSchema = z.strictObject({
  productOrderId: z.number().int().positive(),
  menuChoices: z.array(menuChoiceSchema).min(1).max(20),
  roleId: roleIdSchema.optional(),
});
export type CompleteMenuRequest = z.infer<typeof completeMenuRequestSchema>;

/**
 * POST /world/api/productorder/modify-reservation: moves lines (with their menu children) to another
 * open account of the venue (`targetReservationId`), or to a new account seated at the same tables as
 * the lines' account (`newReservation`: name and pax), e.g. to split a bill. Exactly one of the two.
 */
export const modifyReservationRequestSchema = z
  .strictObject({
    productOrderIds: productOrderIdsSchema,
    /**
     * The account the screen showed the lines in. When given and a line is no longer there (another
     * tablet moved it first), 409 `CONFLICT` and nothing moves: send it, or a late second move wins.
     */
    fromReservationId: reservationRefSchema.optional(),
    targetReservationId: reservationRefSchema.optional(),
    newReservation: z
      .strictObject({ name: z.string().trim().min(1).max(60), pax: z.number().int().min(1).max(1000) })
      .optional(),
    roleId: roleIdSchema.optional(),
  })
  .refine((body) => (body.targetReservationId === undefined) !== (body.newReservation === undefined), {
    message: 'Give targetReservationId or newReservation',
  });
export type ModifyReservationRequest = z.infer<typeof modifyReservationRequestSchema>;

/** PATCH /world/api/productorder/toggle-menu-included: a line becomes covered by a menú del día, or not. */
export const toggleMenuIncludedRequestSchema = z.strictObject({
  productOrderId: z.number().int().positive(),
  roleId: roleIdSchema.optional(),
});
export type ToggleMenuIncludedRequest = z.infer<typeof toggleMenuIncludedRequestSchema>;

/**
 * POST /world/api/productorder/get-by-role {date?, roleId?}: what the kitchen, bar, pass and floor
 * screens load (the spec names no call; decision 010). Every product order group of the service day
 * (06:00 boundary; today without a date) with all its lines and their visibility facts, the selected
 * role, the day's service events, the venue's dish classes and stations. The screens filter with the
 * domain's rules (`pendingGroups`, `drinksToPrepare`, `hotTableItems`, `readyToServeItems`,
 * `isLineVisible`, `pendingServiceEvents`, `isCartFinished`) and their view options, and refetch (or
 * patch) on `order.created`, `order.processed` and `order.line.changed`.
 */
export const getByRoleRequestSchema = z.strictObject({
  date: isoDateSchema.optional(),
  roleId: roleIdSchema.optional(),
});
export type GetByRoleRequest = z.infer<typeof getByRoleRequestSchema>;

/** The reservation a line belongs to (spec Item `reservationInfo`). */
export const kitchenReservationInfoSchema = z.object({
  id: z.number().int(),
  wid: z.string(),
  name: z.string(),
  pax: z.number().int(),
  status: z.number().int(),
  /** Table names joined with `+`, null without a table. */
  table: z.string().nullable(),
  roomName: z.string().nullable(),
  /** The room name, as the zone filter compares it (spec §5). */
  zone: z.string().nullable(),
  finishedDateTime: z.string().nullable(),
  /** The table's declared allergens and dietary notes, on every ticket of the table (issue 18). */
  allergies: tableAllergiesSchema,
  /** A takeaway or delivery account's order: marked on its tickets, fired to be ready at pickup. */
  takeaway: z
    .object({
      mode: z.enum(['pickup', 'delivery']),
      number: z.number().int(),
      /** Pickup (or delivery) instant with the venue's offset. */
      pickupDateTime: z.string(),
      /** When the kitchen starts it: pickup minus the venue's preparation time (decision 041). */
      firesDateTime: z.string(),
    })
    .nullable(),
});
export type KitchenReservationInfo = z.infer<typeof kitchenReservationInfoSchema>;

/** One order line as kitchen screens see it (spec §3 "Item"). Dates are ISO instants. */
export const kitchenItemSchema = z.object({
  productOrderId: z.number().int(),
  cartSessionOrderId: z.number().int().nullable(),
  /** The menú del día line a course choice belongs to. */
  parentId: z.number().int().nullable(),
  productSku: z.string(),
  name: z.string(),
  units: z.number().int(),
  statusProductOrder: z.number().int(),
  /** comida or bebida (spec "type"; a drink is bebida). */
  type: z.string(),
  isMenu: z.boolean(),
  dateCreated: z.string(),
  datePreparing: z.string().nullable(),
  dateReady: z.string().nullable(),
  dateServed: z.string().nullable(),
  choices: z.array(
    z.object({ optionTypeId: z.number().int(), optionId: z.number().int(), choiceName: z.string() }),
  ),
  comments: z.string().nullable(),
  staffComments: z.string().nullable(),
  /** Dish class (course) id. */
  dishClass: z.number().int().nullable(),
  modifyDishClass: z.boolean(),
  serviceEventId: z.number().int().nullable(),
  /** Waiting for its course to be fired: not on kitchen boards yet. */
  held: z.boolean(),
  firedDateTime: z.string().nullable(),
  menuIncluded: z.boolean(),
  paid: z.boolean(),
  /** No elaboration station at all: a ghost for every role. */
  isGhost: z.boolean(),
  elaborationStations: z.array(z.number().int()),
  requiredRoleNames: z.array(z.string()),
  reservationInfo: kitchenReservationInfoSchema,
  /** The table's allergens this dish contains or may carry traces of: flagged on the ticket. */
  allergenClash: z.array(namedAllergenSchema),
  /** What the selected role may do with this line now (`allowedLineOperations`). */
  allowedActions: z.array(z.enum(KITCHEN_OPERATIONS)),
});
export type KitchenItem = z.infer<typeof kitchenItemSchema>;

/** A product order group (spec §3): one order sent by a guest or staff. */
export const productOrderGroupSchema = z.object({
  cartSessionOrderId: z.number().int(),
  reservationId: z.number().int(),
  /** 1 waiting for staff, 2 in kitchen and bar, 3 every line ready or done, -1 cancelled. */
  cartSessionStatus: z.number().int(),
  createdDateTime: z.string(),
  clientMessage: z.string().nullable(),
  items: z.array(kitchenItemSchema),
});
export type ProductOrderGroup = z.infer<typeof productOrderGroupSchema>;

/** A service event (spec §3): one fired course of a table. */
export const kitchenServiceEventSchema = z.object({
  serviceEventId: z.number().int(),
  serviceEventStatus: z.number().int(),
  reservationId: z.number().int(),
  dishClass: z.number().int().nullable(),
  firedDateTime: z.string().nullable(),
  items: z.array(kitchenItemSchema),
});
export type KitchenServiceEvent = z.infer<typeof kitchenServiceEventSchema>;

/** The selected role as the screens filter with it (spec §3 "Copilot role"). */
export const kitchenRoleSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  copilotView: z.object({ name: z.enum(COPILOT_VIEWS) }),
  elaborationStations: z.array(z.number().int()),
  requirementProductCopilotRoles: z.array(z.object({ name: z.string() })),
});
export type KitchenRole = z.infer<typeof kitchenRoleSchema>;

export const getByRoleResponseSchema = okSchema({
  date: z.string(),
  serverTime: z.string(),
  role: kitchenRoleSchema,
  groups: z.array(productOrderGroupSchema),
  serviceEvents: z.array(kitchenServiceEventSchema),
  dishClasses: z.array(z.object({ id: z.number().int(), name: z.string(), sortOrder: z.number().int() })),
  elaborationStations: z.array(
    z.object({ id: z.number().int(), name: z.string(), elaborationTypeId: z.number().int() }),
  ),
  /** Whether the venue holds later courses until fired (venue config copilot_multiple_service_event_product_orders). */
  courseFiring: z.boolean(),
});
export type GetByRoleResponse = z.infer<typeof getByRoleResponseSchema>;

/** Reply of every line call: the lines as they are now (for a move, in their new account). */
export const productOrderLinesResponseSchema = okSchema({ items: z.array(kitchenItemSchema) });
export type ProductOrderLinesResponse = z.infer<typeof productOrderLinesResponseSchema>;

export const dispatchFireableResponseSchema = okSchema({
  dishClassId: z.number().int().nullable(),
  serviceEventId: z.number().int(),
  items: z.array(kitchenItemSchema),
});
export type DispatchFireableResponse = z.infer<typeof dispatchFireableResponseSchema>;

export const modifyReservationResponseSchema = okSchema({
  reservationId: z.number().int(),
  wid: z.string(),
  items: z.array(kitchenItemSchema),
});
export type ModifyReservationResponse = z.infer<typeof modifyReservationResponseSchema>;

/** complete-menu: the lines added, or the spec's failure (§8, message "No se ha podido completar el menu"). */
export const completeMenuResponseSchema = z.union([
  okSchema({ items: z.array(kitchenItemSchema) }),
  z.object({ result: z.literal(-1), code: z.literal('MENU_NOT_COMPLETED'), message: z.string() }),
]);
export type CompleteMenuResponse = z.infer<typeof completeMenuResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Realtime (staff WebSocket, `realtimeEventSchema.topic` / `payload`)

/** Topic of every kitchen change; `order.created` and `order.processed` come from the orders calls. */
export const ORDER_LINE_CHANGED_TOPIC = 'order.line.changed';

/** Which call changed the lines. */
export const ORDER_LINE_CHANGES = [...KITCHEN_OPERATIONS] as const;

/** One changed line, enough for a screen to patch its state without a refetch. */
export const changedLineSchema = z.object({
  productOrderId: z.number().int(),
  reservationId: z.number().int(),
  cartSessionOrderId: z.number().int().nullable(),
  statusProductOrder: z.number().int(),
  type: z.string(),
  held: z.boolean(),
  dishClass: z.number().int().nullable(),
  serviceEventId: z.number().int().nullable(),
  menuIncluded: z.boolean(),
  paid: z.boolean(),
});

/**
 * Payload of `order.line.changed`. `becameReady` lists lines that just turned ready or reached the hot
 * table (the pass and Sala play the order-ready sound); `newLines` is set when a menu was completed.
 * A move names the accounts involved in `reservationIds` (source ones and the target).
 */
export const orderLineChangedSchema = z.object({
  action: z.enum(ORDER_LINE_CHANGES),
  reservationIds: z.array(z.number().int()),
  lines: z.array(changedLineSchema),
  becameReady: z.array(z.number().int()),
  cartSessionOrders: z.array(z.object({ id: z.number().int(), cartSessionStatus: z.number().int() })),
  byUserId: z.number().int(),
  roleId: z.number().int().nullable(),
});
export type OrderLineChanged = z.infer<typeof orderLineChangedSchema>;
