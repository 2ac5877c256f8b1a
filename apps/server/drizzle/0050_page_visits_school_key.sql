ALTER TABLE "visit_payments" DROP CONSTRAINT "visit_payments_visit_id_page_visits_id_fk";
--> statement-breakpoint
DROP INDEX "visit_payments_visit_idx";--> statement-breakpoint
-- The visit is keyed by its school first (drizzle-kit cannot name the old key: it is PostgreSQL's default).
ALTER TABLE "page_visits" DROP CONSTRAINT "page_visits_pkey";--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_visit_fk" FOREIGN KEY ("organization_id","visit_id") REFERENCES "public"."page_visits"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_payments_visit_idx" ON "visit_payments" USING btree ("organization_id","visit_id");