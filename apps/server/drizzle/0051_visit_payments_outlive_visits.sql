ALTER TABLE "visit_payments" DROP CONSTRAINT "visit_payments_visit_fk";
