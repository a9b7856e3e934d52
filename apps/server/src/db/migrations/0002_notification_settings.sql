CREATE TABLE "notification_settings" (
	"venue_id" integer PRIMARY KEY NOT NULL,
	"escalate_after_seconds" integer DEFAULT 180 NOT NULL,
	"upsell_reminder_minutes" integer DEFAULT 20 NOT NULL,
	CONSTRAINT "notification_settings_escalate_check" CHECK ("notification_settings"."escalate_after_seconds" between 1 and 3600),
	CONSTRAINT "notification_settings_upsell_check" CHECK ("notification_settings"."upsell_reminder_minutes" between 1 and 240)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;