CREATE TABLE "staff_login_addresses" (
	"venue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_login_addresses_venue_id_user_id_address_pk" PRIMARY KEY("venue_id","user_id","address")
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "held_by" text;--> statement-breakpoint
ALTER TABLE "staff_login_addresses" ADD CONSTRAINT "staff_login_addresses_venue_id_user_id_users_venue_id_id_fk" FOREIGN KEY ("venue_id","user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_held_by_idx" ON "reservations" USING btree ("venue_id","held_by");