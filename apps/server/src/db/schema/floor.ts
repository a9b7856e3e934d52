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
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, venueId } from './columns.ts';
import { venues } from './venues.ts';

/** A room of the venue (Sala, Terraza, Barra): guests pick one when booking, staff see the floor by it. */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Offered on the guest booking form; staff can still seat walk-ins in a room that is not. */
    reservable: boolean('reservable').notNull().default(true),
    /**
     * The plan's size in plan units (decision 059): tables are placed in it and screens scale it to fit.
     * Null until the admin first lays the room out; the copilot shows such a room as a grid.
     */
    planWidth: integer('plan_width'),
    planHeight: integer('plan_height'),
    /** Retired rather than deleted once reservations or tables point at it; retired rooms are never offered. */
    active: boolean('active').notNull().default(true),
    /** Bumped by every admin edit: an edit sent with an older version is refused (409), never clobbers. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('rooms_venue_id_id_key').on(t.venueId, t.id),
    check(
      'rooms_plan_check',
      sql`(${t.planWidth} is null) = (${t.planHeight} is null) and coalesce(${t.planWidth}, 1) > 0 and coalesce(${t.planHeight}, 1) > 0`,
    ),
    // The zone filter and notifications match rooms by name (spec §5), so two rooms must not share one.
    // A retired room keeps its name for history and frees it for a new room.
    uniqueIndex('rooms_venue_name_key')
      .on(t.venueId, sql`lower(${t.name})`)
      .where(sql`${t.active}`),
  ],
);

/**
 * A dining table. Its name is what staff say and type ("mesa 12"), so it is unique in the venue.
 * Tables are retired with `active = false` rather than deleted: bookings and bills keep pointing at them.
 */
export const diningTables = pgTable(
  'dining_tables',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    roomId: integer('room_id').notNull(),
    name: text('name').notNull(),
    minPax: integer('min_pax').notNull().default(1),
    maxPax: integer('max_pax').notNull(),
    /** May be joined with neighbours for a larger party (see `table_combinations`). */
    combinable: boolean('combinable').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Optional area inside the room (ventana, fondo, barra alta) for location tags and staff hints. */
    zone: text('zone'),
    active: boolean('active').notNull().default(true),
    /** Its drawing on the room's plan (decision 059): centre, size in plan units, clockwise rotation. */
    shape: text('shape').notNull().default('square'),
    x: integer('x').notNull().default(0),
    y: integer('y').notNull().default(0),
    width: integer('width').notNull().default(80),
    height: integer('height').notNull().default(80),
    rotation: integer('rotation').notNull().default(0),
    /** Bumped by every admin edit: an edit sent with an older version is refused (409), never clobbers. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('dining_tables_venue_id_id_key').on(t.venueId, t.id),
    // A retired table keeps its name on old bills and frees it for the table that replaces it.
    uniqueIndex('dining_tables_venue_name_key')
      .on(t.venueId, sql`lower(${t.name})`)
      .where(sql`${t.active}`),
    index('dining_tables_room_idx').on(t.venueId, t.roomId),
    foreignKey({
      name: 'dining_tables_room_fk',
      columns: [t.venueId, t.roomId],
      foreignColumns: [rooms.venueId, rooms.id],
    }).onDelete('cascade'),
    check('dining_tables_pax_check', sql`${t.minPax} >= 1 and ${t.maxPax} >= ${t.minPax}`),
    check('dining_tables_shape_check', sql`${t.shape} in ('round', 'square', 'rect')`),
    check(
      'dining_tables_layout_check',
      sql`${t.width} > 0 and ${t.height} > 0 and ${t.rotation} >= 0 and ${t.rotation} < 360`,
    ),
  ],
);

/**
 * A set of tables the venue joins for large parties (the availability engine offers only these, not any
 * adjacent pair), with the party sizes it seats once joined.
 */
export const tableCombinations = pgTable(
  'table_combinations',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minPax: integer('min_pax').notNull(),
    maxPax: integer('max_pax').notNull(),
  },
  (t) => [
    unique('table_combinations_venue_id_id_key').on(t.venueId, t.id),
    check('table_combinations_pax_check', sql`${t.minPax} >= 1 and ${t.maxPax} >= ${t.minPax}`),
  ],
);

/** The tables of a combination. */
export const tableCombinationMembers = pgTable(
  'table_combination_members',
  {
    venueId: venueId(),
    combinationId: integer('combination_id').notNull(),
    tableId: integer('table_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.combinationId, t.tableId] }),
    foreignKey({
      name: 'table_combination_members_combination_fk',
      columns: [t.venueId, t.combinationId],
      foreignColumns: [tableCombinations.venueId, tableCombinations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'table_combination_members_table_fk',
      columns: [t.venueId, t.tableId],
      foreignColumns: [diningTables.venueId, diningTables.id],
    }).onDelete('cascade'),
  ],
);
