-- Foreign keys from an upstream module's table to a downstream module's table, declared by the
-- downstream module (decisions/0015-module-boundaries.md): the upstream module's tables file does
-- not import the downstream one's. The same constraints as before, under the same names; 0015
-- dropped them from the upstream tables' definitions.
-- cash-desk: a payment taken at the desk belongs to a session of the same school.
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_cash_session_fk" FOREIGN KEY ("organization_id","cash_session_id") REFERENCES "public"."cash_sessions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- organizations: a school's journal entries belong to an existing school.
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- auth: a membership is an existing account's.
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
