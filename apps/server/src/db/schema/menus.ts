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
} from 'drizzle-orm/pg-core';
import { createdAt, instant, moneyCents, venueId } from './columns.ts';
import { elaborationStations } from './staff.ts';
import { venues } from './venues.ts';

/**
 * The 14 allergens of EU Regulation 1169/2011 annex II: reference data shared by every venue, inserted by
 * the `constraints` migration with fixed ids (so a product's allergen ids mean the same everywhere).
 * Their names are localised in code, keyed by `code`.
 */
export const allergens = pgTable('allergens', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique('allergens_code_key'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A course a dish belongs to (Primeros, Segundos, Postres, Bebidas): orders are fired course by course. */
export const dishClasses = pgTable(
  'dish_classes',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('dish_classes_venue_id_id_key').on(t.venueId, t.id)],
);

/**
 * A menu of the venue: the carta, the drinks menu (`menuTypeName` 'bebida'), a menú del día... Names shown
 * to guests come from translations (`menu.<id>.name`), `name` being the Spanish fallback.
 */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    menuTypeName: text('menu_type_name').notNull(),
    /** Order on staff screens. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** Order on the guest menu, which often differs (drinks last for guests, first for the bar). */
    sortOrderCustomer: integer('sort_order_customer').notNull().default(0),
    isDayMenu: boolean('is_day_menu').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [unique('menus_venue_id_id_key').on(t.venueId, t.id)],
);

/** A category of a menu; categories nest (`parentId`) and a child stays in its parent's menu. */
export const menuCategories = pgTable(
  'menu_categories',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    menuId: integer('menu_id').notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    unique('menu_categories_venue_id_id_key').on(t.venueId, t.id),
    unique('menu_categories_venue_menu_id_key').on(t.venueId, t.menuId, t.id),
    foreignKey({
      name: 'menu_categories_menu_fk',
      columns: [t.venueId, t.menuId],
      foreignColumns: [menus.venueId, menus.id],
    }).onDelete('cascade'),
    // Including menu_id makes a parent in another menu (or venue) impossible.
    foreignKey({
      name: 'menu_categories_parent_fk',
      columns: [t.venueId, t.menuId, t.parentId],
      foreignColumns: [t.venueId, t.menuId, t.id],
    }).onDelete('cascade'),
    check('menu_categories_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

/**
 * A product (dish, drink, or a menú del día when `isMenu`). The price is the current one: order lines copy
 * price and VAT rate when ordered, so a later price change never rewrites an account.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    /** Spanish name and description; other languages in translations (`product.<id>.name`). */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: moneyCents('price_cents').notNull(),
    /** VAT rate in basis points: 1000 = 10 % (food, soft drinks), 2100 = 21 % (alcohol). */
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** comida or bebida: a drink goes to the bar and to drinks lists (spec §9). */
    type: text('type').notNull().default('comida'),
    /** A menú del día: ordering it means choosing one product per course (`menu_courses`). */
    isMenu: boolean('is_menu').notNull().default(false),
    topChoice: boolean('top_choice').notNull().default(false),
    /** Ordered by the piece (croquetas, ostras): starts at `servingQtyMin`, grows by `unitaryIncrement`. */
    isUnitary: boolean('is_unitary').notNull().default(false),
    servingQtyMin: integer('serving_qty_min').notNull().default(1),
    unitaryIncrement: integer('unitary_increment').notNull().default(1),
    isShareable: boolean('is_shareable').notNull().default(false),
    /** Shown on the guest menu; invisible products can still be ordered by staff. */
    isVisible: boolean('is_visible').notNull().default(true),
    /** Sold out for now (availability manager): new orders are refused until it is back. */
    available: boolean('available').notNull().default(true),
    dishClassId: integer('dish_class_id'),
    /** Staff may move its lines to another course (spec "modifyDishClass"). */
    modifyDishClass: boolean('modify_dish_class').notNull().default(true),
    /** Copilot role names whose staff see this product's lines (spec requirementProductCopilotRoles). */
    requiredRoleNames: text('required_role_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pictureUrl: text('picture_url'),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Set when an admin removes a product that order lines name (decision 060): gone from every menu,
     * commander and editor list, kept so the history that points at it stays whole.
     */
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('products_venue_id_id_key').on(t.venueId, t.id),
    unique('products_venue_sku_key').on(t.venueId, t.sku),
    foreignKey({
      name: 'products_dish_class_fk',
      columns: [t.venueId, t.dishClassId],
      foreignColumns: [dishClasses.venueId, dishClasses.id],
    }),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_vat_rate_check', sql`${t.vatRateBp} between 0 and 10000`),
    check('products_type_check', sql`${t.type} in ('comida', 'bebida')`),
    check('products_serving_check', sql`${t.servingQtyMin} >= 1 and ${t.unitaryIncrement} >= 1`),
  ],
);

/** Where a product is prepared; a product may need several stations (a dish plated at the pass). */
export const productElaborationStations = pgTable(
  'product_elaboration_stations',
  {
    venueId: venueId(),
    productId: integer('product_id').notNull(),
    elaborationStationId: integer('elaboration_station_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.elaborationStationId] }),
    foreignKey({
      name: 'product_stations_product_fk',
      columns: [t.venueId, t.productId],
      foreignColumns: [products.venueId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_stations_station_fk',
      columns: [t.venueId, t.elaborationStationId],
      foreignColumns: [elaborationStations.venueId, elaborationStations.id],
    }).onDelete('cascade'),
  ],
);

/** A product listed in a category; one product may appear in several (a wine in "Tintos" and "Por copas"). */
export const productCategories = pgTable(
  'product_categories',
  {
    venueId: venueId(),
    categoryId: integer('category_id').notNull(),
    productId: integer('product_id').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.productId] }),
    index('product_categories_product_idx').on(t.venueId, t.productId),
    foreignKey({
      name: 'product_categories_category_fk',
      columns: [t.venueId, t.categoryId],
      foreignColumns: [menuCategories.venueId, menuCategories.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_categories_product_fk',
      columns: [t.venueId, t.productId],
      foreignColumns: [products.venueId, products.id],
    }).onDelete('cascade'),
  ],
);

/** Allergens a product contains, or may contain as traces (cross-contamination warning). */
export const productAllergens = pgTable(
  'product_allergens',
  {
    venueId: venueId(),
    productId: integer('product_id').notNull(),
    allergenId: integer('allergen_id')
      .notNull()
      .references(() => allergens.id),
    mayContainTraces: boolean('may_contain_traces').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.allergenId] }),
    foreignKey({
      name: 'product_allergens_product_fk',
      columns: [t.venueId, t.productId],
      foreignColumns: [products.venueId, products.id],
    }).onDelete('cascade'),
  ],
);

