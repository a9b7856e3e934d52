import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PRODUCT_ORDER_STATUSES_SQL } from './codes.ts';
import { createdAt, instant, moneyCents, venueId } from './columns.ts';
import { guests } from './guests.ts';
import { dishClasses, products } from './menus.ts';
import { reservations } from './reservations.ts';
import { copilotRoles, users } from './staff.ts';

/** The cart of a reservation's account: every order of the table hangs from it. One per reservation. */
export const cartSessions = pgTable(
  'cart_sessions',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    reservationId: integer('reservation_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('cart_sessions_venue_id_id_key').on(t.venueId, t.id),
    unique('cart_sessions_reservation_key').on(t.venueId, t.reservationId),
    foreignKey({
      name: 'cart_sessions_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One order sent from a guest's phone or staff's commander (spec "Product order group"): created, then
 * processed by a role when the venue validates orders (cartStaffValidation). Status is the spec's
 * cartSessionStatus: 1 created; 2 and 3 are later stages (the kitchen lists 2, other roles 1 and 3,
 * spec §4; the orders domain fixes their exact meaning); -1 cancelled.
 */
export const cartSessionOrders = pgTable(
  'cart_session_orders',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    cartSessionId: integer('cart_session_id').notNull(),
    status: smallint('status').notNull().default(1),
    clientMessage: text('client_message'),
    /** Where the order came from (spec cart payload `source`: 2 is the guest menu). */
    source: smallint('source').notNull(),
    createdByGuestId: integer('created_by_guest_id'),
    createdByUserId: integer('created_by_user_id'),
    processedAt: instant('processed_at'),
    processedByUserId: integer('processed_by_user_id'),
    processedByRoleId: integer('processed_by_role_id'),
    /** The client's Idempotency-Key: a double tap or a retry is one order (REL-03). */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('cart_session_orders_venue_id_id_key').on(t.venueId, t.id),
    index('cart_session_orders_cart_idx').on(t.venueId, t.cartSessionId),
    uniqueIndex('cart_session_orders_idempotency_key')
      .on(t.venueId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    foreignKey({
      name: 'cart_session_orders_cart_fk',
      columns: [t.venueId, t.cartSessionId],
      foreignColumns: [cartSessions.venueId, cartSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'cart_session_orders_guest_fk',
      columns: [t.venueId, t.createdByGuestId],
      foreignColumns: [guests.venueId, guests.id],
    }),
    foreignKey({
      name: 'cart_session_orders_created_by_fk',
      columns: [t.venueId, t.createdByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    foreignKey({
      name: 'cart_session_orders_processed_by_fk',
      columns: [t.venueId, t.processedByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    foreignKey({
      name: 'cart_session_orders_processed_role_fk',
      columns: [t.venueId, t.processedByRoleId],
      foreignColumns: [copilotRoles.venueId, copilotRoles.id],
    }),
    check('cart_session_orders_status_check', sql`${t.status} in (-1, 1, 2, 3)`),
  ],
);

/**
 * A service event (spec §3): a batch of lines the kitchen and the pass handle together, typically one
 * course of a table fired at once. Status uses the product order codes; 100 (served) leaves pending lists.
 */
export const serviceEvents = pgTable(
  'service_events',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    reservationId: integer('reservation_id').notNull(),
    dishClassId: integer('dish_class_id'),
    status: smallint('status').notNull().default(0),
    firedAt: instant('fired_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('service_events_venue_id_id_key').on(t.venueId, t.id),
    index('service_events_reservation_idx').on(t.venueId, t.reservationId),
    foreignKey({
      name: 'service_events_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'service_events_dish_class_fk',
      columns: [t.venueId, t.dishClassId],
      foreignColumns: [dishClasses.venueId, dishClasses.id],
    }),
    check('service_events_status_check', sql`${t.status} in ${PRODUCT_ORDER_STATUSES_SQL}`),
  ],
);

/**
 * One order line (spec "Item"). Price, VAT rate, name and chosen options are copied at order time, so the
 * account, the bill and the kitchen ticket never change when the menu does. `units` is how many; for a
 * unitary product, the number of pieces. A menú del día is one line with its course choices as child
 * lines (`parentId`, `menuIncluded`, priced 0 unless a supplement applies).
 */
export const productOrders = pgTable(
  'product_orders',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    /** The account the line is charged to; moving a line to another table changes it. */
    reservationId: integer('reservation_id').notNull(),
    cartSessionOrderId: integer('cart_session_order_id'),
    serviceEventId: integer('service_event_id'),
    parentId: integer('parent_id'),
    productId: integer('product_id').notNull(),
    productSku: text('product_sku').notNull(),
    productName: text('product_name').notNull(),
    /** comida or bebida at order time: drinks go to the bar. */
    productType: text('product_type').notNull(),
    units: integer('units').notNull().default(1),
    status: smallint('status').notNull().default(0),
    datePreparing: instant('date_preparing'),
    dateReady: instant('date_ready'),
    dateServed: instant('date_served'),
    dishClassId: integer('dish_class_id'),
    /** Chosen options at order time: [{ optionTypeId, optionId, name, priceModifierCents }]. */
    choices: jsonb('choices').notNull().default([]),
    /** Unit price with options, VAT included, at order time. */
    priceCents: moneyCents('price_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** No station of the line matches: hidden from stations unless "show all" (spec §6). */
    isGhost: boolean('is_ghost').notNull().default(false),
    isShareable: boolean('is_shareable').notNull().default(false),
    /** Covered by a menú del día. */
    menuIncluded: boolean('menu_included').notNull().default(false),
    /**
     * The unit price the line takes when toggle-menu-included flips `menuIncluded`, swapped with
     * `priceCents` each time: 0 for a dish ordered on its own (the menu covers it), the dish's own price
     * with its options for a menu course (charged on its own). Kept so toggling back restores the price.
     */
    toggledPriceCents: moneyCents('toggled_price_cents').notNull().default(0),
    /** Held back until its course is fired (dispatch-fireable). */
    held: boolean('held').notNull().default(false),
    firedAt: instant('fired_at'),
    paidAt: instant('paid_at'),
    /**
     * The payment that paid this line when it was paid by items (a part of a split by products), so voiding
     * that payment puts the line back among the unpaid. Lines paid with the whole account name none.
     */
    paidByPaymentId: integer('paid_by_payment_id'),
    comments: text('comments'),
    staffComments: text('staff_comments'),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('product_orders_venue_id_id_key').on(t.venueId, t.id),
    index('product_orders_reservation_idx').on(t.venueId, t.reservationId),
    // Course firing reads an account's held lines on every order: few, among all the account's lines.
    index('product_orders_held_idx')
      .on(t.venueId, t.reservationId)
      .where(sql`${t.held}`),
    index('product_orders_status_idx').on(t.venueId, t.status),
    index('product_orders_order_idx').on(t.venueId, t.cartSessionOrderId),
    foreignKey({
      name: 'product_orders_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_orders_cart_order_fk',
      columns: [t.venueId, t.cartSessionOrderId],
      foreignColumns: [cartSessionOrders.venueId, cartSessionOrders.id],
    }),
    foreignKey({
      name: 'product_orders_service_event_fk',
      columns: [t.venueId, t.serviceEventId],
      foreignColumns: [serviceEvents.venueId, serviceEvents.id],
    }),
    foreignKey({
      name: 'product_orders_parent_fk',
      columns: [t.venueId, t.parentId],
      foreignColumns: [t.venueId, t.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_orders_product_fk',
      columns: [t.venueId, t.productId],
      foreignColumns: [products.venueId, products.id],
    }),
    foreignKey({
      name: 'product_orders_dish_class_fk',
      columns: [t.venueId, t.dishClassId],
      foreignColumns: [dishClasses.venueId, dishClasses.id],
    }),
    foreignKey({
      name: 'product_orders_created_by_fk',
      columns: [t.venueId, t.createdByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('product_orders_status_check', sql`${t.status} in ${PRODUCT_ORDER_STATUSES_SQL}`),
    check('product_orders_units_check', sql`${t.units} >= 1`),
    check('product_orders_price_check', sql`${t.priceCents} >= 0`),
    check('product_orders_toggled_price_check', sql`${t.toggledPriceCents} >= 0`),
    check('product_orders_vat_rate_check', sql`${t.vatRateBp} between 0 and 10000`),
    check('product_orders_type_check', sql`${t.productType} in ('comida', 'bebida')`),
    check('product_orders_choices_check', sql`jsonb_typeof(${t.choices}) = 'array'`),
  ],
);
