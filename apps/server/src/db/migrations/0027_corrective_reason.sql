-- A corrective invoice prints why it was issued (RD 1619/2012 art. 15, decision 057): the reason the
-- cashier wrote, kept with the invoice and, like its other fiscal data, fixed once issued.
ALTER TABLE "bills" ADD COLUMN "correction_reason" text;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_correction_reason_check" CHECK ("bills"."correction_reason" is null or "bills"."type" = 3);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bills_protect_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."type" <> 0 THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION USING
        ERRCODE = 'restrict_violation',
        MESSAGE = format('invoice %s/%s is issued: it cannot be deleted', OLD."series", OLD."number");
    END IF;
    IF (NEW."venue_id", NEW."reservation_id", NEW."type", NEW."series", NEW."number", NEW."issued_at",
        NEW."base_cents", NEW."vat_cents", NEW."total_cents", NEW."discount_cents", NEW."client_fiscal_info",
        NEW."client_fiscal_info_id", NEW."replaces_bill_id", NEW."rectifies_bill_id", NEW."correction_reason",
        NEW."created_at")
       IS DISTINCT FROM
       (OLD."venue_id", OLD."reservation_id", OLD."type", OLD."series", OLD."number", OLD."issued_at",
        OLD."base_cents", OLD."vat_cents", OLD."total_cents", OLD."discount_cents", OLD."client_fiscal_info",
        OLD."client_fiscal_info_id", OLD."replaces_bill_id", OLD."rectifies_bill_id", OLD."correction_reason",
        OLD."created_at") THEN
      RAISE EXCEPTION USING
        ERRCODE = 'restrict_violation',
        MESSAGE = format('invoice %s/%s is issued: its fiscal data cannot change', OLD."series", OLD."number");
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
