CREATE TABLE "fiscal_chains" (
	"venue_id" integer NOT NULL,
	"issuer_nif" text NOT NULL,
	"installation_number" text NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_huella" text DEFAULT '' NOT NULL,
	"last_generated_at" timestamp with time zone,
	CONSTRAINT "fiscal_chains_venue_id_issuer_nif_installation_number_pk" PRIMARY KEY("venue_id","issuer_nif","installation_number")
);
--> statement-breakpoint
CREATE TABLE "fiscal_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"issuer_nif" text NOT NULL,
	"installation_number" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"bill_id" integer NOT NULL,
	"invoice_type" text,
	"num_serie" text NOT NULL,
	"fecha_expedicion" text NOT NULL,
	"cuota_total" text,
	"importe_total" text,
	"related_num_serie" text,
	"related_fecha_expedicion" text,
	"huella_anterior" text NOT NULL,
	"fecha_hora_huso" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"hash_input" text NOT NULL,
	"huella" text NOT NULL,
	"qr_url" text,
	"issuer_name" text DEFAULT '' NOT NULL,
	"breakdown" jsonb,
	"recipient" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_records_chain_seq_key" UNIQUE("venue_id","issuer_nif","installation_number","seq"),
	CONSTRAINT "fiscal_records_bill_kind_key" UNIQUE("venue_id","bill_id","kind"),
	CONSTRAINT "fiscal_records_kind_check" CHECK ("fiscal_records"."kind" in ('alta', 'anulacion')),
	CONSTRAINT "fiscal_records_seq_check" CHECK ("fiscal_records"."seq" >= 1),
	CONSTRAINT "fiscal_records_alta_check" CHECK ("fiscal_records"."kind" = 'anulacion' or ("fiscal_records"."invoice_type" in ('F1','F2','F3','R1','R2','R3','R4','R5')
        and "fiscal_records"."cuota_total" is not null and "fiscal_records"."importe_total" is not null)),
	CONSTRAINT "fiscal_records_huella_check" CHECK ("fiscal_records"."huella" ~ '^[0-9A-F]{64}$'),
	CONSTRAINT "fiscal_records_previous_check" CHECK (("fiscal_records"."seq" = 1 and "fiscal_records"."huella_anterior" = '') or ("fiscal_records"."seq" > 1 and "fiscal_records"."huella_anterior" ~ '^[0-9A-F]{64}$'))
);
--> statement-breakpoint
CREATE TABLE "fiscal_settings" (
	"venue_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"installation_number" text DEFAULT '1' NOT NULL,
	"environment" text DEFAULT 'production' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_settings_environment_check" CHECK ("fiscal_settings"."environment" in ('production', 'test')),
	CONSTRAINT "fiscal_settings_installation_check" CHECK ("fiscal_settings"."installation_number" ~ '^[A-Za-z0-9._-]{1,100}$')
);
--> statement-breakpoint
ALTER TABLE "fiscal_chains" ADD CONSTRAINT "fiscal_chains_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_records" ADD CONSTRAINT "fiscal_records_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_records" ADD CONSTRAINT "fiscal_records_bill_fk" FOREIGN KEY ("venue_id","bill_id") REFERENCES "public"."bills"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD CONSTRAINT "fiscal_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_records_generated_idx" ON "fiscal_records" USING btree ("venue_id","generated_at");--> statement-breakpoint

-- FIS-02/FIS-05: a billing record is never edited or removed; a mistake is answered by a new record.
CREATE TRIGGER "fiscal_records_append_only" BEFORE UPDATE OR DELETE ON "fiscal_records"
  FOR EACH ROW EXECUTE FUNCTION "sobremesa_reject_change"();
--> statement-breakpoint
CREATE TRIGGER "fiscal_records_no_truncate" BEFORE TRUNCATE ON "fiscal_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "sobremesa_reject_change"();
