-- Comptabilité (issue 19): Finance creates and confirms the payouts to the school's bank account,
-- Comptabilité sets up the chart of accounts and closes periods; existing schools' system roles
-- get what new schools' now do (Super administration and Directeur hold every permission).
UPDATE "roles" SET "permissions" = array_append("permissions", 'manage:payouts'), "updated_at" = now()
WHERE "key" IN ('super_admin', 'director', 'finance') AND NOT ('manage:payouts' = ANY("permissions"));
--> statement-breakpoint
UPDATE "roles" SET "permissions" = array_append("permissions", 'manage:accounting'), "updated_at" = now()
WHERE "key" IN ('super_admin', 'director', 'accounting') AND NOT ('manage:accounting' = ANY("permissions"));
