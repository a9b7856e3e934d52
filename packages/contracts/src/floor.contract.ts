import { z } from 'zod';
import {
  RESERVATION_ACTIONS,
  RESERVATION_LISTS,
  RESERVATION_STATES,
  TABLE_SHAPES,
  TABLE_STATES,
} from '@sobremesa/domain';
import { tableAllergiesSchema } from './allergies.contract.ts';
import { okSchema } from './envelope.ts';
import { isoDateSchema, offsetDateTimeSchema } from './reservations.contract.ts';

/**
 * The copilot floor calls of spec §7 "Reservations" for staff (issue 5, decision 007): the service day,
 * walk-ins, sit-ins, phone reservations and every action on a reservation. All need a copilot bearer
 * token; the role's view decides what is allowed (the matrix in `@sobremesa/domain`, SEC-02).
 *
 * Every change accepts:
 * - `roleId`: the caller's selected copilot role (one of their own; otherwise their preselected role);
 * - `expectedVersion`: the reservation's `version` as the screen last saw it. When given and the
 *   reservation changed meanwhile, the call is refused with 409 `CONFLICT` (`reason: 'stale_version'`)
 *   and nothing changes. Without it the state rules still refuse a conflicting second action.
 */

/** The caller's selected copilot role (spec: the selected role is sent with the calls that need it). */
export const roleIdSchema = z.number().int().positive();

/** A reservation's version: its last change, in milliseconds since the epoch. */
export const versionSchema = z.number().int().nonnegative();

/**
 * A party size as the forms send it. Negative, zero and fractional values pass the schema on purpose: the
 * server answers them with the spec's own message ("Los números negativos no son válidos.").
 */
export const floorPaxSchema = z.number().finite().min(-1000).max(1000);

/** Table ids (from `api/tables` or the floor) a party sits at: one or a few joined tables. */
export const tableIdsSchema = z
  .array(z.number().int().positive())
  .min(1)
  .max(8)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Tables must not repeat' });

/** POST /world/api/reservation/getbyday {date}: the service day (06:00 boundary); today without a date. */
export const getByDayRequestSchema = z.strictObject({
  date: isoDateSchema.optional(),
  roleId: roleIdSchema.optional(),
});

/** One order line of an account (spec §3 "Item"); prices in integer cents. */
export const floorProductOrderSchema = z.object({
  productOrderId: z.number().int(),
  productSku: z.string(),
  name: z.string(),
  units: z.number().int(),
  statusProductOrder: z.number().int(),
  type: z.string(),
  dateCreated: offsetDateTimeSchema,
  datePreparing: offsetDateTimeSchema.nullable(),
  choices: z.unknown(),
  isGhost: z.boolean(),
  priceCents: z.number().int(),
  serviceEventId: z.number().int().nullable(),
  cartSessionOrderId: z.number().int().nullable(),
  /** The menú del día line a course belongs to; null for a line ordered on its own. */
  parentId: z.number().int().nullable(),
  /** Covered by a menú del día (`toggle-menu-included` flips it, and the price with it). */
  menuIncluded: z.boolean(),
  /** Held back for a later course. */
  held: z.boolean(),
  /** The line's course (dish class id; `update-dish-class` moves it), null without one. */
  dishClass: z.number().int().nullable(),
  /** Settled: paid by items, marked paid, or on the issued invoice. */
  paid: z.boolean(),
});

/** The spec's paymentInfo: integer cents (REL-04), with the bills under it. */
export const floorPaymentInfoSchema = z.object({
  /**
   * What the account owes, as the TPV and the bill say: its lines (cancelled, rejected, lost lines
   * excluded) less its promotions and vouchers.
   */
  total: z.number().int(),
  /** Paid so far (payments not voided). */
  paid: z.number().int(),
  /** total - paid, never below 0. */
  pending: z.number().int(),
  bills: z.array(
    z.object({
      id: z.number().int(),
      type: z.number().int(),
      total: z.number().int(),
      issuedDateTime: offsetDateTimeSchema.nullable(),
    }),
  ),
});

/** A table of a reservation. */
export const floorTableRefSchema = z.object({
  table_id: z.number().int(),
  name: z.string(),
  room: z.number().int(),
});

/**
 * A reservation (an account) as staff screens see it: the spec's fields (id/wid, table, status,
 * startDateTime `yyyy-MM-dd HH:mm:ss` in venue time, finishedDateTime, menuAccessEnabled 1/0, name, pax,
 * roomName, zone, cartSession, paymentInfo) plus what the floor needs: `state`, `version`,
 * `allowedActions` (by the transition table), `list`, the tables and the staff fields.
 */