/** A kind of choice (Punto de la carne, Tamaño, Guarnición) with how many options a guest picks. */
export const optionTypes = pgTable(
  'option_types',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minChoices: integer('min_choices').notNull().default(0),
    maxChoices: integer('max_choices').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    unique('option_types_venue_id_id_key').on(t.venueId, t.id),
    check(
      'option_types_choices_check',
      sql`${t.minChoices} >= 0 and ${t.maxChoices} >= greatest(${t.minChoices}, 1)`,
    ),
  ],
);

/** One option of a type, with what it adds to (or takes off) the price. */
export const options = pgTable(
  'options',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    optionTypeId: integer('option_type_id').notNull(),
    name: text('name').notNull(),
    priceModifierCents: moneyCents('price_modifier_cents').notNull().default(0),
    /** Guests see only enabled options (spec §5). */
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    unique('options_venue_id_id_key').on(t.venueId, t.id),
    foreignKey({
      name: 'options_option_type_fk',
      columns: [t.venueId, t.optionTypeId],
      foreignColumns: [optionTypes.venueId, optionTypes.id],
    }).onDelete('cascade'),
  ],
);

/** Which option types a product offers. */
export const productOptionTypes = pgTable(
  'product_option_types',
  {
    venueId: venueId(),
    productId: integer('product_id').notNull(),
    optionTypeId: integer('option_type_id').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.optionTypeId] }),
    foreignKey({
      name: 'product_option_types_product_fk',
      columns: [t.venueId, t.productId],
      foreignColumns: [products.venueId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_option_types_option_type_fk',
      columns: [t.venueId, t.optionTypeId],
      foreignColumns: [optionTypes.venueId, optionTypes.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A course of a menú del día product (`products.is_menu`): the guest picks `minChoices`..`maxChoices`
 * dishes from its items. Its dish class fires the chosen dish with the right course.
 */
export const menuCourses = pgTable(
  'menu_courses',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    menuProductId: integer('menu_product_id').notNull(),
    name: text('name').notNull(),
    dishClassId: integer('dish_class_id'),
    minChoices: integer('min_choices').notNull().default(1),
    maxChoices: integer('max_choices').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    unique('menu_courses_venue_id_id_key').on(t.venueId, t.id),
    foreignKey({
      name: 'menu_courses_product_fk',
      columns: [t.venueId, t.menuProductId],
      foreignColumns: [products.venueId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'menu_courses_dish_class_fk',
      columns: [t.venueId, t.dishClassId],
      foreignColumns: [dishClasses.venueId, dishClasses.id],
    }),
    check(
      'menu_courses_choices_check',
      sql`${t.minChoices} >= 0 and ${t.maxChoices} >= greatest(${t.minChoices}, 1)`,
    ),
  ],
);

/**
 * What a course offers: one product, or a whole category (whatever it holds that day). A supplement is
 * charged on top of the menu price (the chuletón of a menú del día).
 */
export const menuCourseItems = pgTable(
  'menu_course_items',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    courseId: integer('course_id').notNull(),
    productId: integer('product_id'),
    categoryId: integer('category_id'),
    supplementCents: moneyCents('supplement_cents').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'menu_course_items_course_fk',
      columns: [t.venueId, t.courseId],
      foreignColumns: [menuCourses.venueId, menuCourses.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'menu_course_items_product_fk',
      columns: [t.venueId, t.productId],
      foreignColumns: [products.venueId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'menu_course_items_category_fk',
      columns: [t.venueId, t.categoryId],
      foreignColumns: [menuCategories.venueId, menuCategories.id],
    }).onDelete('cascade'),
    check('menu_course_items_target_check', sql`num_nonnulls(${t.productId}, ${t.categoryId}) = 1`),
    check('menu_course_items_supplement_check', sql`${t.supplementCents} >= 0`),
  ],
);
