-- « Statistiques » at scale (bench/statistics.ts: 500,000 payments, 20,000 students): the month
-- reads of the money and the count of enrolled students per programme, without visiting the rows.
-- Money per month: an index-only scan of the school's months (the filters' columns and the sums
-- carried in the index), instead of a parallel sequential scan of collection_months.
CREATE INDEX IF NOT EXISTS "collection_months_organization_month_cover_idx" ON "collection_months" ("organization_id", "month") INCLUDE ("programme_id", "channel", "birth_year", "source", "provider", "amount", "payments", "lagged_amount", "lag_weighted", "slices");--> statement-breakpoint
-- Enrolled students of a year per level (« Top programmes »): an index-only count of the active ones.
CREATE INDEX IF NOT EXISTS "enrolments_organization_year_level_active_idx" ON "enrolments" ("organization_id", "academic_year_id", "level_id") WHERE "status" = 'active';
