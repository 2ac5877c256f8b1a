-- A closed period refuses new postings: an insert into ledger_transactions dated on or before the
-- school's latest closure fails with SQLSTATE EC409 (the error handler answers 409
-- LEDGER_PERIOD_CLOSED). The ledger service moves automatic postings to the first open day first.
CREATE OR REPLACE FUNCTION ledger_refuse_closed_period() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  closed date;
BEGIN
  SELECT max(closed_through) INTO closed
    FROM ledger_period_closures WHERE organization_id = NEW.organization_id;
  IF closed IS NOT NULL AND NEW.entry_date <= closed THEN
    RAISE EXCEPTION 'ledger period closed through %', closed
      USING ERRCODE = 'EC409', DETAIL = closed::text;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_closed_period
  BEFORE INSERT ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_closed_period();
--> statement-breakpoint
-- Entry numbers and closures are never edited nor removed (as the ledger itself).
CREATE TRIGGER ledger_entry_numbers_append_only
  BEFORE UPDATE OR DELETE ON ledger_entry_numbers
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_period_closures_append_only
  BEFORE UPDATE OR DELETE ON ledger_period_closures
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
