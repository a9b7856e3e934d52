ALTER TABLE "reservations" ADD COLUMN "staff_allergen_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "dietary_notes" text;
