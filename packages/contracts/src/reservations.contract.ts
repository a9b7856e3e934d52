import { z } from 'zod';
import { isIsoDate, LOCALES, parseTimeOfDay } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';
import { phoneSchema } from './wire-input.ts';

/**
 * The guest booking calls of spec §7 "Reservations" (and the hold, live-availability and calendar
 * calls a race-free booking form needs). Guests have no login: what they may do to a reservation is
 * decided by a capability (`uid`, SEC-09), never by an id; see decision 006.
 */

/** A service date, `yyyy-MM-dd`: times before 06:00 belong to the previous date (spec §4). */
/**
 * An instant on the wire with its offset (issue 18), `yyyy-MM-ddTHH:mm:ss+hh:mm` or `…Z`: never a bare
 * local wall clock, which a reader in another zone (or a browser reading it as UTC) gets wrong.
 */
export const offsetDateTimeSchema = z.iso.datetime({ offset: true });

export const isoDateSchema = z
  .string()
  .refine(isIsoDate, { message: 'Invalid date format. Expected a yyyy-MM-dd date.' });

/** A wall-clock time in the venue's zone, `HH:mm` (the spec's `timeSlot`). */
export const timeOfDaySchema = z
  .string()
  .refine((value) => parseTimeOfDay(value) !== null, { message: 'Expected a HH:mm time.' });

/** Party size as a form sends it; the venue's own largest party is checked by the server (400). */
export const paxSchema = z.number().int().min(1).max(100);

/** A guest capability (the spec's `uid`): 43 base64url characters; anything else is not one of ours. */
export const capabilitySchema = z.string().min(16).max(128);

/** Which of the venue's booking entry points took the booking (spec §2 Reserve, IframeReserve, widget). */
export const bookingSourceSchema = z.enum(['web', 'iframe', 'widget']);
export type BookingSource = z.infer<typeof bookingSourceSchema>;

/** The spec's time slot (§3 "Time slot"). */
export const timeSlotSchema = z.object({
  timeSlot: z.string(),
  countAvailable: z.number().int(),
  duration: z.number().int(),
  duration_limited: z.boolean(),
  roomId: z.number().int(),
});
export type TimeSlotView = z.infer<typeof timeSlotSchema>;

/**
 * POST /world/reservation/checkavailability. `dateFrom` (optional) also asks which dates from
 * `dateFrom` to `date` have any time left, for the date picker; `holdToken` leaves the caller's own
 * hold out, so the slot they hold still shows as theirs.
 */
export const checkAvailabilityRequestSchema = z.strictObject({
  dateFrom: isoDateSchema.optional(),
  date: isoDateSchema,
  pax: paxSchema,
  roomId: z.number().int().positive().optional(),
  holdToken: capabilitySchema.optional(),
});
export type CheckAvailabilityRequest = z.infer<typeof checkAvailabilityRequestSchema>;

export const checkAvailabilityResponseSchema = okSchema({
  date: z.string(),
  pax: z.number().int(),
  timeSlots: z.array(timeSlotSchema),
  /** Only when `dateFrom` was sent: each bookable date of the range and whether it has any time left. */
  days: z.array(z.object({ date: z.string(), available: z.boolean() })).optional(),
});
export type CheckAvailabilityResponse = z.infer<typeof checkAvailabilityResponseSchema>;

/**
 * POST /world/reservation/availablerooms. Without a body: every room guests may book (the form loads
 * them first, spec §2). With `date` and `pax` (and optionally `timeSlot`): only rooms with a table left.
 */
export const availableRoomsRequestSchema = z
  .strictObject({
    date: isoDateSchema.optional(),
    pax: paxSchema.optional(),
    timeSlot: timeOfDaySchema.optional(),
  })
  .refine((body) => (body.date === undefined) === (body.pax === undefined), {
    message: 'date and pax go together',
    path: ['pax'],
  })
  .refine((body) => body.timeSlot === undefined || body.date !== undefined, {
    message: 'timeSlot needs date and pax',
    path: ['timeSlot'],
  });

