-- Every key of a school's table leads with its school, so that the schema can be distributed by
-- organization_id (Citus, deploy/citus/distribute.sql; checked by db-distribution.int.test.ts).
-- Public codes too short to be unique by chance get a small lookup table of their own, backfilled here.
CREATE TABLE "short_link_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_link_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL
);
--> statement-breakpoint
INSERT INTO "short_link_codes" ("code", "organization_id") SELECT "code", "organization_id" FROM "short_links";--> statement-breakpoint
INSERT INTO "payment_link_ids" ("id", "organization_id") SELECT "id", "organization_id" FROM "payment_links";--> statement-breakpoint
ALTER TABLE "short_link_codes" ADD CONSTRAINT "short_link_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_ids" ADD CONSTRAINT "payment_link_ids_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Foreign keys on a payment's id alone become (school, id); those into the platform's queues go.
ALTER TABLE "payment_attempt_invoices" DROP CONSTRAINT "payment_attempt_invoices_attempt_id_payment_attempts_id_fk";--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" DROP CONSTRAINT "payment_idempotency_keys_attempt_id_payment_attempts_id_fk";--> statement-breakpoint
ALTER TABLE "payment_reviews" DROP CONSTRAINT "payment_reviews_attempt_id_payment_attempts_id_fk";--> statement-breakpoint
ALTER TABLE "payment_transitions" DROP CONSTRAINT "payment_transitions_attempt_id_payment_attempts_id_fk";--> statement-breakpoint
ALTER TABLE "incoming_credits" DROP CONSTRAINT "incoming_credits_event_id_provider_events_id_fk";--> statement-breakpoint
ALTER TABLE "workflow_sends" DROP CONSTRAINT "workflow_sends_outbound_message_id_outbound_messages_id_fk";--> statement-breakpoint
-- These rest on the (school, id) unique indexes that the primary keys replace: recreated below.
ALTER TABLE "payment_link_attempts" DROP CONSTRAINT "payment_link_attempts_attempt_fk";--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_attempt_fk";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_payment_fk";--> statement-breakpoint
ALTER TABLE "incoming_credits" DROP CONSTRAINT "incoming_credits_payment_fk";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_cash_session_fk";--> statement-breakpoint
DROP INDEX "payment_attempts_organization_id_key";--> statement-breakpoint
DROP INDEX "payment_refunds_organization_id_key";--> statement-breakpoint
DROP INDEX "incoming_credits_organization_id_key";--> statement-breakpoint
DROP INDEX "receipts_organization_id_key";--> statement-breakpoint
DROP INDEX "cash_sessions_organization_id_key";--> statement-breakpoint
ALTER TABLE "payment_attempt_invoices" DROP CONSTRAINT "payment_attempt_invoices_attempt_id_invoice_id_pk";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_pkey";--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_pkey";--> statement-breakpoint
ALTER TABLE "payment_transitions" DROP CONSTRAINT "payment_transitions_pkey";--> statement-breakpoint
ALTER TABLE "incoming_credits" DROP CONSTRAINT "incoming_credits_pkey";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_pkey";--> statement-breakpoint
ALTER TABLE "cash_sessions" DROP CONSTRAINT "cash_sessions_pkey";--> statement-breakpoint
ALTER TABLE "payment_attempt_invoices" ADD CONSTRAINT "payment_attempt_invoices_organization_id_attempt_id_invoice_id_pk" PRIMARY KEY("organization_id","attempt_id","invoice_id");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "payment_transitions" ADD CONSTRAINT "payment_transitions_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "incoming_credits" ADD CONSTRAINT "incoming_credits_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "cash_sessions" ADD CONSTRAINT "cash_sessions_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "payment_link_attempts" ADD CONSTRAINT "payment_link_attempts_attempt_fk" FOREIGN KEY ("organization_id","attempt_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_attempt_fk" FOREIGN KEY ("organization_id","attempt_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_credits" ADD CONSTRAINT "incoming_credits_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_cash_session_fk" FOREIGN KEY ("organization_id","cash_session_id") REFERENCES "public"."cash_sessions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempt_invoices" ADD CONSTRAINT "payment_attempt_invoices_attempt_fk" FOREIGN KEY ("organization_id","attempt_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" ADD CONSTRAINT "payment_idempotency_keys_attempt_fk" FOREIGN KEY ("organization_id","attempt_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transitions" ADD CONSTRAINT "payment_transitions_attempt_fk" FOREIGN KEY ("organization_id","attempt_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Codes found across schools: unique through their lookup table (short links, payment links), or
-- by their 144 random bits (receipts), never by a unique index a distributed table cannot keep.
DROP INDEX "short_links_code_key";--> statement-breakpoint
DROP INDEX "payment_links_id_key";--> statement-breakpoint
DROP INDEX "receipts_verification_code_key";--> statement-breakpoint
CREATE INDEX "receipts_verification_code_idx" ON "receipts" USING btree ("verification_code");
