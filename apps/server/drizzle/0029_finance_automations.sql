-- Finance prepares the reminders (issue 18: « Finance creates Rappel J-3 »): every school's
-- Finance system role gets read:automations and write:automations, as new schools' now do.
UPDATE "roles" SET "permissions" = array_append("permissions", 'read:automations'), "updated_at" = now()
WHERE "key" = 'finance' AND NOT ('read:automations' = ANY("permissions"));
--> statement-breakpoint
UPDATE "roles" SET "permissions" = array_append("permissions", 'write:automations'), "updated_at" = now()
WHERE "key" = 'finance' AND NOT ('write:automations' = ANY("permissions"));