export const bookableRoomSchema = z.object({
  room_id: z.number().int(),
  name: z.string(),
  /** Largest party one booking can seat in this room. */
  maxPax: z.number().int(),
});

/** What the form needs to draw its date picker and pax input (spec §5, §9). */
export const bookingWindowSchema = z.object({
  /** Today's service date in the venue (06:00 boundary). */
  firstDate: z.string(),
  /** Last bookable date: today + 60 days. */
  lastDate: z.string(),
  /** ISO weekdays (1 = Monday) closed to online booking (`reservation_disabled_dow`). */
  disabledWeekdays: z.array(z.number().int()),
  /** Largest party that can book online; larger ones get a 400 asking them to call. */
  maxPax: z.number().int(),
  /** How long a held time stays held. */
  holdSeconds: z.number().int(),
  timeZone: z.string(),
});
export type BookingWindow = z.infer<typeof bookingWindowSchema>;

export const availableRoomsResponseSchema = okSchema({
  rooms: z.array(bookableRoomSchema),
  bookingWindow: bookingWindowSchema,
});

/**
 * POST /world/reservation/hold: keeps a table for the chosen time while the guest fills in the form.
 * Sending the previous `holdToken` moves (or renews) the hold in one step.
 */
export const holdRequestSchema = z.strictObject({
  date: isoDateSchema,
  timeSlot: timeOfDaySchema,
  pax: paxSchema,
  roomId: z.number().int().positive().optional(),
  holdToken: capabilitySchema.optional(),
  source: bookingSourceSchema.optional(),
});
export type HoldRequest = z.infer<typeof holdRequestSchema>;

export const holdResponseSchema = okSchema({
  holdToken: z.string(),
  expiresAt: z.string(),
  holdSeconds: z.number().int(),
  date: z.string(),
  timeSlot: z.string(),
  pax: z.number().int(),
  roomId: z.number().int(),
  duration: z.number().int(),
  duration_limited: z.boolean(),
});
export type HoldResponse = z.infer<typeof holdResponseSchema>;

/** POST /world/reservation/releasehold: the guest changed their mind; the table is free at once. */
export const releaseHoldRequestSchema = z.strictObject({ holdToken: capabilitySchema });

/**
 * POST /world/reservation/register: the guest's booking. `name` is required ("Por favor, introduce tu
 * nombre"), `email` follows spec §5, `consent` (the privacy policy) must be true. With a live
 * `holdToken` for the same date, time and party, the held table becomes the booking; otherwise a table
 * is assigned in the booking transaction. Accepts `Idempotency-Key`.
 */
export const registerReservationRequestSchema = z.strictObject({
  date: isoDateSchema,
  timeSlot: timeOfDaySchema,
  pax: paxSchema,
  roomId: z.number().int().positive().optional(),
  holdToken: capabilitySchema.optional(),
  name: z.string().max(120).optional(),
  email: z.string().max(254).optional(),
  phone: phoneSchema.optional(),
  comments: z.string().max(1000).optional(),
  consent: z.boolean().optional(),
  locale: z.enum(LOCALES).optional(),
  source: bookingSourceSchema.optional(),
});
export type RegisterReservationRequest = z.infer<typeof registerReservationRequestSchema>;

/** A guest of a reservation as the reservation's pages show it. */
export const reservationGuestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isHost: z.boolean(),
});

/**
 * A reservation as guests and the confirmation step see it (spec §3 "Reservation"): `startDateTime` is
 * `yyyy-MM-dd HH:mm:ss` in the venue's zone; `date` is the service date and `timeSlot` the booked time.
 */
