import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { users } from './staff.ts';
import { venues } from './venues.ts';

/** A cash drawer of the venue. */
export const cashDrawers = pgTable(
  'cash_drawers',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('cash_drawers_venue_id_id_key').on(t.venueId, t.id)],
);

/**
 * Euro coins and notes, 1 cent to 500 euros: reference data shared by every venue, inserted by the
 * `constraints` migration with fixed ids so drawer counts mean the same everywhere.
 */
export const cashDenominations = pgTable(
  'cash_denominations',
  {
    id: integer('id').primaryKey(),
    valueCents: integer('value_cents').notNull().unique('cash_denominations_value_key'),
    kind: text('kind').$type<'coin' | 'note'>().notNull(),
  },
  (t) => [
    check('cash_denominations_kind_check', sql`${t.kind} in ('coin', 'note')`),
    check('cash_denominations_value_check', sql`${t.valueCents} > 0`),
  ],
);

/** How many of each denomination a drawer holds (its float), as last counted. */
export const cashDrawerSlots = pgTable(
  'cash_drawer_slots',
  {
    venueId: venueId(),
    cashDrawerId: integer('cash_drawer_id').notNull(),
    cashDenominationId: integer('cash_denomination_id')
      .notNull()
      .references(() => cashDenominations.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.cashDrawerId, t.cashDenominationId] }),
    foreignKey({
      name: 'cash_drawer_slots_drawer_fk',
      columns: [t.venueId, t.cashDrawerId],
      foreignColumns: [cashDrawers.venueId, cashDrawers.id],
    }).onDelete('cascade'),
    check('cash_drawer_slots_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** A card payment terminal of the venue (`provider` names the acquirer or integration). */
export const cardReaders = pgTable(
  'card_readers',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('card_readers_venue_id_id_key').on(t.venueId, t.id)],
);

/** Outside services the venue works with (delivery platforms, payment providers) for accounting. */
export const venueProviders = pgTable(
  'venue_providers',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
  },
  (t) => [unique('venue_providers_venue_id_id_key').on(t.venueId, t.id)],
);

/**
 * A cash count (spec "Snapshot"): type 1 day start, 2 between shifts, 3 day end; the drawer's counted
 * slots are in `accounting_snapshot_slots`, the card reader's total beside them.
 */
