ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_cash_session_fk";
