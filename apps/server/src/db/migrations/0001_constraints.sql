-- Hand-written: what drizzle-kit cannot express. Runs on PGlite (btree_gist loaded in pglite.ts) and PostgreSQL 15+.

-- REL-01: no double booking. btree_gist lets one GiST index compare venue and table (=) with the range (&&).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "table_bookings" ADD CONSTRAINT "table_bookings_no_overlap"
  EXCLUDE USING gist ("venue_id" WITH =, "table_id" WITH =, "during" WITH &&)
  WHERE ("status" IN ('held', 'confirmed', 'seated'));
--> statement-breakpoint

-- Reference data with fixed ids: the 14 allergens of EU Regulation 1169/2011 annex II, in its order.
INSERT INTO "allergens" ("id", "code", "sort_order") VALUES
  (1, 'gluten', 1),
  (2, 'crustaceans', 2),
  (3, 'eggs', 3),
  (4, 'fish', 4),
  (5, 'peanuts', 5),
  (6, 'soybeans', 6),
  (7, 'milk', 7),
  (8, 'nuts', 8),
  (9, 'celery', 9),
  (10, 'mustard', 10),
  (11, 'sesame', 11),
  (12, 'sulphites', 12),
  (13, 'lupin', 13),
  (14, 'molluscs', 14)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint

-- Euro coins and notes.
INSERT INTO "cash_denominations" ("id", "value_cents", "kind") VALUES
  (1, 1, 'coin'),
  (2, 2, 'coin'),
  (3, 5, 'coin'),
  (4, 10, 'coin'),
  (5, 20, 'coin'),
  (6, 50, 'coin'),
  (7, 100, 'coin'),
  (8, 200, 'coin'),
  (9, 500, 'note'),
  (10, 1000, 'note'),
  (11, 2000, 'note'),
  (12, 5000, 'note'),
  (13, 10000, 'note'),
  (14, 20000, 'note'),
  (15, 50000, 'note')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint

-- SEC-11: the audit log is append-only. A trigger, not a grant, so it holds whatever role the server uses.
CREATE OR REPLACE FUNCTION "sobremesa_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING
    ERRCODE = 'restrict_violation',
    MESSAGE = format('%s is append-only: %s refused', TG_TABLE_NAME, TG_OP);
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "sobremesa_reject_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "sobremesa_reject_change"();
--> statement-breakpoint

-- FIS-05: an issued invoice (bill types 1-3) is never edited or deleted; payment time and other
-- bookkeeping columns may still be set. A type-0 bill (the one the guest checks) stays editable.
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
        NEW."client_fiscal_info_id", NEW."replaces_bill_id", NEW."rectifies_bill_id", NEW."created_at")
       IS DISTINCT FROM
       (OLD."venue_id", OLD."reservation_id", OLD."type", OLD."series", OLD."number", OLD."issued_at",
        OLD."base_cents", OLD."vat_cents", OLD."total_cents", OLD."discount_cents", OLD."client_fiscal_info",
        OLD."client_fiscal_info_id", OLD."replaces_bill_id", OLD."rectifies_bill_id", OLD."created_at") THEN
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
--> statement-breakpoint
CREATE TRIGGER "bills_protect_issued" BEFORE UPDATE OR DELETE ON "bills"
  FOR EACH ROW EXECUTE FUNCTION "bills_protect_issued"();
--> statement-breakpoint
CREATE TRIGGER "bills_no_truncate" BEFORE TRUNCATE ON "bills"
  FOR EACH STATEMENT EXECUTE FUNCTION "sobremesa_reject_change"();
--> statement-breakpoint

-- The lines and VAT breakdown of an issued invoice are part of it. (Inserting them happens in the
-- issuing transaction, right after the bill row; the invoicing service is the only writer.)
CREATE OR REPLACE FUNCTION "bill_children_protect_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "bills" b WHERE b."venue_id" = OLD."venue_id" AND b."id" = OLD."bill_id" AND b."type" <> 0
  ) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'restrict_violation',
      MESSAGE = format('%s of an issued invoice cannot change', TG_TABLE_NAME);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bill_lines_protect_issued" BEFORE UPDATE OR DELETE ON "bill_lines"
  FOR EACH ROW EXECUTE FUNCTION "bill_children_protect_issued"();
--> statement-breakpoint
CREATE TRIGGER "bill_tax_lines_protect_issued" BEFORE UPDATE OR DELETE ON "bill_tax_lines"
  FOR EACH ROW EXECUTE FUNCTION "bill_children_protect_issued"();
