CREATE TABLE "till_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"cash_drawer_id" integer NOT NULL,
	"logical_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"float_cents" bigint NOT NULL,
	"opened_snapshot_id" integer NOT NULL,
	"opened_by_user_id" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_snapshot_id" integer,
	"closed_by_user_id" integer,
	"closed_at" timestamp with time zone,
	"ends_day" boolean DEFAULT false NOT NULL,
	"expected_cash_cents" bigint,
	"counted_cash_cents" bigint,
	"card_recorded_cents" bigint,
	"card_reader_cents" bigint,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "till_shifts_venue_id_id_key" UNIQUE("venue_id","id"),
	CONSTRAINT "till_shifts_status_check" CHECK ("till_shifts"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "accounting_snapshots" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "accounting_snapshots" ADD COLUMN "counted_cash_cents" bigint;--> statement-breakpoint
ALTER TABLE "cash_drawer_transactions" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "till_shifts" ADD CONSTRAINT "till_shifts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_shifts" ADD CONSTRAINT "till_shifts_drawer_fk" FOREIGN KEY ("venue_id","cash_drawer_id") REFERENCES "public"."cash_drawers"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "till_shifts_one_open_idx" ON "till_shifts" USING btree ("venue_id") WHERE "till_shifts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "till_shifts_day_idx" ON "till_shifts" USING btree ("venue_id","logical_date");--> statement-breakpoint
ALTER TABLE "cash_drawer_transactions" ADD CONSTRAINT "cash_drawer_transactions_shift_fk" FOREIGN KEY ("venue_id","shift_id") REFERENCES "public"."till_shifts"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_shift_fk" FOREIGN KEY ("venue_id","shift_id") REFERENCES "public"."till_shifts"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_shift_fk" FOREIGN KEY ("venue_id","shift_id") REFERENCES "public"."till_shifts"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_drawer_transactions_shift_idx" ON "cash_drawer_transactions" USING btree ("venue_id","shift_id");--> statement-breakpoint
CREATE INDEX "bills_issued_idx" ON "bills" USING btree ("venue_id","issued_at");--> statement-breakpoint
CREATE INDEX "payments_shift_idx" ON "payments" USING btree ("venue_id","shift_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "tips_shift_idx" ON "tips" USING btree ("venue_id","shift_id");--> statement-breakpoint
CREATE INDEX "tips_created_idx" ON "tips" USING btree ("venue_id","created_at");