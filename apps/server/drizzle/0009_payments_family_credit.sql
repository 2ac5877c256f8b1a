CREATE TABLE "family_credit_movements" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_credit_movements_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "family_credit_movements_amount_check" CHECK ("family_credit_movements"."amount" <> 0),
	CONSTRAINT "family_credit_movements_source_type_check" CHECK ("family_credit_movements"."source_type" in ('payment', 'allocation'))
);
--> statement-breakpoint
CREATE TABLE "payment_attempt_invoices" (
	"organization_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_attempt_invoices_attempt_id_invoice_id_pk" PRIMARY KEY("attempt_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"wallet" text NOT NULL,
	"payer_phone" text,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'XOF' NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"invoice_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"provider_ref" text,
	"provider_txn_id" text,
	"provider_secrets" jsonb,
	"next_action" jsonb,
	"failure_code" text,
	"failure_reason" text,
	"late_success" boolean DEFAULT false NOT NULL,
	"credit_amount" bigint DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"succeeded_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"check_count" integer DEFAULT 0 NOT NULL,
	"watch_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_idempotency_keys" (
	"organization_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"attempt_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_idempotency_keys_organization_id_key_pk" PRIMARY KEY("organization_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"reason" text NOT NULL,
	"provider" text NOT NULL,
	"event_id" uuid,
	"attempt_id" uuid,
	"expected_amount" bigint,
	"reported_amount" bigint,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text
);
--> statement-breakpoint
CREATE TABLE "payment_transitions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_transitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"provider_status" text,
	"event_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"organization_id" uuid,
	"attempt_id" uuid,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"headers" jsonb NOT NULL,
	"raw_body" "bytea" NOT NULL,
	"authenticity" text NOT NULL,
	"auth_failure" text,
	"hinted_status" text,
	"event_type" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"processed_at" timestamp with time zone,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"aggregate_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "family_credit_movements" ADD CONSTRAINT "family_credit_movements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_movements" ADD CONSTRAINT "family_credit_movements_guardian_fk" FOREIGN KEY ("organization_id","guardian_id") REFERENCES "public"."guardians"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempt_invoices" ADD CONSTRAINT "payment_attempt_invoices_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_guardian_fk" FOREIGN KEY ("organization_id","guardian_id") REFERENCES "public"."guardians"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" ADD CONSTRAINT "payment_idempotency_keys_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_event_id_provider_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."provider_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transitions" ADD CONSTRAINT "payment_transitions_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_credit_movements_source_key" ON "family_credit_movements" USING btree ("organization_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "family_credit_movements_guardian_idx" ON "family_credit_movements" USING btree ("organization_id","guardian_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempt_invoices_one_active_key" ON "payment_attempt_invoices" USING btree ("organization_id","invoice_id","guardian_id") WHERE "payment_attempt_invoices"."active";--> statement-breakpoint
CREATE INDEX "payment_attempt_invoices_student_idx" ON "payment_attempt_invoices" USING btree ("organization_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_organization_id_key" ON "payment_attempts" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "payment_attempts_provider_ref_idx" ON "payment_attempts" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_attempts_organization_created_idx" ON "payment_attempts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_organization_guardian_idx" ON "payment_attempts" USING btree ("organization_id","guardian_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_next_check_idx" ON "payment_attempts" USING btree ("next_check_at") WHERE "payment_attempts"."next_check_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reviews_event_reason_key" ON "payment_reviews" USING btree ("event_id","reason") WHERE "payment_reviews"."event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reviews_attempt_reason_key" ON "payment_reviews" USING btree ("attempt_id","reason") WHERE "payment_reviews"."event_id" is null;--> statement-breakpoint
CREATE INDEX "payment_reviews_organization_open_idx" ON "payment_reviews" USING btree ("organization_id","resolved_at","created_at");--> statement-breakpoint
CREATE INDEX "payment_transitions_attempt_idx" ON "payment_transitions" USING btree ("organization_id","attempt_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_dedupe_key" ON "provider_events" USING btree ("provider","dedupe_key");--> statement-breakpoint
CREATE INDEX "provider_events_unprocessed_idx" ON "provider_events" USING btree ("received_at") WHERE "provider_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "provider_events_attempt_idx" ON "provider_events" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "outbox_events_undispatched_idx" ON "outbox_events" USING btree ("type","id") WHERE dispatched_at is null;--> statement-breakpoint
CREATE INDEX "outbox_events_aggregate_idx" ON "outbox_events" USING btree ("aggregate_id");--> statement-breakpoint
CREATE INDEX "audit_entries_organization_id_idx" ON "audit_entries" USING btree ("organization_id","id");