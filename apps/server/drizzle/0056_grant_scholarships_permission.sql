-- Bourses (issue 21): the member who recommends a scholarship is not the one who grants it.
-- Granting or refusing needs the new permission grant:scholarships, held by Super administration
-- and Directeur; Scolarité (who recommends) now reaches the « Bourses » tab of Marketing.
-- Existing schools' system roles get what new schools' now do.
UPDATE "roles" SET "permissions" = array_append("permissions", 'grant:scholarships'), "updated_at" = now()
WHERE "key" IN ('super_admin', 'director') AND NOT ('grant:scholarships' = ANY("permissions"));
--> statement-breakpoint
UPDATE "roles" SET "permissions" = array_append("permissions", 'read:marketing'), "updated_at" = now()
WHERE "key" = 'registrar' AND NOT ('read:marketing' = ANY("permissions"));