export const reservationViewSchema = z.object({
  id: z.number().int(),
  wid: z.string(),
  /** The six-character reference the guest reads out (decision 029); null on older reservations. */
  reference: z.string().nullable(),
  status: z.number().int(),
  /** `confirmed`, `cancelled`, `seated`, `for_payment`, `finished` or `no_show`. */
  state: z.string(),
  date: z.string(),
  timeSlot: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  finishedDateTime: z.string().nullable(),
  duration: z.number().int(),
  pax: z.number().int(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  zone: z.string().nullable(),
  table: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  comments: z.string().nullable(),
  locale: z.string().nullable(),
  menuAccessEnabled: z.union([z.literal(0), z.literal(1)]),
  /** Whether the guest may still cancel or change it (confirmed and not started). */
  canChange: z.boolean(),
  guests: z.array(reservationGuestSchema),
  venue: z.object({ business_name: z.string(), timeZone: z.string() }),
});
export type ReservationView = z.infer<typeof reservationViewSchema>;

/**
 * What the confirmation step shows, from the capability of the reply: the guest link, the check-in
 * code behind the QR (for the kiosk), and where to fetch the calendar file and the QR image.
 */
export const guestAccessSchema = z.object({
  /** The guest's capability for this reservation (manage, cancel). Keep it secret: it is the link. */
  uid: z.string(),
  expiresAt: z.string(),
  /** The kiosk check-in code (a lesser capability: check in, join the table, menu). */
  checkInCode: z.string(),
  /** What the QR encodes: `<origin>/menu?uid=<checkInCode>`. */
  qrPayload: z.string(),
  links: z.object({
    /** The booking page of this reservation (capability in the fragment, never sent to a server). */
    manage: z.string(),
    cancel: z.string(),
    /**
     * GET: text/calendar. This and the QR images carry a read-only token (`?t=`) that expires after an
     * hour, never the guest link (SEC-09, decision 023); `asset-links` gives fresh ones.
     */
    calendar: z.string(),
    /** GET: image/svg+xml and image/png of the check-in QR. */
    qrSvg: z.string(),
    qrPng: z.string(),
  }),
});
export type GuestAccess = z.infer<typeof guestAccessSchema>;

export const registerReservationResponseSchema = okSchema({
  reservation: reservationViewSchema,
  /** `sending` (SMTP configured, sent after commit), `disabled` (no SMTP) or `not_sent` (replay). */
  emailStatus: z.enum(['sending', 'disabled', 'not_sent']),
}).extend(guestAccessSchema.shape);
export type RegisterReservationResponse = z.infer<typeof registerReservationResponseSchema>;

/** A 409 for a time taken meanwhile carries fresh availability of the same date and party. */
export const slotUnavailableBodySchema = z.object({
  result: z.literal(409),
  code: z.literal('SLOT_UNAVAILABLE'),
  message: z.string(),
  timeSlots: z.array(timeSlotSchema),
});

/** Reservation ids as the spec's calls pass them: the numeric id or the public `wid`. */
export const reservationRefSchema = z.union([z.number().int().positive(), z.string().min(1).max(64)]);

/** POST /world/reservation/canceldirect {reservationId} with the guest's capability. */
export const cancelDirectRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  uid: capabilitySchema,
});

/** POST /world/api/reservation/reservationinfo: a guest with `uid`, or staff with their token. */
export const reservationInfoRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  uid: capabilitySchema.optional(),
});

export const reservationResponseSchema = okSchema({ reservation: reservationViewSchema });

/**
 * POST /world/api/reservation/updatereservation: the guest (or staff) changes the details; a new
 * date, time or party size moves the table booking in one transaction (409 with fresh slots if taken).
 */
export const updateReservationRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  uid: capabilitySchema.optional(),
  date: isoDateSchema.optional(),
  timeSlot: timeOfDaySchema.optional(),
  pax: paxSchema.optional(),
  roomId: z.number().int().positive().optional(),
  name: z.string().max(120).optional(),
  phone: phoneSchema.optional(),
  comments: z.string().max(1000).optional(),
  locale: z.enum(LOCALES).optional(),
});
export type UpdateReservationRequest = z.infer<typeof updateReservationRequestSchema>;

