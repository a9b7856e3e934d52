CREATE TABLE "report_days" (
	"venue_id" integer NOT NULL,
	"day" date NOT NULL,
	"facts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_days_venue_id_day_pk" PRIMARY KEY("venue_id","day")
);
--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A stored day is forgotten in the transaction that changes what it was computed from (decision 045). The
-- shared advisory lock is held to commit, so a day being computed (exclusive lock, class 0x5244 "RD")
-- waits for these writers and sees their rows, and writers arriving meanwhile wait for it and forget it.
-- An instant's service day in any zone is its UTC date, the day before or the day after.
CREATE FUNCTION report_days_forget(venue integer, at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF at IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(21060, venue);
  DELETE FROM report_days
    WHERE venue_id = venue AND day BETWEEN (at AT TIME ZONE 'UTC')::date - 1 AND (at AT TIME ZONE 'UTC')::date + 1;
END $$;--> statement-breakpoint
CREATE FUNCTION report_days_forget_shift(venue integer, shift integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF shift IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(21060, venue);
  DELETE FROM report_days
    WHERE venue_id = venue AND day = (SELECT logical_date FROM till_shifts WHERE venue_id = venue AND id = shift);
END $$;--> statement-breakpoint
CREATE FUNCTION report_days_taken_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_days_forget(OLD.venue_id, OLD.created_at);
    PERFORM report_days_forget_shift(OLD.venue_id, OLD.shift_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_days_forget(NEW.venue_id, NEW.created_at);
    PERFORM report_days_forget_shift(NEW.venue_id, NEW.shift_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION report_days_bill_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM report_days_forget(OLD.venue_id, OLD.issued_at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM report_days_forget(NEW.venue_id, NEW.issued_at); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A reservation counts on its own day (bookings, no-shows, turn time) and its covers on its invoices' days.
CREATE FUNCTION report_days_reservation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM report_days_forget(OLD.venue_id, OLD.starts_at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM report_days_forget(NEW.venue_id, NEW.starts_at); END IF;
  IF TG_OP = 'UPDATE' AND OLD.pax <> NEW.pax THEN
    PERFORM report_days_forget(NEW.venue_id, b.issued_at)
      FROM bills b WHERE b.venue_id = NEW.venue_id AND b.reservation_id = NEW.id AND b.issued_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION report_days_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM report_days_forget(OLD.venue_id, OLD.date_ready); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM report_days_forget(NEW.venue_id, NEW.date_ready); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_days_payments AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION report_days_taken_changed();--> statement-breakpoint
CREATE TRIGGER report_days_tips AFTER INSERT OR UPDATE OR DELETE ON tips
  FOR EACH ROW EXECUTE FUNCTION report_days_taken_changed();--> statement-breakpoint
CREATE TRIGGER report_days_bills AFTER INSERT OR UPDATE OR DELETE ON bills
  FOR EACH ROW EXECUTE FUNCTION report_days_bill_changed();--> statement-breakpoint
CREATE TRIGGER report_days_reservations AFTER INSERT OR DELETE OR UPDATE OF starts_at, status, seated_at, finished_at, pax, kind, held_by ON reservations
  FOR EACH ROW EXECUTE FUNCTION report_days_reservation_changed();--> statement-breakpoint
CREATE TRIGGER report_days_product_orders AFTER INSERT OR DELETE OR UPDATE OF date_ready, created_at, fired_at, product_id ON product_orders
  FOR EACH ROW EXECUTE FUNCTION report_days_line_changed();
