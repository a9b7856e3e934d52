import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, moneyCents, venueId } from './columns.ts';
import { reservations } from './reservations.ts';
import { venues } from './venues.ts';

/**
 * How a venue takes takeaway and delivery orders (issue 27). A venue without a row takes pickup orders
 * with the defaults; `paused_until` in the future stops online orders until then.
 */
export const takeawaySettings = pgTable(
  'takeaway_settings',
  {
    venueId: venueId()
      .primaryKey()
      .references(() => venues.id, { onDelete: 'cascade' }),
    pickupEnabled: boolean('pickup_enabled').notNull().default(true),
    deliveryEnabled: boolean('delivery_enabled').notNull().default(false),
    /** Minutes the kitchen needs at least between an order and its pickup time. */
    leadMinutes: smallint('lead_minutes').notNull().default(30),
    /** Minutes between two pickup times. */
    slotMinutes: smallint('slot_minutes').notNull().default(15),
    /** Kitchen capacity: most orders one pickup time takes. */
    ordersPerSlot: smallint('orders_per_slot').notNull().default(4),
    pausedUntil: instant('paused_until'),
    /** Minutes the kitchen cooks an order: it fires at pickup minus these (decision 041). */
    prepMinutes: smallint('prep_minutes').notNull().default(20),
    /** Where deliveries leave from (WGS 84): radius zones are measured from here. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [
    check('takeaway_settings_prep_check', sql`${t.prepMinutes} between 0 and 720`),
    check(
      'takeaway_settings_origin_check',
      sql`(${t.latitude} is null and ${t.longitude} is null) or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180)`,
    ),
    check('takeaway_settings_lead_check', sql`${t.leadMinutes} between 0 and 1440`),
    check('takeaway_settings_slot_check', sql`${t.slotMinutes} between 5 and 120`),
    check('takeaway_settings_capacity_check', sql`${t.ordersPerSlot} between 1 and 500`),
  ],
);

/**
 * A delivery zone: the postal codes it covers, or a radius around the venue's delivery origin (metres),
 * its delivery fee and its minimum order (cents).
 */
export const takeawayZones = pgTable(
  'takeaway_zones',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    postalCodes: text('postal_codes').array().notNull(),
    radiusMeters: integer('radius_meters'),
    feeCents: moneyCents('fee_cents').notNull().default(0),
    minimumCents: moneyCents('minimum_cents').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('takeaway_zones_venue_idx').on(t.venueId),
    check('takeaway_zones_money_check', sql`${t.feeCents} >= 0 and ${t.minimumCents} >= 0`),
    check(
      'takeaway_zones_radius_check',
      sql`${t.radiusMeters} is null or ${t.radiusMeters} between 1 and 100000`,
    ),
  ],
);

/**
 * Orders taken for one pickup time. The check is the capacity rule itself: whatever the application
 * does, a slot never holds more orders than its capacity (the last place goes to exactly one order).
 */
export const takeawaySlotLoads = pgTable(
  'takeaway_slot_loads',
  {
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    slotStart: instant('slot_start').notNull(),
    orders: integer('orders').notNull().default(0),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'takeaway_slot_loads_pkey', columns: [t.venueId, t.slotStart] }),
    check('takeaway_slot_loads_capacity_check', sql`${t.orders} >= 0 and ${t.orders} <= ${t.capacity}`),
  ],
);

/** The last order number given on a service day: numbers restart at 1 each day, short to say aloud. */
export const takeawayDayCounters = pgTable(
  'takeaway_day_counters',
  {
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ name: 'takeaway_day_counters_pkey', columns: [t.venueId, t.serviceDate] })],
);

/**
 * A takeaway or delivery order: its account is a reservation of kind takeaway/delivery (no table), so
 * its lines, kitchen tickets and bill are the dine-in ones. Only the SHA-256 of the guest's status link
 * is kept (SEC-09).
 */
export const takeawayOrders = pgTable(
  'takeaway_orders',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id').notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    number: integer('number').notNull(),
    mode: text('mode').notNull(),
    pickupAt: instant('pickup_at').notNull(),
    status: text('status').notNull().default('received'),
    /** `at_pickup` (the counter takes it) or `online` (the venue's payment provider took it first). */
    paymentMethod: text('payment_method').notNull().default('at_pickup'),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    address: text('address'),
    postalCode: text('postal_code'),
    zoneId: integer('zone_id'),
    deliveryFeeCents: moneyCents('delivery_fee_cents').notNull().default(0),
    refusalReason: text('refusal_reason'),
    /** The guest's language: the order's emails are written in it. */
    locale: text('locale').notNull().default('es'),
    statusTokenHash: text('status_token_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('takeaway_orders_venue_id_id_key').on(t.venueId, t.id),
    unique('takeaway_orders_number_key').on(t.venueId, t.serviceDate, t.number),
    uniqueIndex('takeaway_orders_reservation_key').on(t.venueId, t.reservationId),
    uniqueIndex('takeaway_orders_token_key').on(t.statusTokenHash),
    index('takeaway_orders_pickup_idx').on(t.venueId, t.pickupAt),
    foreignKey({
      name: 'takeaway_orders_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }).onDelete('cascade'),
    check('takeaway_orders_mode_check', sql`${t.mode} in ('pickup', 'delivery')`),
    check(
      'takeaway_orders_status_check',
      sql`${t.status} in ('pending_payment', 'received', 'accepted', 'refused', 'preparing', 'ready', 'out_for_delivery', 'delivered', 'payment_failed')`,
    ),
    check(
      'takeaway_orders_address_check',
      sql`${t.mode} = 'pickup' or (${t.address} is not null and ${t.postalCode} is not null)`,
    ),
    check('takeaway_orders_fee_check', sql`${t.deliveryFeeCents} >= 0`),
    check('takeaway_orders_payment_method_check', sql`${t.paymentMethod} in ('at_pickup', 'online')`),
  ],
);
