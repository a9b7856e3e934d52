CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"hash" text NOT NULL,
	"purpose" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_venue_rendition_key" UNIQUE("venue_id","source_key","width","format"),
	CONSTRAINT "media_format_check" CHECK ("media"."format" in ('webp', 'png')),
	CONSTRAINT "media_purpose_check" CHECK ("media"."purpose" in ('logo', 'favicon', 'product')),
	CONSTRAINT "media_size_check" CHECK (octet_length("media"."bytes") between 1 and 8388608)
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;