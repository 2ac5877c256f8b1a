-- « Statistiques » with an age filter at scale (issue 20): `collection_months` (month × programme ×
-- birth year × source × provider × channel, ~37,000 rows a year at 500,000 payments) made the
-- age-only reads miss 100 ms. `collection_months_by_age` (month × programme × birth year × channel)
-- serves every read with an age filter but neither source nor provider. Kept by the statement
-- triggers of 0045 (the function of 0049 extended to the third table, and the clear), then
-- backfilled from collection_facts; a school's first build sums it at once with the others.
CREATE TABLE "collection_months_by_age" (
	"organization_id" uuid NOT NULL,
	"month" date NOT NULL,
	"programme_id" uuid,
	"birth_year" smallint,
	"channel" text NOT NULL,
	"slices" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"payments" bigint NOT NULL,
	"lagged_amount" bigint NOT NULL,
	"lag_weighted" bigint NOT NULL,
	CONSTRAINT "collection_months_by_age_key" UNIQUE NULLS NOT DISTINCT("organization_id","month","programme_id","birth_year","channel")
);
--> statement-breakpoint
ALTER TABLE "collection_months_by_age" ADD CONSTRAINT "collection_months_by_age_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "collection_months_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A school's first build inserts its facts with the months left alone, then sums them at once
  -- (analytics' refreshStatistics, under the school's lock, in the same transaction).
  IF coalesce(current_setting('ecolage.collection_months_deferred', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "collection_months" AS t ("organization_id", "month", "programme_id", "birth_year", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "birth_year", "source", "provider", "channel",
      count(*), sum("amount"), sum("payments"),
      coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), coalesce(sum("amount" * "lag_days"), 0)
    FROM new_facts
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT "collection_months_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
    INSERT INTO "collection_months_by_programme" AS t ("organization_id", "month", "programme_id", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "source", "provider", "channel",
      count(*), sum("amount"), sum("payments"),
      coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), coalesce(sum("amount" * "lag_days"), 0)
    FROM new_facts
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT "collection_months_by_programme_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
    INSERT INTO "collection_months_by_age" AS t ("organization_id", "month", "programme_id", "birth_year", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "birth_year", "channel",
      count(*), sum("amount"), sum("payments"),
      coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), coalesce(sum("amount" * "lag_days"), 0)
    FROM new_facts
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "collection_months_by_age_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "collection_months" AS t ("organization_id", "month", "programme_id", "birth_year", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", "month", "programme_id", "birth_year", "source", "provider", "channel",
      sum(n), sum("amount"), sum("payments"), sum("lagged"), sum("weighted")
    FROM (
      SELECT "organization_id", date_trunc('month', "day")::date AS "month", "programme_id", "birth_year", "source", "provider", "channel",
        1 AS n, "amount", "payments", CASE WHEN "lag_days" IS NULL THEN 0 ELSE "amount" END AS "lagged", coalesce("amount" * "lag_days", 0) AS "weighted"
      FROM new_facts
      UNION ALL
      SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "birth_year", "source", "provider", "channel",
        -1, -"amount", -"payments", CASE WHEN "lag_days" IS NULL THEN 0 ELSE -"amount" END, -coalesce("amount" * "lag_days", 0)
      FROM old_facts
    ) delta
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(n) <> 0 OR sum("amount") <> 0 OR sum("payments") <> 0 OR sum("lagged") <> 0 OR sum("weighted") <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT "collection_months_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
    INSERT INTO "collection_months_by_programme" AS t ("organization_id", "month", "programme_id", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", "month", "programme_id", "source", "provider", "channel",
      sum(n), sum("amount"), sum("payments"), sum("lagged"), sum("weighted")
    FROM (
      SELECT "organization_id", date_trunc('month', "day")::date AS "month", "programme_id", "source", "provider", "channel",
        1 AS n, "amount", "payments", CASE WHEN "lag_days" IS NULL THEN 0 ELSE "amount" END AS "lagged", coalesce("amount" * "lag_days", 0) AS "weighted"
      FROM new_facts
      UNION ALL
      SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "source", "provider", "channel",
        -1, -"amount", -"payments", CASE WHEN "lag_days" IS NULL THEN 0 ELSE -"amount" END, -coalesce("amount" * "lag_days", 0)
      FROM old_facts
    ) delta
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(n) <> 0 OR sum("amount") <> 0 OR sum("payments") <> 0 OR sum("lagged") <> 0 OR sum("weighted") <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT "collection_months_by_programme_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
    INSERT INTO "collection_months_by_age" AS t ("organization_id", "month", "programme_id", "birth_year", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", "month", "programme_id", "birth_year", "channel",
      sum(n), sum("amount"), sum("payments"), sum("lagged"), sum("weighted")
    FROM (
      SELECT "organization_id", date_trunc('month', "day")::date AS "month", "programme_id", "birth_year", "channel",
        1 AS n, "amount", "payments", CASE WHEN "lag_days" IS NULL THEN 0 ELSE "amount" END AS "lagged", coalesce("amount" * "lag_days", 0) AS "weighted"
      FROM new_facts
      UNION ALL
      SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "birth_year", "channel",
        -1, -"amount", -"payments", CASE WHEN "lag_days" IS NULL THEN 0 ELSE -"amount" END, -coalesce("amount" * "lag_days", 0)
      FROM old_facts
    ) delta
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(n) <> 0 OR sum("amount") <> 0 OR sum("payments") <> 0 OR sum("lagged") <> 0 OR sum("weighted") <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "collection_months_by_age_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
  ELSE
    INSERT INTO "collection_months" AS t ("organization_id", "month", "programme_id", "birth_year", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "birth_year", "source", "provider", "channel",
      -count(*), -sum("amount"), -sum("payments"),
      -coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), -coalesce(sum("amount" * "lag_days"), 0)
    FROM old_facts
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT "collection_months_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
    INSERT INTO "collection_months_by_programme" AS t ("organization_id", "month", "programme_id", "source", "provider", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "source", "provider", "channel",
      -count(*), -sum("amount"), -sum("payments"),
      -coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), -coalesce(sum("amount" * "lag_days"), 0)
    FROM old_facts
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT "collection_months_by_programme_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
    INSERT INTO "collection_months_by_age" AS t ("organization_id", "month", "programme_id", "birth_year", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
    SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "birth_year", "channel",
      -count(*), -sum("amount"), -sum("payments"),
      -coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), -coalesce(sum("amount" * "lag_days"), 0)
    FROM old_facts
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "collection_months_by_age_key" DO UPDATE SET
      "slices" = t."slices" + excluded."slices",
      "amount" = t."amount" + excluded."amount",
      "payments" = t."payments" + excluded."payments",
      "lagged_amount" = t."lagged_amount" + excluded."lagged_amount",
      "lag_weighted" = t."lag_weighted" + excluded."lag_weighted";
  END IF;
  -- A key whose slices all left it goes.
  DELETE FROM "collection_months" d
  USING (SELECT DISTINCT "organization_id", date_trunc('month', "day")::date AS "month", "programme_id", "birth_year", "source", "provider", "channel" FROM old_facts) k
  WHERE d."slices" = 0
    AND d."organization_id" = k."organization_id" AND d."month" = k."month"
    AND d."programme_id" IS NOT DISTINCT FROM k."programme_id"
    AND d."birth_year" IS NOT DISTINCT FROM k."birth_year"
    AND d."source" = k."source"
    AND d."provider" = k."provider"
    AND d."channel" = k."channel";
  DELETE FROM "collection_months_by_programme" d
  USING (SELECT DISTINCT "organization_id", date_trunc('month', "day")::date AS "month", "programme_id", "source", "provider", "channel" FROM old_facts) k
  WHERE d."slices" = 0
    AND d."organization_id" = k."organization_id" AND d."month" = k."month"
    AND d."programme_id" IS NOT DISTINCT FROM k."programme_id"
    AND d."source" = k."source"
    AND d."provider" = k."provider"
    AND d."channel" = k."channel";
  DELETE FROM "collection_months_by_age" d
  USING (SELECT DISTINCT "organization_id", date_trunc('month', "day")::date AS "month", "programme_id", "birth_year", "channel" FROM old_facts) k
  WHERE d."slices" = 0
    AND d."organization_id" = k."organization_id" AND d."month" = k."month"
    AND d."programme_id" IS NOT DISTINCT FROM k."programme_id"
    AND d."birth_year" IS NOT DISTINCT FROM k."birth_year"
    AND d."channel" = k."channel";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "collection_months_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "collection_months";
  DELETE FROM "collection_months_by_programme";
  DELETE FROM "collection_months_by_age";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO "collection_months_by_age" ("organization_id", "month", "programme_id", "birth_year", "channel", "slices", "amount", "payments", "lagged_amount", "lag_weighted")
SELECT "organization_id", date_trunc('month', "day")::date, "programme_id", "birth_year", "channel",
  count(*), sum("amount"), sum("payments"),
  coalesce(sum("amount") FILTER (WHERE "lag_days" IS NOT NULL), 0), coalesce(sum("amount" * "lag_days"), 0)
FROM "collection_facts"
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "collection_months_by_age_organization_month_cover_idx" ON "collection_months_by_age" ("organization_id", "month") INCLUDE ("programme_id", "birth_year", "channel", "amount", "payments", "lagged_amount", "lag_weighted", "slices");
