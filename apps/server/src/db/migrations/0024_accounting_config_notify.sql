-- The accounting configuration (drawers and their slots, card readers, providers) is kept per venue by every
-- instance (decision 054, sixth session). Whatever writes it, in whatever transaction, tells every instance
-- on commit: the payload is the venue, and PostgreSQL folds a transaction's identical notifications into one.
CREATE FUNCTION accounting_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('sobremesa_accounting_config_changed', OLD.venue_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('sobremesa_accounting_config_changed', NEW.venue_id::text); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The denominations are every venue's: a change to them (a migration's) forgets every venue's copy.
CREATE FUNCTION accounting_denominations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sobremesa_accounting_config_changed', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER accounting_config_cash_drawers AFTER INSERT OR UPDATE OR DELETE ON cash_drawers
  FOR EACH ROW EXECUTE FUNCTION accounting_config_changed();--> statement-breakpoint
CREATE TRIGGER accounting_config_cash_drawer_slots AFTER INSERT OR UPDATE OR DELETE ON cash_drawer_slots
  FOR EACH ROW EXECUTE FUNCTION accounting_config_changed();--> statement-breakpoint
CREATE TRIGGER accounting_config_card_readers AFTER INSERT OR UPDATE OR DELETE ON card_readers
  FOR EACH ROW EXECUTE FUNCTION accounting_config_changed();--> statement-breakpoint
CREATE TRIGGER accounting_config_venue_providers AFTER INSERT OR UPDATE OR DELETE ON venue_providers
  FOR EACH ROW EXECUTE FUNCTION accounting_config_changed();--> statement-breakpoint
CREATE TRIGGER accounting_config_cash_denominations AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cash_denominations
  FOR EACH STATEMENT EXECUTE FUNCTION accounting_denominations_changed();
