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
import { createdAt, instant, venueId } from './columns.ts';
import { venues } from './venues.ts';

/** A staff member of one venue. Email is unique per venue, compared case-insensitively. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id PHC string (SEC-03). */
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** May use /copilot and /kiosk. */
    copilotEnabled: boolean('copilot_enabled').notNull().default(true),
    /** Public identifier the spec calls welKey; never a credential. */
    welKey: text('wel_key').notNull(),
    hostCode: text('host_code').notNull(),
    disabledAt: instant('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_venue_email_key').on(t.venueId, sql`lower(${t.email})`),
    uniqueIndex('users_wel_key_key').on(t.welKey),
    unique('users_venue_id_id_key').on(t.venueId, t.id),
  ],
);

/**
 * Staff bearer tokens (SEC-05): only the SHA-256 of the random token is stored, so a database leak
 * yields no usable token. Sliding idle expiry with an absolute cap.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    absoluteExpiresAt: instant('absolute_expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash),
    index('staff_sessions_user_idx').on(t.venueId, t.userId),
    foreignKey({ columns: [t.venueId, t.userId], foreignColumns: [users.venueId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Addresses a staff member signed in from (ASVS 2.2.1): attempts from them skip the account-wide login
 * budget, so guessing from elsewhere slows down without locking the real user out of their own venue.
 */
export const staffLoginAddresses = pgTable(
  'staff_login_addresses',
  {
    venueId: venueId(),
    userId: integer('user_id').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: instant('last_success_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.userId, t.address] }),
    foreignKey({ columns: [t.venueId, t.userId], foreignColumns: [users.venueId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** An elaboration type (spec §3 "elaborationTypes"): hot kitchen, cold kitchen, bar, pastry... */
export const elaborationTypes = pgTable(
  'elaboration_types',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('elaboration_types_venue_id_id_key').on(t.venueId, t.id)],
);

/** An elaboration station: a place where lines are prepared (a kitchen line, the bar), of one type. */
export const elaborationStations = pgTable(
  'elaboration_stations',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    elaborationTypeId: integer('elaboration_type_id').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    unique('elaboration_stations_venue_id_id_key').on(t.venueId, t.id),
    foreignKey({
      columns: [t.venueId, t.elaborationTypeId],
      foreignColumns: [elaborationTypes.venueId, elaborationTypes.id],
    }).onDelete('cascade'),
  ],
);

/** A copilot role (spec §3 "Copilot role"): a named view with its stations and notification types. */
export const copilotRoles = pgTable(
  'copilot_roles',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of Sala, 1 en Sala, Cocina, Barra, TPV, Pasante. */
    view: text('view').notNull(),
    notificationTypes: text('notification_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Roles whose products this role sees (spec "requirementProductCopilotRoles"). */
    requiredProductRoles: text('required_product_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    unique('copilot_roles_venue_id_id_key').on(t.venueId, t.id),
    check(
      'copilot_roles_view_check',
      sql`${t.view} in ('Sala', '1 en Sala', 'Cocina', 'Barra', 'TPV', 'Pasante')`,
    ),
  ],
);

/** Which elaboration stations a copilot role follows. */
export const copilotRoleStations = pgTable(
  'copilot_role_stations',
  {
    venueId: venueId(),
    copilotRoleId: integer('copilot_role_id').notNull(),
    elaborationStationId: integer('elaboration_station_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.copilotRoleId, t.elaborationStationId] }),
    foreignKey({
      columns: [t.venueId, t.copilotRoleId],
      foreignColumns: [copilotRoles.venueId, copilotRoles.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.venueId, t.elaborationStationId],
      foreignColumns: [elaborationStations.venueId, elaborationStations.id],
    }).onDelete('cascade'),
  ],
);

/** Which copilot roles a staff member may take; `isActive` marks the one preselected (spec "active: 1"). */
export const userCopilotRoles = pgTable(
  'user_copilot_roles',
  {
    venueId: venueId(),
    userId: integer('user_id').notNull(),
    copilotRoleId: integer('copilot_role_id').notNull(),
    isActive: boolean('is_active').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.copilotRoleId] }),
    foreignKey({ columns: [t.venueId, t.userId], foreignColumns: [users.venueId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.venueId, t.copilotRoleId],
      foreignColumns: [copilotRoles.venueId, copilotRoles.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A set-password capability (issue 22 item 5): an invitation or a reset, sent as a link or shown once as a
 * code. Only its SHA-256 is kept; it expires, is spent on use, and a newer one for the member voids it.
 */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    uniqueIndex('staff_password_links_code_hash_key').on(t.codeHash),
    index('staff_password_links_user_idx').on(t.venueId, t.userId),
    foreignKey({ columns: [t.venueId, t.userId], foreignColumns: [users.venueId, users.id] }).onDelete(
      'cascade',
    ),
    check('staff_password_links_purpose_check', sql`${t.purpose} in ('invite', 'reset')`),
  ],
);
