CREATE TABLE "walk_in_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"name" text NOT NULL,
	"pax" integer NOT NULL,
	"phone" text,
	"notes" text,
	"quoted_minutes" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reservation_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walk_in_waitlist_status_check" CHECK ("walk_in_waitlist"."status" in ('waiting', 'seated', 'left', 'cancelled')),
	CONSTRAINT "walk_in_waitlist_pax_check" CHECK ("walk_in_waitlist"."pax" >= 1),
	CONSTRAINT "walk_in_waitlist_quote_check" CHECK ("walk_in_waitlist"."quoted_minutes" >= 0),
	CONSTRAINT "walk_in_waitlist_seated_check" CHECK (("walk_in_waitlist"."status" = 'seated') = ("walk_in_waitlist"."reservation_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "walk_in_waitlist" ADD CONSTRAINT "walk_in_waitlist_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_in_waitlist" ADD CONSTRAINT "walk_in_waitlist_reservation_fk" FOREIGN KEY ("venue_id","reservation_id") REFERENCES "public"."reservations"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_in_waitlist" ADD CONSTRAINT "walk_in_waitlist_created_by_fk" FOREIGN KEY ("venue_id","created_by_user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "walk_in_waitlist_venue_day_idx" ON "walk_in_waitlist" USING btree ("venue_id","service_date","status");