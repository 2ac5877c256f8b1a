-- Every existing school gets the terms of its plan, from its creation (contracts' plans.ts:
-- Découverte 150 bp after 1 000 000 F, 165 000 F a year, 5 users; Croissance 200 bp, 0 F a
-- month; Personnalisé 0 bp, sur devis). decisions/0018.
UPDATE "organizations" SET "plan_chosen_at" = "created_at";
--> statement-breakpoint
INSERT INTO "school_plan_terms" (
  "organization_id", "plan", "effective_from", "commission_rate_bp", "fee_free_volume_xof",
  "subscription_xof", "subscription_period", "member_limit", "reminders_per_month"
)
SELECT o."id", o."plan", o."created_at",
  CASE o."plan" WHEN 'decouverte' THEN 150 WHEN 'croissance' THEN 200 ELSE 0 END,
  CASE o."plan" WHEN 'decouverte' THEN 1000000 ELSE 0 END,
  CASE o."plan" WHEN 'decouverte' THEN 165000 WHEN 'croissance' THEN 0 ELSE NULL END,
  CASE o."plan" WHEN 'decouverte' THEN 'year' WHEN 'croissance' THEN 'month' ELSE NULL END,
  CASE o."plan" WHEN 'decouverte' THEN 5 ELSE NULL END,
  CASE o."plan" WHEN 'personnalise' THEN NULL ELSE 1000 END
FROM "organizations" o
WHERE NOT EXISTS (SELECT 1 FROM "school_plan_terms" t WHERE t."organization_id" = o."id");
