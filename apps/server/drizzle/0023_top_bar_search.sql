-- The top-bar search (issue 17): trigram and prefix indexes, each led by the school, and the
-- students' and guardians' stored search keys folded as platform/search-text.ts's foldForSearch
-- now folds them (the letters of Ewe and Kabiyè spelt in Latin: ɔ→o, ɛ→e, ɖ→d, ŋ→n, ƒ→f, ʋ→v,
-- ɣ→g, œ→oe, æ→ae). A key stored before was already lower-cased by the same fold, so spelling out
-- its lower-case letters gives exactly what the new fold gives (search-text.int.test.ts checks it).
-- pg_trgm and btree_gin are trusted extensions (PostgreSQL 13+): a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
UPDATE "students"
SET "search_key" = replace(replace(translate("search_key", 'ɔɛɖŋƒʋɣ', 'oednfvg'), 'œ', 'oe'), 'æ', 'ae')
WHERE "search_key" ~ '[ɔɛɖŋƒʋɣœæ]';
--> statement-breakpoint
UPDATE "guardians"
SET "search_key" = replace(replace(translate("search_key", 'ɔɛɖŋƒʋɣ', 'oednfvg'), 'œ', 'oe'), 'æ', 'ae')
WHERE "search_key" ~ '[ɔɛɖŋƒʋɣœæ]';
--> statement-breakpoint
-- Names, matricules and phone digits anywhere in the key (LIKE '%…%'), within one school.
CREATE INDEX IF NOT EXISTS "students_organization_search_key_trgm_idx" ON "students" USING gin ("organization_id", "search_key" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guardians_organization_search_key_trgm_idx" ON "guardians" USING gin ("organization_id", "search_key" gin_trgm_ops);
--> statement-breakpoint
-- Numbers by prefix (`ST-2026-00…`, `REC-2026-…`), in byte order whatever the database's collation.
CREATE INDEX IF NOT EXISTS "invoices_organization_number_prefix_idx" ON "invoices" ("organization_id", "number" COLLATE "C") WHERE "number" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "receipts_organization_number_prefix_idx" ON "receipts" ("organization_id", "number" COLLATE "C");
--> statement-breakpoint
-- The provider's references by prefix, case-free (the payment's own id is searched on its key).
CREATE INDEX IF NOT EXISTS "payment_attempts_organization_provider_ref_prefix_idx" ON "payment_attempts" ("organization_id", (lower("provider_ref") COLLATE "C")) WHERE "provider_ref" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_attempts_organization_provider_txn_prefix_idx" ON "payment_attempts" ("organization_id", (lower("provider_txn_id") COLLATE "C")) WHERE "provider_txn_id" IS NOT NULL;
