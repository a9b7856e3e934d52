ALTER TABLE "takeaway_orders" ADD COLUMN "locale" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "takeaway_settings" ADD COLUMN "prep_minutes" smallint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "takeaway_settings" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "takeaway_settings" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "takeaway_zones" ADD COLUMN "radius_meters" integer;--> statement-breakpoint
ALTER TABLE "takeaway_settings" ADD CONSTRAINT "takeaway_settings_prep_check" CHECK ("takeaway_settings"."prep_minutes" between 0 and 720);--> statement-breakpoint
ALTER TABLE "takeaway_settings" ADD CONSTRAINT "takeaway_settings_origin_check" CHECK (("takeaway_settings"."latitude" is null and "takeaway_settings"."longitude" is null) or ("takeaway_settings"."latitude" between -90 and 90 and "takeaway_settings"."longitude" between -180 and 180));--> statement-breakpoint
ALTER TABLE "takeaway_zones" ADD CONSTRAINT "takeaway_zones_radius_check" CHECK ("takeaway_zones"."radius_meters" is null or "takeaway_zones"."radius_meters" between 1 and 100000);