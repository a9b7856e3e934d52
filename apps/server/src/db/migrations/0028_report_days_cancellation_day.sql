-- Decision 079: a cancellation (RegistroAnulacion) counts on the service day it is recorded, negative, and
-- no longer takes its invoice out of the day it was issued. Days stored before hold the old rule's figures:
-- forgotten, the next report computes them again.
DELETE FROM report_days;--> statement-breakpoint
-- A cancellation changes the day it is recorded on; the days of its account's bills too, as before: the
-- cancelled nominative invoice gives back the ticket it had replaced, and the account's covers can move.
CREATE OR REPLACE FUNCTION report_days_record_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'anulacion' THEN
    PERFORM report_days_forget(NEW.venue_id, NEW.generated_at);
    PERFORM report_days_forget_account(NEW.venue_id,
      (SELECT b.reservation_id FROM bills b WHERE b.venue_id = NEW.venue_id AND b.id = NEW.bill_id));
  END IF;
  RETURN NULL;
END $$;
