CREATE TABLE "fiscal_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"issuer_nif" text NOT NULL,
	"state" text DEFAULT 'in_flight' NOT NULL,
	"record_count" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"last_error" text,
	"estado_envio" text,
	"csv" text,
	"wait_seconds" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_batches_state_check" CHECK ("fiscal_batches"."state" in ('in_flight', 'answered')),
	CONSTRAINT "fiscal_batches_count_check" CHECK ("fiscal_batches"."record_count" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "fiscal_certificates" (
	"venue_id" integer PRIMARY KEY NOT NULL,
	"sealed_pkcs12" text NOT NULL,
	"sealed_passphrase" text NOT NULL,
	"subject" text NOT NULL,
	"subject_nif" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_senders" (
	"venue_id" integer NOT NULL,
	"issuer_nif" text NOT NULL,
	"next_send_at" timestamp with time zone,
	CONSTRAINT "fiscal_senders_venue_id_issuer_nif_pk" PRIMARY KEY("venue_id","issuer_nif")
);
--> statement-breakpoint
CREATE TABLE "fiscal_submissions" (
	"record_id" integer PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"state" text NOT NULL,
	"code" text,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_submissions_state_check" CHECK ("fiscal_submissions"."state" in ('sent', 'accepted', 'accepted_with_errors', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "fiscal_records" DROP CONSTRAINT "fiscal_records_bill_kind_key";--> statement-breakpoint
ALTER TABLE "fiscal_records" ADD COLUMN "corrects_record_id" integer;--> statement-breakpoint
ALTER TABLE "fiscal_records" ADD COLUMN "subsanacion" text;--> statement-breakpoint
ALTER TABLE "fiscal_records" ADD COLUMN "rechazo_previo" text;--> statement-breakpoint
ALTER TABLE "fiscal_batches" ADD CONSTRAINT "fiscal_batches_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_certificates" ADD CONSTRAINT "fiscal_certificates_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_senders" ADD CONSTRAINT "fiscal_senders_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_submissions" ADD CONSTRAINT "fiscal_submissions_record_id_fiscal_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."fiscal_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_submissions" ADD CONSTRAINT "fiscal_submissions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_submissions" ADD CONSTRAINT "fiscal_submissions_batch_id_fiscal_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."fiscal_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_batches_open_idx" ON "fiscal_batches" USING btree ("venue_id","issuer_nif") WHERE "fiscal_batches"."state" = 'in_flight';--> statement-breakpoint
CREATE INDEX "fiscal_submissions_batch_idx" ON "fiscal_submissions" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "fiscal_records" ADD CONSTRAINT "fiscal_records_corrects_record_id_fiscal_records_id_fk" FOREIGN KEY ("corrects_record_id") REFERENCES "public"."fiscal_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_records_bill_kind_key" ON "fiscal_records" USING btree ("venue_id","bill_id","kind") WHERE "fiscal_records"."corrects_record_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_records_corrects_key" ON "fiscal_records" USING btree ("corrects_record_id");--> statement-breakpoint
ALTER TABLE "fiscal_records" ADD CONSTRAINT "fiscal_records_subsanacion_check" CHECK ("fiscal_records"."subsanacion" is null or "fiscal_records"."subsanacion" in ('S', 'N'));--> statement-breakpoint
ALTER TABLE "fiscal_records" ADD CONSTRAINT "fiscal_records_rechazo_previo_check" CHECK ("fiscal_records"."rechazo_previo" is null or "fiscal_records"."rechazo_previo" in ('S', 'N', 'X'));