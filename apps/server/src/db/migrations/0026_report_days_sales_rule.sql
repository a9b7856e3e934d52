-- Decision 045, amended: a stored day's sale is its standing invoices (no longer its payments) and an
-- account's covers count once, on the day of its first standing sale. Days stored before hold the old
-- figures under other names: forgotten, the next report computes them again.
DELETE FROM report_days;--> statement-breakpoint
-- The days of every issued bill of an account: what one of its bills changes can move figures of the
-- others' days (a nominative invoice takes its ticket out of the ticket's day; the first standing sale,
-- which carries the covers, can become another one).
CREATE FUNCTION report_days_forget_account(venue integer, account integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF account IS NULL THEN RETURN; END IF;
  PERFORM report_days_forget(venue, b.issued_at)
    FROM bills b WHERE b.venue_id = venue AND b.reservation_id = account AND b.issued_at IS NOT NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_bill_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_days_forget(OLD.venue_id, OLD.issued_at);
    PERFORM report_days_forget_account(OLD.venue_id, OLD.reservation_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_days_forget(NEW.venue_id, NEW.issued_at);
    PERFORM report_days_forget_account(NEW.venue_id, NEW.reservation_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A cancellation (RegistroAnulacion) takes its invoice out of its day's sale, and gives back a ticket the
-- cancelled nominative invoice had replaced, whatever day the cancellation is made on.
CREATE FUNCTION report_days_record_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'anulacion' THEN
    PERFORM report_days_forget_account(NEW.venue_id,
      (SELECT b.reservation_id FROM bills b WHERE b.venue_id = NEW.venue_id AND b.id = NEW.bill_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_days_fiscal_records AFTER INSERT ON fiscal_records
  FOR EACH ROW EXECUTE FUNCTION report_days_record_added();
