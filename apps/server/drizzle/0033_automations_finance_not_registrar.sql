-- Reminders are about money owed: Finance prepares them (0029); Scolarité (students and
-- programmes, payments seen) no longer holds read:automations nor write:automations, as new
-- schools' Scolarité role no longer does.
UPDATE "roles" SET "permissions" = array_remove(array_remove("permissions", 'read:automations'), 'write:automations'), "updated_at" = now()
WHERE "key" = 'registrar' AND ("permissions" && ARRAY['read:automations', 'write:automations']::text[]);
