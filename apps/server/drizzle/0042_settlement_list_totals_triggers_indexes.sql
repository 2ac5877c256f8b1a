-- « Comptabilité » list (issue 19): the rollup `settlement_day_totals` kept by statement triggers on
-- `payment_settlements` (whoever writes the lines keeps it right), filled from the lines already
-- there, and the indexes that serve each sort of the list with its filters: every sort key leads
-- after the school and ends with the id (ties), the filtered columns included so that paging
-- reads the index alone; status and payout lead their own (the filter, and the groups the
-- « Statut » and « Identifiant du virement » sorts walk). Student search: trigrams led by the school.
CREATE FUNCTION "settlement_day_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each statement's lines summed per key first, the keys upserted in order (no deadlock between
  -- two statements touching the same keys).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "settlement_day_totals" AS t ("organization_id", "day", "provider", "wallet", "status", "payout_id", "line_count", "gross", "commission", "provider_fee", "net")
    SELECT "organization_id", "day", "provider", "wallet", "status", "payout_id", count(*), sum("gross"), sum("commission"), sum("provider_fee"), sum("net")
    FROM new_lines
    GROUP BY "organization_id", "day", "provider", "wallet", "status", "payout_id"
    ORDER BY "organization_id", "day", "provider", "wallet", "status", "payout_id"
    ON CONFLICT ON CONSTRAINT "settlement_day_totals_key" DO UPDATE SET
      "line_count" = t."line_count" + excluded."line_count",
      "gross" = t."gross" + excluded."gross",
      "commission" = t."commission" + excluded."commission",
      "provider_fee" = t."provider_fee" + excluded."provider_fee",
      "net" = t."net" + excluded."net";
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "settlement_day_totals" AS t ("organization_id", "day", "provider", "wallet", "status", "payout_id", "line_count", "gross", "commission", "provider_fee", "net")
    SELECT "organization_id", "day", "provider", "wallet", "status", "payout_id", sum(n), sum("gross"), sum("commission"), sum("provider_fee"), sum("net")
    FROM (
      SELECT "organization_id", "day", "provider", "wallet", "status", "payout_id", 1 AS n, "gross", "commission", "provider_fee", "net" FROM new_lines
      UNION ALL
      SELECT "organization_id", "day", "provider", "wallet", "status", "payout_id", -1, -"gross", -"commission", -"provider_fee", -"net" FROM old_lines
    ) delta
    GROUP BY "organization_id", "day", "provider", "wallet", "status", "payout_id"
    HAVING sum(n) <> 0 OR sum("gross") <> 0 OR sum("commission") <> 0 OR sum("provider_fee") <> 0 OR sum("net") <> 0
    ORDER BY "organization_id", "day", "provider", "wallet", "status", "payout_id"
    ON CONFLICT ON CONSTRAINT "settlement_day_totals_key" DO UPDATE SET
      "line_count" = t."line_count" + excluded."line_count",
      "gross" = t."gross" + excluded."gross",
      "commission" = t."commission" + excluded."commission",
      "provider_fee" = t."provider_fee" + excluded."provider_fee",
      "net" = t."net" + excluded."net";
  ELSE
    INSERT INTO "settlement_day_totals" AS t ("organization_id", "day", "provider", "wallet", "status", "payout_id", "line_count", "gross", "commission", "provider_fee", "net")
    SELECT "organization_id", "day", "provider", "wallet", "status", "payout_id", -count(*), -sum("gross"), -sum("commission"), -sum("provider_fee"), -sum("net")
    FROM old_lines
    GROUP BY "organization_id", "day", "provider", "wallet", "status", "payout_id"
    ORDER BY "organization_id", "day", "provider", "wallet", "status", "payout_id"
    ON CONFLICT ON CONSTRAINT "settlement_day_totals_key" DO UPDATE SET
      "line_count" = t."line_count" + excluded."line_count",
      "gross" = t."gross" + excluded."gross",
      "commission" = t."commission" + excluded."commission",
      "provider_fee" = t."provider_fee" + excluded."provider_fee",
      "net" = t."net" + excluded."net";
  END IF;
  -- A key whose lines all left it goes.
  DELETE FROM "settlement_day_totals" d
  USING (SELECT DISTINCT "organization_id", "day", "provider", "wallet", "status", "payout_id" FROM old_lines) k
  WHERE d."line_count" = 0
    AND d."organization_id" = k."organization_id" AND d."day" = k."day" AND d."provider" = k."provider"
    AND d."wallet" = k."wallet" AND d."status" = k."status"
    AND d."payout_id" IS NOT DISTINCT FROM k."payout_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "settlement_day_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "settlement_day_totals";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_settlements_totals_insert" AFTER INSERT ON "payment_settlements"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "settlement_day_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "payment_settlements_totals_update" AFTER UPDATE ON "payment_settlements"
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "settlement_day_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "payment_settlements_totals_delete" AFTER DELETE ON "payment_settlements"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION "settlement_day_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "payment_settlements_totals_truncate" AFTER TRUNCATE ON "payment_settlements"
  FOR EACH STATEMENT EXECUTE FUNCTION "settlement_day_totals_clear"();
--> statement-breakpoint
INSERT INTO "settlement_day_totals" ("organization_id", "day", "provider", "wallet", "status", "payout_id", "line_count", "gross", "commission", "provider_fee", "net")
SELECT "organization_id", "day", "provider", "wallet", "status", "payout_id", count(*), sum("gross"), sum("commission"), sum("provider_fee"), sum("net")
FROM "payment_settlements"
GROUP BY "organization_id", "day", "provider", "wallet", "status", "payout_id";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_settlements_list_date_idx" ON "payment_settlements" ("organization_id", "day", "occurred_at", "id") INCLUDE ("provider", "status", "payout_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_settlements_list_student_idx" ON "payment_settlements" ("organization_id", "student_sort_key", "id") INCLUDE ("day", "provider", "status", "payout_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_settlements_list_gross_idx" ON "payment_settlements" ("organization_id", "gross", "id") INCLUDE ("day", "provider", "status", "payout_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_settlements_list_commission_idx" ON "payment_settlements" ("organization_id", "commission", "id") INCLUDE ("day", "provider", "status", "payout_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_settlements_list_fee_idx" ON "payment_settlements" ("organization_id", "provider_fee", "id") INCLUDE ("day", "provider", "status", "payout_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_settlements_list_net_idx" ON "payment_settlements" ("organization_id", "net", "id") INCLUDE ("day", "provider", "status", "payout_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_settlements_list_status_idx" ON "payment_settlements" ("organization_id", "status", "day", "occurred_at", "id") INCLUDE ("provider", "payout_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_settlements_list_payout_idx" ON "payment_settlements" ("organization_id", "payout_id", "day", "occurred_at", "id") INCLUDE ("provider", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_settlements_student_trgm_idx" ON "payment_settlements" USING gin ("organization_id", "student_sort_key" gin_trgm_ops);
