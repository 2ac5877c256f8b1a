ALTER TABLE "visit_payments" DROP CONSTRAINT "visit_payments_visit_id_page_visits_id_fk";
--> statement-breakpoint
DROP INDEX "visit_payments_visit_idx";--> statement-breakpoint
/* 
    Unfortunately in current drizzle-kit version we can't automatically get name for primary key.
    We are working on making it available!

    Meanwhile you can:
        1. Check pk name in your database, by running
            SELECT constraint_name FROM information_schema.table_constraints
            WHERE table_schema = 'public'
                AND table_name = 'page_visits'
                AND constraint_type = 'PRIMARY KEY';
        2. Uncomment code below and paste pk name manually
        
    Hope to release this update as soon as possible
*/

-- ALTER TABLE "page_visits" DROP CONSTRAINT "<constraint_name>";--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_visit_fk" FOREIGN KEY ("organization_id","visit_id") REFERENCES "public"."page_visits"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_payments_visit_idx" ON "visit_payments" USING btree ("organization_id","visit_id");