/** POST /world/reservation/userfuture {uid}: the guest's upcoming reservations at this venue. */
export const userFutureRequestSchema = z.strictObject({ uid: capabilitySchema });
export const userFutureResponseSchema = okSchema({ reservations: z.array(reservationViewSchema) });

/** POST /world/reservation/removeinvitee: the host (its `uid`) or staff removes a guest who joined. */
export const removeInviteeRequestSchema = z.strictObject({
  reservationId: reservationRefSchema,
  userId: z.number().int().positive(),
  uid: capabilitySchema.optional(),
});

/** POST /world/api/reservation/adduser: the host (its `uid`) or staff adds a known guest of the venue. */
export const addUserRequestSchema = z.strictObject({
  reservationWid: z.string().min(1).max(64),
  userId: z.number().int().positive(),
  uid: capabilitySchema.optional(),
});

/**
 * POST /world/api/reservation/addguest: someone holding the reservation's invitation code (`hostCode`,
 * the check-in code of its QR) adds a companion by name. `createGuest: true` gives them their own `uid`;
 * `createGuest: false` only names them on the guest list, with no link (decision 040).
 */
export const addGuestRequestSchema = z.strictObject({
  createGuest: z.boolean(),
  reservationWid: z.string().min(1).max(64),
  hostCode: capabilitySchema,
  invitedUserName: z.string().trim().min(1).max(120),
});

export const guestsResponseSchema = okSchema({ guests: z.array(reservationGuestSchema) });

/**
 * POST /world/api/reservation/addguest: the companion and the guest list; with `createGuest` also the
 * companion's own link (`uid`) and until when it opens the reservation.
 */
export const addGuestResponseSchema = okSchema({
  guest: reservationGuestSchema,
  guests: z.array(reservationGuestSchema),
  uid: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type AddGuestResponse = z.infer<typeof addGuestResponseSchema>;

/** POST /world/reservation/rotatelink {uid}: a new guest link; the old one answers 410 from now on. */
export const rotateLinkRequestSchema = z.strictObject({ uid: capabilitySchema });
export const rotateLinkResponseSchema = okSchema(guestAccessSchema.shape);

/**
 * GET /world/reservation/calendar.ics, qr.svg and qr.png: a read-only, short-lived token as `?t=`; the
 * guest link never travels in a URL query (SEC-09, decision 023).
 */
export const assetTokenQuerySchema = z.strictObject({
  t: z
    .string()
    .max(512)
    .regex(/^[A-Za-z0-9_-]{40,}$/),
});

/** POST /world/reservation/asset-links {uid}: fresh read-only links of the reservation's calendar and QR. */
export const assetLinksRequestSchema = z.strictObject({ uid: capabilitySchema });
export const assetLinksResponseSchema = okSchema({
  links: z.object({ calendar: z.string(), qrSvg: z.string(), qrPng: z.string() }),
  /** The invitation to share (decision 040): `/mis-reservas#invitacion=<wid>&code=<checkInCode>`. */
  invitation: z.string(),
  expiresAt: z.string(),
});
export type AssetLinksResponse = z.infer<typeof assetLinksResponseSchema>;

/** GET /world/reservation/availability-events?date=: Server-Sent Events of one service date. */
export const AVAILABILITY_EVENTS_PATH = '/world/reservation/availability-events';
export const availabilityEventsQuerySchema = z.strictObject({ date: isoDateSchema });

/**
 * The one event of the stream (`event: availability-changed`): times of `date` changed (a booking, a
 * hold, a cancellation or a hold that lapsed). A hint without personal data: refetch checkavailability.
 * `event: ready` with the same body opens every stream.
 */
export const availabilityChangedEventSchema = z.object({ date: z.string() });
