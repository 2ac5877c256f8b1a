-- « Statistiques » (issue 20): `collection_months` kept by statement triggers on
-- `collection_facts` (whoever rebuilds the facts keeps the months right), as 0042 keeps
-- `settlement_day_totals`: each statement's rows summed per key, the keys upserted in order (no
-- deadlock between two statements touching the same keys), a key whose slices all left it goes.
-- Then the indexes the refresh reads by: what changed since the watermarks, per school.
CREATE FUNCTION "collection_months_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "collection_months" AS t ("organization_id", "month", "programme_id", "level_id", "birth_year", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "level_id", "birth_year", "source", "provider", "channel",
      count(*), sum("amount"), sum("payments"),
      coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), coalesce(sum("amount" * "lag_days"), 0)
    FROM new_facts
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT "collection_months_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "collection_months" AS t ("organization_id", "month", "programme_id", "level_id", "birth_year", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", "month", "programme_id", "level_id", "birth_year", "source", "provider", "channel",
      sum(n), sum("amount"), sum("payments"), sum("lagged"), sum("weighted")
    FROM (
      SELECT "organization_id", date_trunc('month', "day")::date AS "month", "programme_id", "level_id", "birth_year", "source", "provider", "channel",
        1 AS n, "amount", "payments", CASE WHEN "lag_days" IS NULL THEN 0 ELSE "amount" END AS "lagged", coalesce("amount" * "lag_days", 0) AS "weighted"
      FROM new_facts
      UNION ALL
      SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "level_id", "birth_year", "source", "provider", "channel",
        -1, -"amount", -"payments", CASE WHEN "lag_days" IS NULL THEN 0 ELSE -"amount" END, -coalesce("amount" * "lag_days", 0)
      FROM old_facts
    ) delta
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(n) <> 0 OR sum("amount") <> 0 OR sum("payments") <> 0 OR sum("lagged") <> 0 OR sum("weighted") <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT "collection_months_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
  ELSE
    INSERT INTO "collection_months" AS t ("organization_id", "month", "programme_id", "level_id", "birth_year", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "level_id", "birth_year", "source", "provider", "channel",
      -count(*), -sum("amount"), -sum("payments"),
      -coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), -coalesce(sum("amount" * "lag_days"), 0)
    FROM old_facts
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT "collection_months_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
  END IF;
  -- A key whose slices all left it goes.
  DELETE FROM "collection_months" d
  USING (SELECT DISTINCT "organization_id", date_trunc('month', "day")::date AS "month", "programme_id", "level_id", "birth_year", "source", "provider", "channel" FROM old_facts) k
  WHERE d."slices" = 0
    AND d."organization_id" = k."organization_id" AND d."month" = k."month"
    AND d."programme_id" IS NOT DISTINCT FROM k."programme_id" AND d."level_id" IS NOT DISTINCT FROM k."level_id"
    AND d."birth_year" IS NOT DISTINCT FROM k."birth_year"
    AND d."source" = k."source" AND d."provider" = k."provider" AND d."channel" = k."channel";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "collection_months_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "collection_months";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "collection_facts_months_insert" AFTER INSERT ON "collection_facts"
  REFERENCING NEW TABLE AS new_facts FOR EACH STATEMENT EXECUTE FUNCTION "collection_months_add"();
--> statement-breakpoint
CREATE TRIGGER "collection_facts_months_update" AFTER UPDATE ON "collection_facts"
  REFERENCING OLD TABLE AS old_facts NEW TABLE AS new_facts FOR EACH STATEMENT EXECUTE FUNCTION "collection_months_add"();
--> statement-breakpoint
CREATE TRIGGER "collection_facts_months_delete" AFTER DELETE ON "collection_facts"
  REFERENCING OLD TABLE AS old_facts FOR EACH STATEMENT EXECUTE FUNCTION "collection_months_add"();
--> statement-breakpoint
CREATE TRIGGER "collection_facts_months_truncate" AFTER TRUNCATE ON "collection_facts"
  FOR EACH STATEMENT EXECUTE FUNCTION "collection_months_clear"();
--> statement-breakpoint
INSERT INTO "collection_months" ("organization_id", "month", "programme_id", "level_id", "birth_year", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "level_id", "birth_year", "source", "provider", "channel",
  count(*), sum("amount"), sum("payments"),
  coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), coalesce(sum("amount" * "lag_days"), 0)
FROM "collection_facts"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_attempts_organization_updated_idx" ON "payment_attempts" ("organization_id", "updated_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_refunds_organization_completed_idx" ON "payment_refunds" ("organization_id", "completed_at") WHERE "completed_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_organization_updated_idx" ON "invoices" ("organization_id", "updated_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "students_organization_updated_idx" ON "students" ("organization_id", "updated_at");
