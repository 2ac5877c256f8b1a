CREATE TABLE "incoming_credits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"wallet" text,
	"provider_txn_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'XOF' NOT NULL,
	"reference" text,
	"payer_phone" text,
	"payer_name" text,
	"received_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"matched_by" text,
	"student_id" uuid,
	"guardian_id" uuid,
	"payment_id" uuid,
	"suspense_transaction_id" uuid,
	"event_id" uuid,
	"assigned_by" text,
	"assigned_by_user_id" uuid,
	"assigned_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incoming_credits_amount_check" CHECK ("incoming_credits"."amount" > 0),
	CONSTRAINT "incoming_credits_status_check" CHECK ("incoming_credits"."status" in ('matched', 'to_assign', 'assigned', 'returned')),
	CONSTRAINT "incoming_credits_payment_check" CHECK (("incoming_credits"."status" in ('matched', 'assigned')) = ("incoming_credits"."payment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "merchant_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"merchant_code" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incoming_credits" ADD CONSTRAINT "incoming_credits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_credits" ADD CONSTRAINT "incoming_credits_event_id_provider_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."provider_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_credits" ADD CONSTRAINT "incoming_credits_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_credits" ADD CONSTRAINT "incoming_credits_guardian_fk" FOREIGN KEY ("organization_id","guardian_id") REFERENCES "public"."guardians"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_credits" ADD CONSTRAINT "incoming_credits_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_credits_organization_id_key" ON "incoming_credits" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_credits_provider_txn_key" ON "incoming_credits" USING btree ("organization_id","provider","provider_txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_credits_payment_key" ON "incoming_credits" USING btree ("organization_id","payment_id") WHERE "incoming_credits"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "incoming_credits_organization_status_received_idx" ON "incoming_credits" USING btree ("organization_id","status","received_at");--> statement-breakpoint
CREATE INDEX "incoming_credits_organization_received_idx" ON "incoming_credits" USING btree ("organization_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_accounts_provider_code_key" ON "merchant_accounts" USING btree ("provider","merchant_code");--> statement-breakpoint
CREATE INDEX "merchant_accounts_organization_idx" ON "merchant_accounts" USING btree ("organization_id");