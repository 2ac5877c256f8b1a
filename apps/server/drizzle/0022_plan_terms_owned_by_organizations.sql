ALTER TABLE "school_plan_terms" DROP CONSTRAINT "school_plan_terms_created_by_users_id_fk";