export const floorReservationSchema = z.object({
  id: z.number().int(),
  wid: z.string(),
  /** The booking reference the guest reads out (decision 029); null on older reservations. */
  reference: z.string().nullable(),
  status: z.number().int(),
  state: z.enum(RESERVATION_STATES),
  version: versionSchema,
  /** The spec's `table`: the table names joined with `+` (e.g. `S4+S5`), null without a table. */
  table: z.string().nullable(),
  tables: z.array(floorTableRefSchema),
  date: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  /** Instants with the venue's offset (`2026-11-20T20:00:00+01:00`): screens compare them with the clock. */
  seatedDateTime: offsetDateTimeSchema.nullable(),
  finishedDateTime: offsetDateTimeSchema.nullable(),
  readyToOrderDateTime: offsetDateTimeSchema.nullable(),
  menuAccessEnabled: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
  pax: z.number().int(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  zone: z.string().nullable(),
  locationTag: z.string().nullable(),
  staffComments: z.string().nullable(),
  /** The table's declared allergens and dietary notes (guests' phones, booking, staff; issue 18). */
  allergies: tableAllergiesSchema,
  /** Allergens staff declared and their dietary note, as the allergies form edits them. */
  staffAllergenIds: z.array(z.number().int()),
  dietaryNotes: z.string().nullable(),
  /** What the guest wrote on the booking form. */
  comments: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  source: z.string(),
  kind: z.string(),
  guestCount: z.number().int(),
  mergedIntoId: z.number().int().nullable(),
  requestedPaymentMethod: z.string().nullable(),
  list: z.enum(RESERVATION_LISTS).nullable(),
  allowedActions: z.array(z.enum(RESERVATION_ACTIONS)),
  cartSession: z.object({ id: z.number().int(), productOrders: z.array(floorProductOrderSchema) }).nullable(),
  paymentInfo: floorPaymentInfoSchema,
});
export type FloorReservation = z.infer<typeof floorReservationSchema>;

/** A service event (spec §3) of the day's reservations with its lines. */
export const floorServiceEventSchema = z.object({
  serviceEventId: z.number().int(),
  serviceEventStatus: z.number().int(),
  reservationId: z.number().int(),
  items: z.array(floorProductOrderSchema),
});

/** A table on the floor plan with its state at `serverTime` (the domain's `tableStatusOf`). */
export const floorTableSchema = z.object({
  table_id: z.number().int(),
  name: z.string(),
  room: z.number().int(),
  roomName: z.string(),
  minPax: z.number().int(),
  maxPax: z.number().int(),
  active: z.boolean(),
  state: z.enum(TABLE_STATES),
  reservationId: z.number().int().nullable(),
  upcomingReservationId: z.number().int().nullable(),
  /** Where it is drawn on its room's plan (decision 059), in plan units; used when the room has a plan. */
  layout: z.object({
    shape: z.enum(TABLE_SHAPES),
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    rotation: z.number().int(),
  }),
});

/** A room of the floor in its order, with its plan's size, or null when it was never laid out. */
export const floorRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  plan: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
});

export const getByDayResponseSchema = okSchema({
  date: z.string(),
  /** The server's logical date (06:00 boundary), for HOY / AYER / MAÑANA. */
  logicalDate: z.string(),
  dayLabel: z.enum(['HOY', 'AYER', 'MAÑANA']).nullable(),
  serverTime: z.string(),
  timeZone: z.string(),
  reservations: z.array(floorReservationSchema),
  serviceEvents: z.array(floorServiceEventSchema),
  /** Reservation ids per list of spec §4. */
  lists: z.object({
    toCome: z.array(z.number().int()),
    seated: z.array(z.number().int()),
    forPayment: z.array(z.number().int()),
    absent: z.array(z.number().int()),
    finished: z.array(z.number().int()),
  }),
  tables: z.array(floorTableSchema),
  rooms: z.array(floorRoomSchema),
});
export type GetByDayResponse = z.infer<typeof getByDayResponseSchema>;

/** Why a floor call was refused with 409 (`reason` of the body, next to the stable `code`). */
export const FLOOR_CONFLICT_REASONS = [
  'stale_version',
  'invalid_transition',
  'finished',
  'table_taken',
  'no_table',
  'merged',
  'has_payments',
] as const;

/**
 * The 409 of a floor call: the stable `code` (`CONFLICT`, `RESERVATION_FINISHED` or `SLOT_UNAVAILABLE`),
 * the localised `message`, the `reason`, and (when a reservation is involved) its current `state`,
 * `version` and `allowedActions`, so the screen can refresh the row without a refetch.
 */
export const floorConflictBodySchema = z.object({
  result: z.literal(409),
  code: z.enum(['CONFLICT', 'RESERVATION_FINISHED', 'SLOT_UNAVAILABLE']),
  message: z.string(),
  reason: z.enum(FLOOR_CONFLICT_REASONS),
  reservationId: z.number().int().optional(),
  state: z.enum(RESERVATION_STATES).optional(),
  version: versionSchema.optional(),
  allowedActions: z.array(z.enum(RESERVATION_ACTIONS)).optional(),
});

/** Realtime topics the floor writes (RT-01), each with the reservation id and its new state. */
export const FLOOR_EVENT_TOPICS = [
  'reservation.created',
  'reservation.updated',
  'reservation.cancelled',
] as const;

/** The payload of a floor realtime event. */
export const floorEventPayloadSchema = z.object({
  reservationId: z.number().int(),
  wid: z.string(),
  action: z.string(),
  status: z.number().int(),
  state: z.enum(RESERVATION_STATES),
  version: versionSchema,
  date: z.string(),
  table: z.string().nullable(),
  tableIds: z.array(z.number().int()),
  pax: z.number().int(),
  menuAccessEnabled: z.union([z.literal(0), z.literal(1)]),
  by: z.literal('staff'),
  userId: z.number().int(),
});
export type FloorEventPayload = z.infer<typeof floorEventPayloadSchema>;
