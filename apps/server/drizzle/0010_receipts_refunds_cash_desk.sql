CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"requested_by" text NOT NULL,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_method_check" CHECK ("payment_refunds"."method" in ('provider', 'manual')),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"organization_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counters_organization_id_year_pk" PRIMARY KEY("organization_id","year")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"verification_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "receipts_amount_check" CHECK ("receipts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "cash_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"cashier_user_id" uuid NOT NULL,
	"cashier_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opening_float" bigint NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"expected_cash" bigint,
	"counted_cash" bigint,
	"difference" bigint,
	"closing_comment" text,
	CONSTRAINT "cash_sessions_float_check" CHECK ("cash_sessions"."opening_float" >= 0),
	CONSTRAINT "cash_sessions_counted_check" CHECK ("cash_sessions"."counted_cash" is null or "cash_sessions"."counted_cash" >= 0),
	CONSTRAINT "cash_sessions_status_check" CHECK ("cash_sessions"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "cash_session_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_attempt_fk" FOREIGN KEY ("organization_id","attempt_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sessions" ADD CONSTRAINT "cash_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_organization_id_key" ON "payment_refunds" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "payment_refunds_attempt_idx" ON "payment_refunds" USING btree ("organization_id","attempt_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_next_check_idx" ON "payment_refunds" USING btree ("next_check_at") WHERE "payment_refunds"."next_check_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_one_pending_key" ON "payment_refunds" USING btree ("organization_id","attempt_id") WHERE "payment_refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_organization_id_key" ON "receipts" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_organization_payment_key" ON "receipts" USING btree ("organization_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_organization_number_key" ON "receipts" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_verification_code_key" ON "receipts" USING btree ("verification_code");--> statement-breakpoint
CREATE INDEX "receipts_organization_issued_idx" ON "receipts" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_sessions_organization_id_key" ON "cash_sessions" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_sessions_one_open_key" ON "cash_sessions" USING btree ("organization_id","cashier_user_id") WHERE "cash_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cash_sessions_organization_opened_idx" ON "cash_sessions" USING btree ("organization_id","opened_at");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_cash_session_fk" FOREIGN KEY ("organization_id","cash_session_id") REFERENCES "public"."cash_sessions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_organization_status_created_idx" ON "payment_attempts" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_organization_provider_created_idx" ON "payment_attempts" USING btree ("organization_id","provider","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_organization_succeeded_idx" ON "payment_attempts" USING btree ("organization_id","succeeded_at") WHERE "payment_attempts"."succeeded_at" is not null;--> statement-breakpoint
CREATE INDEX "payment_attempts_organization_session_idx" ON "payment_attempts" USING btree ("organization_id","cash_session_id") WHERE "payment_attempts"."cash_session_id" is not null;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_refunded_check" CHECK ("payment_attempts"."refunded_amount" >= 0 and "payment_attempts"."refunded_amount" <= "payment_attempts"."amount");