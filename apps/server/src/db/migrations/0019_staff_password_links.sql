CREATE TABLE "staff_password_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_password_links_purpose_check" CHECK ("staff_password_links"."purpose" in ('invite', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "staff_password_links" ADD CONSTRAINT "staff_password_links_venue_id_user_id_users_venue_id_id_fk" FOREIGN KEY ("venue_id","user_id") REFERENCES "public"."users"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_password_links_code_hash_key" ON "staff_password_links" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "staff_password_links_user_idx" ON "staff_password_links" USING btree ("venue_id","user_id");