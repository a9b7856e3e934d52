CREATE TABLE "venue_counters" (
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"subdomain" text NOT NULL,
	"custom_host" text,
	"business_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"default_locale" text DEFAULT 'es' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_status_check" CHECK ("venues"."status" in ('active', 'suspended')),
	CONSTRAINT "venues_subdomain_check" CHECK ("venues"."subdomain" ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$')
);
--> statement-breakpoint
CREATE TABLE "copilot_role_stations" (
	"venue_id" integer NOT NULL,
	"copilot_role_id" integer NOT NULL,
	"elaboration_station_id" integer NOT NULL,
	CONSTRAINT "copilot_role_stations_copilot_role_id_elaboration_station_id_pk" PRIMARY KEY("copilot_role_id","elaboration_station_id")
);
--> statement-breakpoint
CREATE TABLE "copilot_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"view" text NOT NULL,
	"notification_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"required_product_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "copilot_roles_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "copilot_roles_view_check" CHECK ("copilot_roles"."view" in ('Sala', '1 en Sala', 'Cocina', 'Barra', 'TPV', 'Pasante'))
);
--> statement-breakpoint
CREATE TABLE "elaboration_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"elaboration_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "elaboration_stations_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "elaboration_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "elaboration_types_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_copilot_roles" (
	"venue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"copilot_role_id" integer NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_copilot_roles_user_id_copilot_role_id_pk" PRIMARY KEY("user_id","copilot_role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"copilot_enabled" boolean DEFAULT true NOT NULL,
	"wel_key" text NOT NULL,
	"host_code" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"actor_user_id" integer,
	"actor_role" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"venue_id" integer NOT NULL,
	"actor" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_venue_id_actor_key_pk" PRIMARY KEY("venue_id","actor","key")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_buckets_key_window_start_pk" PRIMARY KEY("key","window_start"),
	CONSTRAINT "rate_limit_hits_check" CHECK ("rate_limit_buckets"."hits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "realtime_events" (
	"venue_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_events_venue_id_seq_pk" PRIMARY KEY("venue_id","seq")
);
--> statement-breakpoint
CREATE TABLE "accounting_snapshot_slots" (
	"venue_id" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"cash_denomination_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "accounting_snapshot_slots_snapshot_id_cash_denomination_id_pk" PRIMARY KEY("snapshot_id","cash_denomination_id"),
	CONSTRAINT "accounting_snapshot_slots_quantity_check" CHECK ("accounting_snapshot_slots"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "accounting_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"logical_date" date NOT NULL,
	"cash_drawer_id" integer,
	"card_reader_id" integer,
	"total_card_amount_cents" bigint,
	"card_reader_snapshot_mode" text,
	"taken_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_snapshots_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "accounting_snapshots_type_check" CHECK ("accounting_snapshots"."type" in (1, 2, 3)),
	CONSTRAINT "accounting_snapshots_card_total_check" CHECK ("accounting_snapshots"."total_card_amount_cents" is null or "accounting_snapshots"."total_card_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "card_readers" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_readers_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "cash_denominations" (
	"id" integer PRIMARY KEY NOT NULL,
	"value_cents" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "cash_denominations_value_key" UNIQUE("value_cents"),
	CONSTRAINT "cash_denominations_kind_check" CHECK ("cash_denominations"."kind" in ('coin', 'note')),
	CONSTRAINT "cash_denominations_value_check" CHECK ("cash_denominations"."value_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "cash_drawer_slots" (
	"venue_id" integer NOT NULL,
	"cash_drawer_id" integer NOT NULL,
	"cash_denomination_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cash_drawer_slots_cash_drawer_id_cash_denomination_id_pk" PRIMARY KEY("cash_drawer_id","cash_denomination_id"),
	CONSTRAINT "cash_drawer_slots_quantity_check" CHECK ("cash_drawer_slots"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_drawer_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"cash_drawer_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_drawer_transactions_type_check" CHECK ("cash_drawer_transactions"."type" in (0, 1)),
	CONSTRAINT "cash_drawer_transactions_amount_check" CHECK ("cash_drawer_transactions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "cash_drawers" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cash_drawers_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "venue_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "venue_providers_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_pax" integer DEFAULT 1 NOT NULL,
	"max_pax" integer NOT NULL,
	"combinable" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"zone" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dining_tables_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "dining_tables_pax_check" CHECK ("dining_tables"."min_pax" >= 1 and "dining_tables"."max_pax" >= "dining_tables"."min_pax")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"reservable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "table_combination_members" (
	"venue_id" integer NOT NULL,
	"combination_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	CONSTRAINT "table_combination_members_combination_id_table_id_pk" PRIMARY KEY("combination_id","table_id")
);
--> statement-breakpoint
CREATE TABLE "table_combinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_pax" integer NOT NULL,
	"max_pax" integer NOT NULL,
	CONSTRAINT "table_combinations_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "table_combinations_pax_check" CHECK ("table_combinations"."min_pax" >= 1 and "table_combinations"."max_pax" >= "table_combinations"."min_pax")
);
--> statement-breakpoint
CREATE TABLE "allergens" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "allergens_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "dish_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dish_classes_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "menu_categories_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "menu_categories_venue_menu_id_key" UNIQUE("venue_id","menu_id","id"),
	CONSTRAINT "menu_categories_parent_check" CHECK ("menu_categories"."parent_id" is null or "menu_categories"."parent_id" <> "menu_categories"."id")
);
--> statement-breakpoint
CREATE TABLE "menu_course_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"product_id" integer,
	"category_id" integer,
	"supplement_cents" bigint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_course_items_target_check" CHECK (num_nonnulls("menu_course_items"."product_id", "menu_course_items"."category_id") = 1),
	CONSTRAINT "menu_course_items_supplement_check" CHECK ("menu_course_items"."supplement_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menu_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"menu_product_id" integer NOT NULL,
	"name" text NOT NULL,
	"dish_class_id" integer,
	"min_choices" integer DEFAULT 1 NOT NULL,
	"max_choices" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_courses_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "menu_courses_choices_check" CHECK ("menu_courses"."min_choices" >= 0 and "menu_courses"."max_choices" >= greatest("menu_courses"."min_choices", 1))
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"menu_type_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"sort_order_customer" integer DEFAULT 0 NOT NULL,
	"is_day_menu" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menus_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "option_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_choices" integer DEFAULT 0 NOT NULL,
	"max_choices" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "option_types_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "option_types_choices_check" CHECK ("option_types"."min_choices" >= 0 and "option_types"."max_choices" >= greatest("option_types"."min_choices", 1))
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"option_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_modifier_cents" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "options_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_allergens" (
	"venue_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"allergen_id" integer NOT NULL,
	"may_contain_traces" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_allergens_product_id_allergen_id_pk" PRIMARY KEY("product_id","allergen_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"venue_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_category_id_product_id_pk" PRIMARY KEY("category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_elaboration_stations" (
	"venue_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"elaboration_station_id" integer NOT NULL,
	CONSTRAINT "product_elaboration_stations_product_id_elaboration_station_id_pk" PRIMARY KEY("product_id","elaboration_station_id")
);
--> statement-breakpoint
CREATE TABLE "product_option_types" (
	"venue_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"option_type_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_option_types_product_id_option_type_id_pk" PRIMARY KEY("product_id","option_type_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"type" text DEFAULT 'comida' NOT NULL,
	"is_menu" boolean DEFAULT false NOT NULL,
	"top_choice" boolean DEFAULT false NOT NULL,
	"is_unitary" boolean DEFAULT false NOT NULL,
	"serving_qty_min" integer DEFAULT 1 NOT NULL,
	"unitary_increment" integer DEFAULT 1 NOT NULL,
	"is_shareable" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"dish_class_id" integer,
	"modify_dish_class" boolean DEFAULT true NOT NULL,
	"required_role_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"picture_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "products_venue_sku_key" UNIQUE("venue_id","sku"),
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate_bp" between 0 and 10000),
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('comida', 'bebida')),
	CONSTRAINT "products_serving_check" CHECK ("products"."serving_qty_min" >= 1 and "products"."unitary_increment" >= 1)
);
--> statement-breakpoint
CREATE TABLE "guest_allergens" (
	"venue_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"allergen_id" integer NOT NULL,
	CONSTRAINT "guest_allergens_guest_id_allergen_id_pk" PRIMARY KEY("guest_id","allergen_id")
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"locale" text,
	"consented_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guests_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "guests_locale_check" CHECK ("guests"."locale" is null or "guests"."locale" in ('es', 'en', 'de', 'fr', 'eu', 'ca', 'it', 'gl', 'pt'))
);
--> statement-breakpoint
CREATE TABLE "reservation_guests" (
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"is_host" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_guests_reservation_id_guest_id_pk" PRIMARY KEY("reservation_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"wid" text DEFAULT gen_random_uuid()::text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"seated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"menu_access_enabled" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"pax" integer NOT NULL,
	"room_id" integer,
	"zone" text,
	"location_tag" text,
	"staff_comments" text,
	"guest_comments" text,
	"source" text DEFAULT 'web' NOT NULL,
	"kind" text DEFAULT 'dine_in' NOT NULL,
	"guest_id" integer,
	"merged_into_id" integer,
	"requested_payment_method" text,
	"ready_to_order_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in (1, 7, 10, -1, -2, -3, -4)),
	CONSTRAINT "reservations_time_check" CHECK ("reservations"."ends_at" > "reservations"."starts_at"),
	CONSTRAINT "reservations_pax_check" CHECK ("reservations"."pax" >= 1),
	CONSTRAINT "reservations_source_check" CHECK ("reservations"."source" in ('web', 'iframe', 'widget', 'phone', 'walk_in', 'sit_in', 'kiosk', 'staff')),
	CONSTRAINT "reservations_kind_check" CHECK ("reservations"."kind" in ('dine_in', 'takeaway', 'delivery')),
	CONSTRAINT "reservations_payment_method_check" CHECK ("reservations"."requested_payment_method" is null or "reservations"."requested_payment_method" in ('cash', 'card', 'other'))
);
--> statement-breakpoint
CREATE TABLE "service_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"name" text NOT NULL,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL,
	"last_seating_at" time NOT NULL,
	"slot_interval_minutes" smallint DEFAULT 15 NOT NULL,
	"max_covers_per_slot" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_schedules_venue_day_name_key" UNIQUE("venue_id","weekday","name"),
	CONSTRAINT "service_schedules_weekday_check" CHECK ("service_schedules"."weekday" between 1 and 7),
	CONSTRAINT "service_schedules_interval_check" CHECK ("service_schedules"."slot_interval_minutes" between 5 and 240),
	CONSTRAINT "service_schedules_pacing_check" CHECK ("service_schedules"."max_covers_per_slot" is null or "service_schedules"."max_covers_per_slot" > 0)
);
--> statement-breakpoint
CREATE TABLE "table_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "table_bookings_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "table_bookings_status_check" CHECK ("table_bookings"."status" in ('held', 'confirmed', 'seated', 'released')),
	CONSTRAINT "table_bookings_hold_check" CHECK ("table_bookings"."status" <> 'held' or "table_bookings"."hold_expires_at" is not null),
	CONSTRAINT "table_bookings_during_check" CHECK (not isempty("table_bookings"."during") and lower_inc("table_bookings"."during") and not upper_inc("table_bookings"."during") and not lower_inf("table_bookings"."during") and not upper_inf("table_bookings"."during"))
);
--> statement-breakpoint
CREATE TABLE "guest_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"reservation_id" integer,
	"table_id" integer,
	"guest_id" integer,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_tokens_scope_check" CHECK (("guest_tokens"."purpose" = 'table' and "guest_tokens"."table_id" is not null and "guest_tokens"."reservation_id" is null)
        or ("guest_tokens"."purpose" in ('reservation', 'menu') and "guest_tokens"."reservation_id" is not null and "guest_tokens"."table_id" is null))
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"venue_id" integer NOT NULL,
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_venue_id_key_locale_pk" PRIMARY KEY("venue_id","key","locale"),
	CONSTRAINT "translations_locale_check" CHECK ("translations"."locale" in ('es', 'en', 'de', 'fr', 'eu', 'ca', 'it', 'gl', 'pt')),
	CONSTRAINT "translations_key_check" CHECK (length("translations"."key") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "cart_session_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"cart_session_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"client_message" text,
	"source" smallint NOT NULL,
	"created_by_guest_id" integer,
	"created_by_user_id" integer,
	"processed_at" timestamp with time zone,
	"processed_by_user_id" integer,
	"processed_by_role_id" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_session_orders_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "cart_session_orders_status_check" CHECK ("cart_session_orders"."status" in (-1, 1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "cart_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_sessions_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "cart_sessions_reservation_key" UNIQUE("venue_id","reservation_id")
);
--> statement-breakpoint
CREATE TABLE "product_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"cart_session_order_id" integer,
	"service_event_id" integer,
	"parent_id" integer,
	"product_id" integer NOT NULL,
	"product_sku" text NOT NULL,
	"product_name" text NOT NULL,
	"product_type" text NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"date_preparing" timestamp with time zone,
	"date_ready" timestamp with time zone,
	"date_served" timestamp with time zone,
	"dish_class_id" integer,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_cents" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"is_ghost" boolean DEFAULT false NOT NULL,
	"is_shareable" boolean DEFAULT false NOT NULL,
	"menu_included" boolean DEFAULT false NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"fired_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"comments" text,
	"staff_comments" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_orders_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "product_orders_status_check" CHECK ("product_orders"."status" in (0, 1, 2, 3, 4, 5, 6, 7, 100, -1, -2, -3, -4)),
	CONSTRAINT "product_orders_units_check" CHECK ("product_orders"."units" >= 1),
	CONSTRAINT "product_orders_price_check" CHECK ("product_orders"."price_cents" >= 0),
	CONSTRAINT "product_orders_vat_rate_check" CHECK ("product_orders"."vat_rate_bp" between 0 and 10000),
	CONSTRAINT "product_orders_type_check" CHECK ("product_orders"."product_type" in ('comida', 'bebida')),
	CONSTRAINT "product_orders_choices_check" CHECK (jsonb_typeof("product_orders"."choices") = 'array')
);
--> statement-breakpoint
CREATE TABLE "service_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"dish_class_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_events_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "service_events_status_check" CHECK ("service_events"."status" in (0, 1, 2, 3, 4, 5, 6, 7, 100, -1, -2, -3, -4))
);
--> statement-breakpoint
CREATE TABLE "notification_rooms" (
	"venue_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	CONSTRAINT "notification_rooms_notification_id_room_id_pk" PRIMARY KEY("notification_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"type" text NOT NULL,
	"subtype" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"target" text,
	"payment_method" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reservation_id" integer,
	"dedupe_key" text,
	"acknowledged_by_user_id" integer,
	"acknowledged_at" timestamp with time zone,
	"played" boolean DEFAULT false NOT NULL,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('upselling_drinks_reminder', 'kiosk_walk_in', 'kiosk_qr_scan', 'customer_ready_to_order', 'ticket_request', 'order_ready_drinks', 'order_ready_food', 'call_staff')),
	CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in (0, 1)),
	CONSTRAINT "notifications_ack_check" CHECK (("notifications"."status" = 1) = ("notifications"."acknowledged_at" is not null)),
	CONSTRAINT "notifications_payment_method_check" CHECK ("notifications"."payment_method" is null or "notifications"."payment_method" in ('cash', 'card', 'other')),
	CONSTRAINT "notifications_data_check" CHECK (jsonb_typeof("notifications"."data") = 'object')
);
--> statement-breakpoint
CREATE TABLE "bill_client_fiscal_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"tax_id" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'ES' NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_client_fiscal_infos_venue_id_id_key" UNIQUE("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"product_order_id" integer,
	"description" text NOT NULL,
	"units" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_lines_vat_rate_check" CHECK ("bill_lines"."vat_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "bill_tax_lines" (
	"venue_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"base_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "bill_tax_lines_bill_id_vat_rate_bp_pk" PRIMARY KEY("bill_id","vat_rate_bp"),
	CONSTRAINT "bill_tax_lines_amounts_check" CHECK ("bill_tax_lines"."base_cents" + "bill_tax_lines"."vat_cents" = "bill_tax_lines"."total_cents"),
	CONSTRAINT "bill_tax_lines_vat_rate_check" CHECK ("bill_tax_lines"."vat_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"series" text,
	"number" bigint,
	"issued_at" timestamp with time zone,
	"base_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"client_fiscal_info" jsonb,
	"client_fiscal_info_id" integer,
	"replaces_bill_id" integer,
	"rectifies_bill_id" integer,
	"created_by_user_id" integer,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "bills_venue_series_number_key" UNIQUE("venue_id","series","number"),
	CONSTRAINT "bills_type_check" CHECK ("bills"."type" in (0, 1, 2, 3)),
	CONSTRAINT "bills_numbering_check" CHECK (("bills"."type" = 0 and "bills"."series" is null and "bills"."number" is null)
        or ("bills"."type" <> 0 and "bills"."series" is not null and "bills"."number" >= 1 and "bills"."issued_at" is not null)),
	CONSTRAINT "bills_amounts_check" CHECK ("bills"."base_cents" + "bills"."vat_cents" = "bills"."total_cents"),
	CONSTRAINT "bills_sign_check" CHECK ("bills"."type" = 3 or ("bills"."base_cents" >= 0 and "bills"."vat_cents" >= 0 and "bills"."discount_cents" >= 0)),
	CONSTRAINT "bills_nominative_check" CHECK ("bills"."type" <> 2 or "bills"."client_fiscal_info" is not null),
	CONSTRAINT "bills_voided_check" CHECK ("bills"."voided_at" is null or "bills"."type" = 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"venue_id" integer NOT NULL,
	"series" text NOT NULL,
	"kind" text DEFAULT 'simplified' NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_series_venue_id_series_pk" PRIMARY KEY("venue_id","series"),
	CONSTRAINT "invoice_series_kind_check" CHECK ("invoice_series"."kind" in ('simplified', 'complete', 'corrective')),
	CONSTRAINT "invoice_series_name_check" CHECK ("invoice_series"."series" ~ '^[A-Za-z0-9/_-]{1,20}$'),
	CONSTRAINT "invoice_series_number_check" CHECK ("invoice_series"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"bill_id" integer,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"tendered_cents" bigint,
	"change_cents" bigint,
	"card_brand" text,
	"card_last4" text,
	"card_auth_code" text,
	"terminal_reference" text,
	"card_reader_id" integer,
	"created_by_user_id" integer,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'card', 'other')),
	CONSTRAINT "payments_cash_check" CHECK (case when "payments"."method" = 'cash'
        then "payments"."tendered_cents" >= "payments"."amount_cents" and "payments"."change_cents" = "payments"."tendered_cents" - "payments"."amount_cents"
        else "payments"."tendered_cents" is null and "payments"."change_cents" is null end),
	CONSTRAINT "payments_card_check" CHECK ("payments"."method" = 'card' or ("payments"."card_brand" is null and "payments"."card_last4" is null and "payments"."card_auth_code" is null)),
	CONSTRAINT "payments_last4_check" CHECK ("payments"."card_last4" is null or "payments"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payments_no_pan_check" CHECK (coalesce("payments"."card_auth_code", '') !~ '[0-9]{7,}' and coalesce("payments"."terminal_reference", '') !~ '[0-9]{13,}'
        and coalesce("payments"."card_brand", '') !~ '[0-9]{4,}')
);
--> statement-breakpoint
CREATE TABLE "reservation_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint,
	"percent_bp" integer,
	"description" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_promotions_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "reservation_promotions_kind_check" CHECK (("reservation_promotions"."kind" = 'amount' and "reservation_promotions"."amount_cents" > 0 and "reservation_promotions"."percent_bp" is null)
        or ("reservation_promotions"."kind" = 'percent' and "reservation_promotions"."percent_bp" between 1 and 10000 and "reservation_promotions"."amount_cents" is null))
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"bill_id" integer,
	"payment_id" integer,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_check" CHECK ("tips"."amount_cents" > 0),
	CONSTRAINT "tips_method_check" CHECK ("tips"."method" in ('cash', 'card', 'other'))
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_redemptions_amount_check" CHECK ("voucher_redemptions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint,
	"percent_bp" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_redemptions" integer,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "vouchers_kind_check" CHECK (("vouchers"."kind" = 'amount' and "vouchers"."amount_cents" > 0 and "vouchers"."percent_bp" is null)
        or ("vouchers"."kind" = 'percent' and "vouchers"."percent_bp" between 1 and 10000 and "vouchers"."amount_cents" is null)),
	CONSTRAINT "vouchers_redemptions_check" CHECK ("vouchers"."max_redemptions" is null or "vouchers"."max_redemptions" >= 1)
);
--> statement-breakpoint
CREATE TABLE "door_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"code" text NOT NULL,
	"agent" text DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"result" smallint,
	"reservation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_logs_result_check" CHECK ("door_logs"."result" is null or "door_logs"."result" in (0, 1, 2, -1))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer,
	"guest_id" integer,
	"rating" smallint,
	"text" text,
	"google_review_clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" is null or "reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "venue_counters" ADD CONSTRAINT "venue_counters_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_role_stations" ADD CONSTRAINT "copilot_role_stations_venue_id_copilot_role_id_copilot_roles_venue_id_id_fk" FOREIGN KEY ("venue_id","copilot_role_id") REFERENCES "public"."copilot_roles"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_role_stations" ADD CONSTRAINT "copilot_role_stations_venue_id_elaboration_station_id_elaboration_stations_venue_id_id_fk" FOREIGN KEY ("venue_id","elaboration_station_id") REFERENCES "public"."elaboration_stations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_roles" ADD CONSTRAINT "copilot_roles_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elaboration_stations" ADD CONSTRAINT "elaboration_stations_venue_id_elaboration_type_id_elaboration_types_venue_id_id_fk" FOREIGN KEY ("venue_id","elaboration_type_id") REFERENCES "public"."elaboration_types"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elaboration_types" ADD CONSTRAINT "elaboration_types_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_venue_id_user_id_users_venue_id_id_fk" FOREIGN KEY ("venue_id","user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_copilot_roles" ADD CONSTRAINT "user_copilot_roles_venue_id_user_id_users_venue_id_id_fk" FOREIGN KEY ("venue_id","user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_copilot_roles" ADD CONSTRAINT "user_copilot_roles_venue_id_copilot_role_id_copilot_roles_venue_id_id_fk" FOREIGN KEY ("venue_id","copilot_role_id") REFERENCES "public"."copilot_roles"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_snapshot_slots" ADD CONSTRAINT "accounting_snapshot_slots_cash_denomination_id_cash_denominations_id_fk" FOREIGN KEY ("cash_denomination_id") REFERENCES "public"."cash_denominations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_snapshot_slots" ADD CONSTRAINT "accounting_snapshot_slots_snapshot_fk" FOREIGN KEY ("venue_id","snapshot_id") REFERENCES "public"."accounting_snapshots"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_snapshots" ADD CONSTRAINT "accounting_snapshots_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_snapshots" ADD CONSTRAINT "accounting_snapshots_drawer_fk" FOREIGN KEY ("venue_id","cash_drawer_id") REFERENCES "public"."cash_drawers"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_snapshots" ADD CONSTRAINT "accounting_snapshots_reader_fk" FOREIGN KEY ("venue_id","card_reader_id") REFERENCES "public"."card_readers"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_snapshots" ADD CONSTRAINT "accounting_snapshots_user_fk" FOREIGN KEY ("venue_id","taken_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_readers" ADD CONSTRAINT "card_readers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawer_slots" ADD CONSTRAINT "cash_drawer_slots_cash_denomination_id_cash_denominations_id_fk" FOREIGN KEY ("cash_denomination_id") REFERENCES "public"."cash_denominations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawer_slots" ADD CONSTRAINT "cash_drawer_slots_drawer_fk" FOREIGN KEY ("venue_id","cash_drawer_id") REFERENCES "public"."cash_drawers"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawer_transactions" ADD CONSTRAINT "cash_drawer_transactions_drawer_fk" FOREIGN KEY ("venue_id","cash_drawer_id") REFERENCES "public"."cash_drawers"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawer_transactions" ADD CONSTRAINT "cash_drawer_transactions_user_fk" FOREIGN KEY ("venue_id","user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_providers" ADD CONSTRAINT "venue_providers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_room_fk" FOREIGN KEY ("venue_id","room_id") REFERENCES "public"."rooms"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_combination_members" ADD CONSTRAINT "table_combination_members_combination_fk" FOREIGN KEY ("venue_id","combination_id") REFERENCES "public"."table_combinations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_combination_members" ADD CONSTRAINT "table_combination_members_table_fk" FOREIGN KEY ("venue_id","table_id") REFERENCES "public"."dining_tables"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_combinations" ADD CONSTRAINT "table_combinations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_classes" ADD CONSTRAINT "dish_classes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_menu_fk" FOREIGN KEY ("venue_id","menu_id") REFERENCES "public"."menus"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_parent_fk" FOREIGN KEY ("venue_id","menu_id","parent_id") REFERENCES "public"."menu_categories"("venue_id","menu_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_course_items" ADD CONSTRAINT "menu_course_items_course_fk" FOREIGN KEY ("venue_id","course_id") REFERENCES "public"."menu_courses"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_course_items" ADD CONSTRAINT "menu_course_items_product_fk" FOREIGN KEY ("venue_id","product_id") REFERENCES "public"."products"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_course_items" ADD CONSTRAINT "menu_course_items_category_fk" FOREIGN KEY ("venue_id","category_id") REFERENCES "public"."menu_categories"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_courses" ADD CONSTRAINT "menu_courses_product_fk" FOREIGN KEY ("venue_id","menu_product_id") REFERENCES "public"."products"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_courses" ADD CONSTRAINT "menu_courses_dish_class_fk" FOREIGN KEY ("venue_id","dish_class_id") REFERENCES "public"."dish_classes"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_types" ADD CONSTRAINT "option_types_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_option_type_fk" FOREIGN KEY ("venue_id","option_type_id") REFERENCES "public"."option_types"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_allergens" ADD CONSTRAINT "product_allergens_allergen_id_allergens_id_fk" FOREIGN KEY ("allergen_id") REFERENCES "public"."allergens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_allergens" ADD CONSTRAINT "product_allergens_product_fk" FOREIGN KEY ("venue_id","product_id") REFERENCES "public"."products"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_fk" FOREIGN KEY ("venue_id","category_id") REFERENCES "public"."menu_categories"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_fk" FOREIGN KEY ("venue_id","product_id") REFERENCES "public"."products"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_elaboration_stations" ADD CONSTRAINT "product_stations_product_fk" FOREIGN KEY ("venue_id","product_id") REFERENCES "public"."products"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_elaboration_stations" ADD CONSTRAINT "product_stations_station_fk" FOREIGN KEY ("venue_id","elaboration_station_id") REFERENCES "public"."elaboration_stations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option_types" ADD CONSTRAINT "product_option_types_product_fk" FOREIGN KEY ("venue_id","product_id") REFERENCES "public"."products"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option_types" ADD CONSTRAINT "product_option_types_option_type_fk" FOREIGN KEY ("venue_id","option_type_id") REFERENCES "public"."option_types"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dish_class_fk" FOREIGN KEY ("venue_id","dish_class_id") REFERENCES "public"."dish_classes"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_allergens" ADD CONSTRAINT "guest_allergens_allergen_id_allergens_id_fk" FOREIGN KEY ("allergen_id") REFERENCES "public"."allergens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_allergens" ADD CONSTRAINT "guest_allergens_guest_fk" FOREIGN KEY ("venue_id","guest_id") REFERENCES "public"."guests"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_guests" ADD CONSTRAINT "reservation_guests_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_guests" ADD CONSTRAINT "reservation_guests_guest_fk" FOREIGN KEY ("venue_id","guest_id") REFERENCES "public"."guests"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_fk" FOREIGN KEY ("venue_id","room_id") REFERENCES "public"."rooms"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guest_fk" FOREIGN KEY ("venue_id","guest_id") REFERENCES "public"."guests"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_merged_into_fk" FOREIGN KEY ("venue_id","merged_into_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_fk" FOREIGN KEY ("venue_id","created_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_schedules" ADD CONSTRAINT "service_schedules_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bookings" ADD CONSTRAINT "table_bookings_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bookings" ADD CONSTRAINT "table_bookings_table_fk" FOREIGN KEY ("venue_id","table_id") REFERENCES "public"."dining_tables"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_tokens" ADD CONSTRAINT "guest_tokens_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_tokens" ADD CONSTRAINT "guest_tokens_table_fk" FOREIGN KEY ("venue_id","table_id") REFERENCES "public"."dining_tables"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_tokens" ADD CONSTRAINT "guest_tokens_guest_fk" FOREIGN KEY ("venue_id","guest_id") REFERENCES "public"."guests"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_session_orders" ADD CONSTRAINT "cart_session_orders_cart_fk" FOREIGN KEY ("venue_id","cart_session_id") REFERENCES "public"."cart_sessions"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_session_orders" ADD CONSTRAINT "cart_session_orders_guest_fk" FOREIGN KEY ("venue_id","created_by_guest_id") REFERENCES "public"."guests"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_session_orders" ADD CONSTRAINT "cart_session_orders_created_by_fk" FOREIGN KEY ("venue_id","created_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_session_orders" ADD CONSTRAINT "cart_session_orders_processed_by_fk" FOREIGN KEY ("venue_id","processed_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_session_orders" ADD CONSTRAINT "cart_session_orders_processed_role_fk" FOREIGN KEY ("venue_id","processed_by_role_id") REFERENCES "public"."copilot_roles"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD CONSTRAINT "cart_sessions_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_cart_order_fk" FOREIGN KEY ("venue_id","cart_session_order_id") REFERENCES "public"."cart_session_orders"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_service_event_fk" FOREIGN KEY ("venue_id","service_event_id") REFERENCES "public"."service_events"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_parent_fk" FOREIGN KEY ("venue_id","parent_id") REFERENCES "public"."product_orders"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_product_fk" FOREIGN KEY ("venue_id","product_id") REFERENCES "public"."products"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_dish_class_fk" FOREIGN KEY ("venue_id","dish_class_id") REFERENCES "public"."dish_classes"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_created_by_fk" FOREIGN KEY ("venue_id","created_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_dish_class_fk" FOREIGN KEY ("venue_id","dish_class_id") REFERENCES "public"."dish_classes"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rooms" ADD CONSTRAINT "notification_rooms_notification_fk" FOREIGN KEY ("venue_id","notification_id") REFERENCES "public"."notifications"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rooms" ADD CONSTRAINT "notification_rooms_room_fk" FOREIGN KEY ("venue_id","room_id") REFERENCES "public"."rooms"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_acknowledged_by_fk" FOREIGN KEY ("venue_id","acknowledged_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_client_fiscal_infos" ADD CONSTRAINT "bill_client_fiscal_infos_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_fk" FOREIGN KEY ("venue_id","bill_id") REFERENCES "public"."bills"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_product_order_fk" FOREIGN KEY ("venue_id","product_order_id") REFERENCES "public"."product_orders"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_tax_lines" ADD CONSTRAINT "bill_tax_lines_bill_fk" FOREIGN KEY ("venue_id","bill_id") REFERENCES "public"."bills"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_series_fk" FOREIGN KEY ("venue_id","series") REFERENCES "public"."invoice_series"("venue_id","series") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_client_fiscal_info_fk" FOREIGN KEY ("venue_id","client_fiscal_info_id") REFERENCES "public"."bill_client_fiscal_infos"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_replaces_fk" FOREIGN KEY ("venue_id","replaces_bill_id") REFERENCES "public"."bills"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_rectifies_fk" FOREIGN KEY ("venue_id","rectifies_bill_id") REFERENCES "public"."bills"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_fk" FOREIGN KEY ("venue_id","created_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD CONSTRAINT "invoice_series_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_fk" FOREIGN KEY ("venue_id","bill_id") REFERENCES "public"."bills"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_reader_fk" FOREIGN KEY ("venue_id","card_reader_id") REFERENCES "public"."card_readers"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_fk" FOREIGN KEY ("venue_id","created_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_promotions" ADD CONSTRAINT "reservation_promotions_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_promotions" ADD CONSTRAINT "reservation_promotions_created_by_fk" FOREIGN KEY ("venue_id","created_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_bill_fk" FOREIGN KEY ("venue_id","bill_id") REFERENCES "public"."bills"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_payment_fk" FOREIGN KEY ("venue_id","payment_id") REFERENCES "public"."payments"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_created_by_fk" FOREIGN KEY ("venue_id","created_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_fk" FOREIGN KEY ("venue_id","voucher_id") REFERENCES "public"."vouchers"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_created_by_fk" FOREIGN KEY ("venue_id","created_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_logs" ADD CONSTRAINT "door_logs_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_logs" ADD CONSTRAINT "door_logs_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_guest_fk" FOREIGN KEY ("venue_id","guest_id") REFERENCES "public"."guests"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venue_counters_pk" ON "venue_counters" USING btree ("venue_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_subdomain_key" ON "venues" USING btree ("subdomain");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_custom_host_key" ON "venues" USING btree ("custom_host");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_single_default" ON "venues" USING btree ("is_default") WHERE "venues"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sessions_token_hash_key" ON "staff_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_idx" ON "staff_sessions" USING btree ("venue_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_venue_email_key" ON "users" USING btree ("venue_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_wel_key_key" ON "users" USING btree ("wel_key");--> statement-breakpoint
CREATE INDEX "audit_log_venue_idx" ON "audit_log" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "accounting_snapshots_day_idx" ON "accounting_snapshots" USING btree ("venue_id","logical_date");--> statement-breakpoint
CREATE INDEX "cash_drawer_transactions_drawer_idx" ON "cash_drawer_transactions" USING btree ("venue_id","cash_drawer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_venue_name_key" ON "dining_tables" USING btree ("venue_id",lower("name"));--> statement-breakpoint
CREATE INDEX "dining_tables_room_idx" ON "dining_tables" USING btree ("venue_id","room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_venue_name_key" ON "rooms" USING btree ("venue_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_categories_product_idx" ON "product_categories" USING btree ("venue_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_venue_email_key" ON "guests" USING btree ("venue_id",lower("email")) WHERE "guests"."email" is not null;--> statement-breakpoint
CREATE INDEX "guests_venue_phone_idx" ON "guests" USING btree ("venue_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_wid_key" ON "reservations" USING btree ("wid");--> statement-breakpoint
CREATE INDEX "reservations_venue_starts_idx" ON "reservations" USING btree ("venue_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_venue_status_idx" ON "reservations" USING btree ("venue_id","status");--> statement-breakpoint
CREATE INDEX "reservations_guest_idx" ON "reservations" USING btree ("venue_id","guest_id");--> statement-breakpoint
CREATE INDEX "table_bookings_reservation_idx" ON "table_bookings" USING btree ("venue_id","reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_tokens_token_hash_key" ON "guest_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "guest_tokens_reservation_idx" ON "guest_tokens" USING btree ("venue_id","reservation_id");--> statement-breakpoint
CREATE INDEX "guest_tokens_table_idx" ON "guest_tokens" USING btree ("venue_id","table_id");--> statement-breakpoint
CREATE INDEX "cart_session_orders_cart_idx" ON "cart_session_orders" USING btree ("venue_id","cart_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_session_orders_idempotency_key" ON "cart_session_orders" USING btree ("venue_id","idempotency_key") WHERE "cart_session_orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "product_orders_reservation_idx" ON "product_orders" USING btree ("venue_id","reservation_id");--> statement-breakpoint
CREATE INDEX "product_orders_status_idx" ON "product_orders" USING btree ("venue_id","status");--> statement-breakpoint
CREATE INDEX "product_orders_order_idx" ON "product_orders" USING btree ("venue_id","cart_session_order_id");--> statement-breakpoint
CREATE INDEX "service_events_reservation_idx" ON "service_events" USING btree ("venue_id","reservation_id");--> statement-breakpoint
CREATE INDEX "notifications_pending_idx" ON "notifications" USING btree ("venue_id","created_at") WHERE "notifications"."status" = 0;--> statement-breakpoint
CREATE INDEX "notifications_venue_created_idx" ON "notifications" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("venue_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "bill_client_fiscal_infos_tax_id_idx" ON "bill_client_fiscal_infos" USING btree ("venue_id","tax_id");--> statement-breakpoint
CREATE INDEX "bill_lines_bill_idx" ON "bill_lines" USING btree ("venue_id","bill_id");--> statement-breakpoint
CREATE INDEX "bills_reservation_idx" ON "bills" USING btree ("venue_id","reservation_id");--> statement-breakpoint
CREATE INDEX "payments_reservation_idx" ON "payments" USING btree ("venue_id","reservation_id");--> statement-breakpoint
CREATE INDEX "reservation_promotions_reservation_idx" ON "reservation_promotions" USING btree ("venue_id","reservation_id");--> statement-breakpoint
CREATE INDEX "tips_reservation_idx" ON "tips" USING btree ("venue_id","reservation_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_idx" ON "voucher_redemptions" USING btree ("venue_id","voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_venue_code_key" ON "vouchers" USING btree ("venue_id",upper("code"));--> statement-breakpoint
CREATE INDEX "door_logs_venue_created_idx" ON "door_logs" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_venue_created_idx" ON "reviews" USING btree ("venue_id","created_at");