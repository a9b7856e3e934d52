import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timeRange } from './time-range.ts';
import { PAYMENT_METHODS_SQL, RESERVATION_STATUSES_SQL } from './codes.ts';
import { createdAt, instant, venueId } from './columns.ts';
import { diningTables, rooms } from './floor.ts';
import { guests } from './guests.ts';
import { users } from './staff.ts';
import { venues } from './venues.ts';

export type { TimeRange } from './time-range.ts';

/**
 * The weekly service schedule as rows, one per weekday and service (lunch, dinner), which the
 * availability engine queries directly. Times are local to the venue's zone; an `ends_at` before
 * `starts_at` crosses midnight (the 06:00 service-day boundary keeps it in the same day).
 */
export const serviceSchedules = pgTable(
  'service_schedules',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    /** ISO weekday: 1 Monday .. 7 Sunday. */
    weekday: smallint('weekday').notNull(),
    name: text('name').notNull(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
    lastSeatingAt: time('last_seating_at').notNull(),
    slotIntervalMinutes: smallint('slot_interval_minutes').notNull().default(15),
    /** Pacing: most covers that may start in one slot; null means only tables limit it. */
    maxCoversPerSlot: integer('max_covers_per_slot'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    unique('service_schedules_venue_day_name_key').on(t.venueId, t.weekday, t.name),
    check('service_schedules_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('service_schedules_interval_check', sql`${t.slotIntervalMinutes} between 5 and 240`),
    check('service_schedules_pacing_check', sql`${t.maxCoversPerSlot} is null or ${t.maxCoversPerSlot} > 0`),
  ],
);

/**
 * A reservation, which is also the account of a table (walk-ins and sit-ins are reservations too).
 * `wid` is the public reference the spec's calls pass; it names the reservation but grants nothing
 * (guests act through capability tokens).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    wid: text('wid')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    /**
     * The six-character reference a guest reads out (issue 18, decision 029), unique per venue; null on
     * reservations made before it existed, which show their wid.
     */
    reference: text('reference'),
    /** See codes.ts: 1 active, 7 for payment, 10, negative finished (-4 no-show). */
    status: smallint('status').notNull().default(1),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    seatedAt: instant('seated_at'),
    finishedAt: instant('finished_at'),
    /** The guests are in and may order from their phones (spec menuAccessEnabled). */
    menuAccessEnabled: boolean('menu_access_enabled').notNull().default(false),
    name: text('name').notNull(),
    pax: integer('pax').notNull(),
    roomId: integer('room_id'),
    /** The zone the copilot's zone filter matches (a room name, spec §5). */
    zone: text('zone'),
    /** One of the venue's reservationLocationTags (ventana, terraza cubierta...). */
    locationTag: text('location_tag'),
    /** Internal comment, never shown to the guest. */
    staffComments: text('staff_comments'),
    /** What the guest wrote on the booking form. */
    guestComments: text('guest_comments'),
    /**
     * Allergens staff declared for the table (EU allergen ids, checked against `allergens` when written):
     * with the guests' own and the booking's notes, on every kitchen ticket of the table (issue 18).
     */
    staffAllergenIds: integer('staff_allergen_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** A dietary note staff took (celiac, vegan, no pork…), shown on the kitchen's tickets. */
    dietaryNotes: text('dietary_notes'),
    source: text('source').notNull().default('web'),
    kind: text('kind').notNull().default('dine_in'),
    /** The booking guest; invitees who joined are in `reservation_guests`. */
    guestId: integer('guest_id'),
    /** Set when merged into another account (spec "merge"); this one is then deactivated. */
    mergedIntoId: integer('merged_into_id'),
    /** Chosen when the bill is requested (status 7). */
    requestedPaymentMethod: text('requested_payment_method'),
    readyToOrderAt: instant('ready_to_order_at'),
    createdByUserId: integer('created_by_user_id'),
    /**
     * A hold's holder: the SHA-256 of the guest's network (their address, or its /64 in IPv6), never the
     * address itself, so one holder's holds at a time can be bounded (issue 17 item 6). Null otherwise.
     */
    heldBy: text('held_by'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('reservations_venue_id_id_key').on(t.venueId, t.id),
    uniqueIndex('reservations_wid_key').on(t.wid),
    uniqueIndex('reservations_venue_reference_key').on(t.venueId, t.reference),
    index('reservations_venue_starts_idx').on(t.venueId, t.startsAt),
    index('reservations_venue_status_idx').on(t.venueId, t.status),
    index('reservations_guest_idx').on(t.venueId, t.guestId),
    index('reservations_held_by_idx').on(t.venueId, t.heldBy),
    foreignKey({
      name: 'reservations_room_fk',
      columns: [t.venueId, t.roomId],
      foreignColumns: [rooms.venueId, rooms.id],
    }),
    foreignKey({
      name: 'reservations_guest_fk',
      columns: [t.venueId, t.guestId],
      foreignColumns: [guests.venueId, guests.id],
    }),
    foreignKey({
      name: 'reservations_merged_into_fk',
      columns: [t.venueId, t.mergedIntoId],
      foreignColumns: [t.venueId, t.id],
    }),
    foreignKey({
      name: 'reservations_created_by_fk',
      columns: [t.venueId, t.createdByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('reservations_status_check', sql`${t.status} in ${RESERVATION_STATUSES_SQL}`),
    check('reservations_time_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('reservations_pax_check', sql`${t.pax} >= 1`),
    check(
      'reservations_source_check',
      sql`${t.source} in ('web', 'iframe', 'widget', 'phone', 'walk_in', 'sit_in', 'kiosk', 'staff')`,
    ),
    check('reservations_kind_check', sql`${t.kind} in ('dine_in', 'takeaway', 'delivery')`),
    check(
      'reservations_payment_method_check',
      sql`${t.requestedPaymentMethod} is null or ${t.requestedPaymentMethod} in ${PAYMENT_METHODS_SQL}`,
    ),
  ],
);

/**
 * A table taken by a reservation for a time range. The `constraints` migration adds the REL-01
 * exclusion constraint: no two held, confirmed or seated bookings of one table overlap, decided by the
 * database whatever the application does. Ranges are half-open, so 20:00-22:00 and 22:00-23:30 fit.
 * A hold blocks until it is released: the predicate of an exclusion constraint cannot read the clock,
 * so whoever books first releases the expired holds it meets (`hold_expires_at < now()`).
 */
export const tableBookings = pgTable(
  'table_bookings',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    reservationId: integer('reservation_id').notNull(),
    tableId: integer('table_id').notNull(),
    during: timeRange('during').notNull(),
    status: text('status').notNull(),
    holdExpiresAt: instant('hold_expires_at'),
    createdAt: createdAt(),
    releasedAt: instant('released_at'),
  },
  (t) => [
    unique('table_bookings_venue_id_id_key').on(t.venueId, t.id),
    index('table_bookings_reservation_idx').on(t.venueId, t.reservationId),
    foreignKey({
      name: 'table_bookings_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'table_bookings_table_fk',
      columns: [t.venueId, t.tableId],
      foreignColumns: [diningTables.venueId, diningTables.id],
    }),
    check('table_bookings_status_check', sql`${t.status} in ('held', 'confirmed', 'seated', 'released')`),
    check('table_bookings_hold_check', sql`${t.status} <> 'held' or ${t.holdExpiresAt} is not null`),
    check(
      'table_bookings_during_check',
      sql`not isempty(${t.during}) and lower_inc(${t.during}) and not upper_inc(${t.during}) and not lower_inf(${t.during}) and not upper_inf(${t.during})`,
    ),
  ],
);

/** Guests who joined a reservation's account (host, invitees added by QR or by staff). */
export const reservationGuests = pgTable(
  'reservation_guests',
  {
    venueId: venueId(),
    reservationId: integer('reservation_id').notNull(),
    guestId: integer('guest_id').notNull(),
    isHost: boolean('is_host').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.guestId] }),
    foreignKey({
      name: 'reservation_guests_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'reservation_guests_guest_fk',
      columns: [t.venueId, t.guestId],
      foreignColumns: [guests.venueId, guests.id],
    }).onDelete('cascade'),
  ],
);
