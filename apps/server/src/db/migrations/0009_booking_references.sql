ALTER TABLE "reservations" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_venue_reference_key" ON "reservations" USING btree ("venue_id","reference");