export const accountingSnapshots = pgTable(
  'accounting_snapshots',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    /** The service day it closes or opens (logical date, 06:00 boundary). */
    logicalDate: date('logical_date', { mode: 'string' }).notNull(),
    cashDrawerId: integer('cash_drawer_id'),
    cardReaderId: integer('card_reader_id'),
    totalCardAmountCents: moneyCents('total_card_amount_cents'),
    cardReaderSnapshotMode: text('card_reader_snapshot_mode'),
    takenByUserId: integer('taken_by_user_id'),
    /** The shift it opened or closed. */
    shiftId: integer('shift_id'),
    countedCashCents: moneyCents('counted_cash_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('accounting_snapshots_venue_id_id_key').on(t.venueId, t.id),
    index('accounting_snapshots_day_idx').on(t.venueId, t.logicalDate),
    foreignKey({
      name: 'accounting_snapshots_drawer_fk',
      columns: [t.venueId, t.cashDrawerId],
      foreignColumns: [cashDrawers.venueId, cashDrawers.id],
    }),
    foreignKey({
      name: 'accounting_snapshots_reader_fk',
      columns: [t.venueId, t.cardReaderId],
      foreignColumns: [cardReaders.venueId, cardReaders.id],
    }),
    foreignKey({
      name: 'accounting_snapshots_user_fk',
      columns: [t.venueId, t.takenByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('accounting_snapshots_type_check', sql`${t.type} in (1, 2, 3)`),
    check(
      'accounting_snapshots_card_total_check',
      sql`${t.totalCardAmountCents} is null or ${t.totalCardAmountCents} >= 0`,
    ),
  ],
);

/**
 * A shift of the till (issue 24, decision 033): opened by a day-start count, closed by a between-shifts
 * count (which opens the next) or a day-end count. Payments, tips and cash movements carry the shift they
 * landed in; a close sums them with the shift's row locked, so a payment racing it lands or is refused.
 * At most one open shift per venue (partial unique index).
 */
export const tillShifts = pgTable(
  'till_shifts',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    cashDrawerId: integer('cash_drawer_id').notNull(),
    /** The service day it opened on (06:00 boundary). */
    logicalDate: date('logical_date', { mode: 'string' }).notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    floatCents: moneyCents('float_cents').notNull(),
    openedSnapshotId: integer('opened_snapshot_id').notNull(),
    openedByUserId: integer('opened_by_user_id'),
    openedAt: instant('opened_at').notNull(),
    closedSnapshotId: integer('closed_snapshot_id'),
    closedByUserId: integer('closed_by_user_id'),
    closedAt: instant('closed_at'),
    /** Whether the close ended the service day (type 3) rather than handing over to the next shift. */
    endsDay: boolean('ends_day').notNull().default(false),
    expectedCashCents: moneyCents('expected_cash_cents'),
    countedCashCents: moneyCents('counted_cash_cents'),
    cardRecordedCents: moneyCents('card_recorded_cents'),
    cardReaderCents: moneyCents('card_reader_cents'),
    reopenCount: integer('reopen_count').notNull().default(0),
  },
  (t) => [
    unique('till_shifts_venue_id_id_key').on(t.venueId, t.id),
    uniqueIndex('till_shifts_one_open_idx')
      .on(t.venueId)
      .where(sql`${t.status} = 'open'`),
    index('till_shifts_day_idx').on(t.venueId, t.logicalDate),
    foreignKey({
      name: 'till_shifts_drawer_fk',
      columns: [t.venueId, t.cashDrawerId],
      foreignColumns: [cashDrawers.venueId, cashDrawers.id],
    }),
    check('till_shifts_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

/** The counted quantity of each denomination in a snapshot. */
export const accountingSnapshotSlots = pgTable(
  'accounting_snapshot_slots',
  {
    venueId: venueId(),
    snapshotId: integer('snapshot_id').notNull(),
    cashDenominationId: integer('cash_denomination_id')
      .notNull()
      .references(() => cashDenominations.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.cashDenominationId] }),
    foreignKey({
      name: 'accounting_snapshot_slots_snapshot_fk',
      columns: [t.venueId, t.snapshotId],
      foreignColumns: [accountingSnapshots.venueId, accountingSnapshots.id],
    }).onDelete('cascade'),
    check('accounting_snapshot_slots_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** Cash taken out of (type 0) or put into (type 1) a drawer outside sales: change float, supplier paid. */
export const cashDrawerTransactions = pgTable(
  'cash_drawer_transactions',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    cashDrawerId: integer('cash_drawer_id').notNull(),
    type: smallint('type').notNull(),
    amountCents: moneyCents('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    userId: integer('user_id'),
    /** The shift whose expected cash it moves. */
    shiftId: integer('shift_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_drawer_transactions_drawer_idx').on(t.venueId, t.cashDrawerId, t.createdAt),
    index('cash_drawer_transactions_shift_idx').on(t.venueId, t.shiftId),
    foreignKey({
      name: 'cash_drawer_transactions_shift_fk',
      columns: [t.venueId, t.shiftId],
      foreignColumns: [tillShifts.venueId, tillShifts.id],
    }),
    foreignKey({
      name: 'cash_drawer_transactions_drawer_fk',
      columns: [t.venueId, t.cashDrawerId],
      foreignColumns: [cashDrawers.venueId, cashDrawers.id],
    }),
    foreignKey({
      name: 'cash_drawer_transactions_user_fk',
      columns: [t.venueId, t.userId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('cash_drawer_transactions_type_check', sql`${t.type} in (0, 1)`),
    check('cash_drawer_transactions_amount_check', sql`${t.amountCents} > 0`),
  ],
);
