CREATE TABLE "takeaway_day_counters" (
	"venue_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "takeaway_day_counters_pkey" PRIMARY KEY("venue_id","service_date")
);
--> statement-breakpoint
CREATE TABLE "takeaway_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"number" integer NOT NULL,
	"mode" text NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"postal_code" text,
	"zone_id" integer,
	"delivery_fee_cents" bigint DEFAULT 0 NOT NULL,
	"refusal_reason" text,
	"status_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "takeaway_orders_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "takeaway_orders_number_key" UNIQUE("venue_id","service_date","number"),
	CONSTRAINT "takeaway_orders_mode_check" CHECK ("takeaway_orders"."mode" in ('pickup', 'delivery')),
	CONSTRAINT "takeaway_orders_status_check" CHECK ("takeaway_orders"."status" in ('received', 'accepted', 'refused', 'preparing', 'ready', 'out_for_delivery', 'delivered')),
	CONSTRAINT "takeaway_orders_address_check" CHECK ("takeaway_orders"."mode" = 'pickup' or ("takeaway_orders"."address" is not null and "takeaway_orders"."postal_code" is not null)),
	CONSTRAINT "takeaway_orders_fee_check" CHECK ("takeaway_orders"."delivery_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "takeaway_settings" (
	"venue_id" integer PRIMARY KEY NOT NULL,
	"pickup_enabled" boolean DEFAULT true NOT NULL,
	"delivery_enabled" boolean DEFAULT false NOT NULL,
	"lead_minutes" smallint DEFAULT 30 NOT NULL,
	"slot_minutes" smallint DEFAULT 15 NOT NULL,
	"orders_per_slot" smallint DEFAULT 4 NOT NULL,
	"paused_until" timestamp with time zone,
	CONSTRAINT "takeaway_settings_lead_check" CHECK ("takeaway_settings"."lead_minutes" between 0 and 1440),
	CONSTRAINT "takeaway_settings_slot_check" CHECK ("takeaway_settings"."slot_minutes" between 5 and 120),
	CONSTRAINT "takeaway_settings_capacity_check" CHECK ("takeaway_settings"."orders_per_slot" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "takeaway_slot_loads" (
	"venue_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "takeaway_slot_loads_pkey" PRIMARY KEY("venue_id","slot_start"),
	CONSTRAINT "takeaway_slot_loads_capacity_check" CHECK ("takeaway_slot_loads"."orders" >= 0 and "takeaway_slot_loads"."orders" <= "takeaway_slot_loads"."capacity")
);
--> statement-breakpoint
CREATE TABLE "takeaway_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"postal_codes" text[] NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"minimum_cents" bigint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "takeaway_zones_money_check" CHECK ("takeaway_zones"."fee_cents" >= 0 and "takeaway_zones"."minimum_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "takeaway_day_counters" ADD CONSTRAINT "takeaway_day_counters_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_settings" ADD CONSTRAINT "takeaway_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_slot_loads" ADD CONSTRAINT "takeaway_slot_loads_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_zones" ADD CONSTRAINT "takeaway_zones_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "takeaway_orders_reservation_key" ON "takeaway_orders" USING btree ("venue_id","reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "takeaway_orders_token_key" ON "takeaway_orders" USING btree ("status_token_hash");--> statement-breakpoint
CREATE INDEX "takeaway_orders_pickup_idx" ON "takeaway_orders" USING btree ("venue_id","pickup_at");--> statement-breakpoint
CREATE INDEX "takeaway_zones_venue_idx" ON "takeaway_zones" USING btree ("venue_id");--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_phone_no_card_number" CHECK (NOT "sobremesa_has_card_number"("phone"));
--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_email_no_card_number" CHECK (NOT "sobremesa_has_card_number"("email"));
--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_address_no_card_number" CHECK (NOT "sobremesa_has_card_number"("address"));
--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_refusal_reason_no_card_number" CHECK (NOT "sobremesa_has_card_number"("refusal_reason"));
