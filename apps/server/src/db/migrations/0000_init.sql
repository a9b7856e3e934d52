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
CREATE TABLE "cash_drawers" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cash_drawers_venue_id_id_key" UNIQUE("venue_id","id")
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
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");