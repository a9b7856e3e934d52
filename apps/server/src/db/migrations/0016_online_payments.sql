-- Online payment of takeaway orders (issue 27 item 2, decision 039): the venue's provider settings, one
-- online payment per order by its acquirer reference, and the order's pending_payment / payment_failed
-- statuses. Only the amount, reference and authorisation code are kept (PCI-01).
CREATE TABLE "online_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"takeaway_order_id" integer NOT NULL,
	"order_ref" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"auth_code" text,
	"payment_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payments_order_ref_key" UNIQUE("venue_id","order_ref"),
	CONSTRAINT "online_payments_takeaway_order_key" UNIQUE("venue_id","takeaway_order_id"),
	CONSTRAINT "online_payments_status_check" CHECK ("online_payments"."status" in ('pending', 'authorised', 'denied', 'expired', 'refunded')),
	CONSTRAINT "online_payments_amount_check" CHECK ("online_payments"."amount_cents" > 0),
	CONSTRAINT "online_payments_order_ref_check" CHECK ("online_payments"."order_ref" ~ '^[0-9]{4}[0-9A-Za-z]{0,8}$')
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"venue_id" integer PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'redsys' NOT NULL,
	"environment" text NOT NULL,
	"merchant_code" text NOT NULL,
	"terminal" text NOT NULL,
	"secret_key" text NOT NULL,
	"hold_minutes" smallint DEFAULT 10 NOT NULL,
	CONSTRAINT "payment_settings_provider_check" CHECK ("payment_settings"."provider" in ('redsys')),
	CONSTRAINT "payment_settings_environment_check" CHECK ("payment_settings"."environment" in ('test_acquirer', 'redsys_test', 'redsys_live')),
	CONSTRAINT "payment_settings_hold_check" CHECK ("payment_settings"."hold_minutes" between 2 and 60)
);
--> statement-breakpoint
ALTER TABLE "takeaway_orders" DROP CONSTRAINT "takeaway_orders_status_check";--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD COLUMN "payment_method" text DEFAULT 'at_pickup' NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_takeaway_order_fk" FOREIGN KEY ("venue_id","takeaway_order_id") REFERENCES "public"."takeaway_orders"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_payment_method_check" CHECK ("takeaway_orders"."payment_method" in ('at_pickup', 'online'));--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_status_check" CHECK ("takeaway_orders"."status" in ('pending_payment', 'received', 'accepted', 'refused', 'preparing', 'ready', 'out_for_delivery', 'delivered', 'payment_failed'));--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_auth_code_no_card_number" CHECK (NOT "sobremesa_has_card_number"("auth_code"));
