DROP INDEX "dining_tables_venue_name_key";--> statement-breakpoint
DROP INDEX "rooms_venue_name_key";--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "shape" text DEFAULT 'square' NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "x" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "y" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "width" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "height" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "rotation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "plan_width" integer;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "plan_height" integer;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_venue_name_key" ON "dining_tables" USING btree ("venue_id",lower("name")) WHERE "dining_tables"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_venue_name_key" ON "rooms" USING btree ("venue_id",lower("name")) WHERE "rooms"."active";--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_shape_check" CHECK ("dining_tables"."shape" in ('round', 'square', 'rect'));--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_layout_check" CHECK ("dining_tables"."width" > 0 and "dining_tables"."height" > 0 and "dining_tables"."rotation" >= 0 and "dining_tables"."rotation" < 360);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_plan_check" CHECK (("rooms"."plan_width" is null) = ("rooms"."plan_height" is null) and coalesce("rooms"."plan_width", 1) > 0 and coalesce("rooms"."plan_height", 1) > 0);