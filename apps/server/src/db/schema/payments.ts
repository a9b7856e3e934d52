import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, instant, moneyCents, venueId } from './columns.ts';
import { takeawayOrders } from './takeaway.ts';
import { venues } from './venues.ts';

/**
 * A venue's online payment provider (issue 27 item 2, decision 039). `environment` says where its
 * gateway is: the test acquirer in this repository (loopback), Redsys's test or its live platform. The
 * merchant secret is the acquirer's base64 key: never logged and never in a reply.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    venueId: venueId()
      .primaryKey()
      .references(() => venues.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('redsys'),
    environment: text('environment').notNull(),
    merchantCode: text('merchant_code').notNull(),
    terminal: text('terminal').notNull(),
    secretKey: text('secret_key').notNull(),
    /** Minutes an order waiting for its payment holds its pickup time. */
    holdMinutes: smallint('hold_minutes').notNull().default(10),
  },
  (t) => [
    check('payment_settings_provider_check', sql`${t.provider} in ('redsys')`),
    check(
      'payment_settings_environment_check',
      sql`${t.environment} in ('test_acquirer', 'redsys_test', 'redsys_live')`,
    ),
    check('payment_settings_hold_check', sql`${t.holdMinutes} between 2 and 60`),
  ],
);

/**
 * One online payment of a takeaway order at the acquirer, by its order reference (Redsys's
 * DS_MERCHANT_ORDER). `payment_id` is the billing payment the authorisation became; only the amount,
 * the authorisation code and the reference are kept (PCI-01).
 */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    takeawayOrderId: integer('takeaway_order_id').notNull(),
    orderRef: text('order_ref').notNull(),
    amountCents: moneyCents('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    authCode: text('auth_code'),
    paymentId: integer('payment_id'),
    expiresAt: instant('expires_at').notNull(),
    settledAt: instant('settled_at'),
    refundedAt: instant('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('online_payments_order_ref_key').on(t.venueId, t.orderRef),
    unique('online_payments_takeaway_order_key').on(t.venueId, t.takeawayOrderId),
    foreignKey({
      name: 'online_payments_takeaway_order_fk',
      columns: [t.venueId, t.takeawayOrderId],
      foreignColumns: [takeawayOrders.venueId, takeawayOrders.id],
    }).onDelete('cascade'),
    check(
      'online_payments_status_check',
      sql`${t.status} in ('pending', 'authorised', 'denied', 'expired', 'refunded')`,
    ),
    check('online_payments_amount_check', sql`${t.amountCents} > 0`),
    check('online_payments_order_ref_check', sql`${t.orderRef} ~ '^[0-9]{4}[0-9A-Za-z]{0,8}$'`),
  ],
);
