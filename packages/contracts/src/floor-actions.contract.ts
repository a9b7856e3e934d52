import { z } from 'zod';
import { LOCALES } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';
import {
  floorPaxSchema,
  floorReservationSchema,
  roleIdSchema,
  tableIdsSchema,
  versionSchema,
} from './floor.contract.ts';
import { isoDateSchema, reservationRefSchema, timeOfDaySchema } from './reservations.contract.ts';
import { phoneSchema } from './wire-input.ts';

/**
 * The copilot floor calls that act on a reservation (spec §7 "Reservations"; issue 5, decision 007):
 * walk-ins, phone reservations, seating, merging, comments, and the lookups around an account. Each change
 * takes `roleId` and `expectedVersion` as floor.contract.ts describes.
 */

const change = { roleId: roleIdSchema.optional(), expectedVersion: versionSchema.optional() };

/**
 * POST /world/reservation/createwalkin: De Paso (a party arriving now) or, with `alreadySeated`, Sin
 * Recibir (guests already sitting at `tableIds`). Name without surnames and pax (spec §5). Without
 * `tableIds` a table is assigned automatically (in `roomId` when given), or 409 "No se ha podido asignar
 * mesa.". The party is seated now with menu access. Accepts `Idempotency-Key`.
 */
export const createWalkInRequestSchema = z.strictObject({
  name: z.string().max(60),
  pax: floorPaxSchema,
  alreadySeated: z.boolean().optional(),
  tableIds: tableIdsSchema.optional(),
  roomId: z.number().int().positive().optional(),
  staffComments: z.string().max(2000).optional(),
  roleId: roleIdSchema.optional(),
});
export type CreateWalkInRequest = z.infer<typeof createWalkInRequestSchema>;

/**
 * POST /world/reservation/create-phone: staff take a reservation by phone through the availability
 * engine (same slots, pacing and table assignment as guests; 409 with fresh `timeSlots` when taken).
 * No email is needed. Accepts `Idempotency-Key`.
 */
export const createPhoneReservationRequestSchema = z.strictObject({
  date: isoDateSchema,
  timeSlot: timeOfDaySchema,
  pax: floorPaxSchema,
  roomId: z.number().int().positive().optional(),
  name: z.string().max(120),
  phone: phoneSchema.optional(),
  email: z.string().max(254).optional(),
  comments: z.string().max(1000).optional(),
  staffComments: z.string().max(2000).optional(),
  locale: z.enum(LOCALES).optional(),
  roleId: roleIdSchema.optional(),
});
export type CreatePhoneReservationRequest = z.infer<typeof createPhoneReservationRequestSchema>;

/** A call on one reservation by the spec's `reservationWid` (the numeric id is accepted too). */
export const reservationActionRequestSchema = z.strictObject({
  reservationWid: reservationRefSchema,
  ...change,
});
export type ReservationActionRequest = z.infer<typeof reservationActionRequestSchema>;

/** POST /world/api/reservation/ready-to-order {reservationId}. */
export const readyToOrderRequestSchema = z.strictObject({ reservationId: reservationRefSchema, ...change });

/** POST /world/api/reservation/{id}/close: the body is optional. */
export const closeRequestSchema = z.strictObject({ ...change });
export const closePathSchema = z.strictObject({ id: z.string().min(1).max(64) });

/** POST /world/api/reservation/updatepax {reservationWid, pax}. */
export const updatePaxRequestSchema = z.strictObject({
  reservationWid: reservationRefSchema,
  pax: floorPaxSchema,
  ...change,
});

/**
 * POST /world/api/reservation/updatetable {reservationWid, tableIds}: moves the reservation to other
 * table(s). The database's exclusion constraint decides; 409 when one is taken.
 */
export const updateTableRequestSchema = z.strictObject({
  reservationWid: reservationRefSchema,
  tableIds: tableIdsSchema,
  ...change,
});

/**
 * POST /world/reservation/merge: `reservationWid`'s account is merged into `targetReservationWid`'s: its
 * lines, orders, service events and guests move over, its pax are added, it is deactivated (-3) and its
 * tables are released.
 */
export const mergeRequestSchema = z.strictObject({
  reservationWid: reservationRefSchema,
  targetReservationWid: reservationRefSchema,
  roleId: roleIdSchema.optional(),
  expectedVersion: versionSchema.optional(),
  targetExpectedVersion: versionSchema.optional(),
});

/** POST /world/reservation/update-staff-comments: the internal comment (null or empty clears it). */
export const updateStaffCommentsRequestSchema = z.strictObject({
  reservationWid: reservationRefSchema,
  staffComments: z.string().max(2000).nullable(),
  ...change,
});

/**
 * POST /world/reservation/update-allergies (issue 18): the allergens (EU ids, as `allergens/list` gives
 * them) and dietary note staff declare for a table, shown on its tile and every kitchen ticket.
 */
export const updateAllergiesRequestSchema = z.strictObject({
  reservationWid: reservationRefSchema,
  allergensId: z.array(z.number().int().positive()).max(14),
  dietaryNotes: z.string().max(500).nullable(),
  ...change,
});

/** POST /world/reservation/update-location-tag: one of venueConfig.reservationLocationTags, or null. */
export const updateLocationTagRequestSchema = z.strictObject({
  reservationWid: reservationRefSchema,
  locationTag: z.string().max(60).nullable(),
  ...change,
});

/** POST /world/api/reservation/search-account {q}: by name, table name, wid or booking reference within the day. */
export const searchAccountRequestSchema = z.strictObject({
  q: z.string().trim().min(1).max(120),
  date: isoDateSchema.optional(),
  roleId: roleIdSchema.optional(),
});

/** POST /world/api/reservation/user-details {reservationWid}: the guests behind a reservation. */
export const userDetailsRequestSchema = z.strictObject({
  reservationWid: reservationRefSchema,
  roleId: roleIdSchema.optional(),
});

/** POST /world/api/reservation/review-qr: the venue's Google-review link for a QR. */
export const reviewQrRequestSchema = z.strictObject({ roleId: roleIdSchema.optional() });

export const floorReservationResponseSchema = okSchema({ reservation: floorReservationSchema });
export type FloorReservationResponse = z.infer<typeof floorReservationResponseSchema>;

export const mergeResponseSchema = okSchema({
  /** The account that remains, with the merged lines. */
  reservation: floorReservationSchema,
  /** The account merged into it (deactivated). */
  merged: floorReservationSchema,
});

export const searchAccountResponseSchema = okSchema({ reservations: z.array(floorReservationSchema) });

export const userDetailsResponseSchema = okSchema({
  reservation: floorReservationSchema,
  guests: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      locale: z.string().nullable(),
      isHost: z.boolean(),
      allergenIds: z.array(z.number().int()),
      /** Earlier reservations of this guest at the venue (visits). */
      visits: z.number().int(),
    }),
  ),
});

/**
 * POST /world/api/reservation/account-qr {reservationWid}: a fresh invitation capability (purpose
 * `menu`, SEC-09) a guest scans to join the table's account from their phone: `url` is
 * `<origin>/menu?uid=<code>`, the QR's content. Each call mints a new code; all expire with `expiresAt`.
 */
export const accountQrResponseSchema = okSchema({
  reservationId: z.number().int(),
  wid: z.string(),
  uid: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});

export const reviewQrResponseSchema = okSchema({ url: z.string() });
