CREATE TABLE "test_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_clock_one_row" CHECK ("test_clock"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "workflow_sends" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"occurrence" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"guardian_id" uuid,
	"student_id" uuid,
	"invoice_id" uuid,
	"scheduled_for" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"skip_reason" text,
	"deferred_reason" text,
	"outbound_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "workflow_sends_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "workflow_sends_subject_kind_check" CHECK ("workflow_sends"."subject_kind" in ('invoice', 'payment', 'student', 'admission', 'week')),
	CONSTRAINT "workflow_sends_channel_check" CHECK ("workflow_sends"."channel" in ('sms', 'whatsapp', 'email', 'staff')),
	CONSTRAINT "workflow_sends_status_check" CHECK ("workflow_sends"."status" in ('planned', 'queued', 'sent', 'delivered', 'failed', 'skipped')),
	CONSTRAINT "workflow_sends_deferred_reason_check" CHECK ("workflow_sends"."deferred_reason" is null or "workflow_sends"."deferred_reason" in ('quiet_hours', 'cap_reached')),
	CONSTRAINT "workflow_sends_skip_reason_check" CHECK (("workflow_sends"."status" = 'skipped') = ("workflow_sends"."skip_reason" is not null) and ("workflow_sends"."skip_reason" is null or "workflow_sends"."skip_reason" in ('paid_meanwhile', 'invoice_voided', 'opted_out', 'no_phone', 'no_email', 'cap_reached', 'workflow_paused', 'condition_no_longer_met', 'already_sent')))
);
--> statement-breakpoint
ALTER TABLE "workflow_sends" ADD CONSTRAINT "workflow_sends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_sends" ADD CONSTRAINT "workflow_sends_outbound_message_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_sends" ADD CONSTRAINT "workflow_sends_guardian_fk" FOREIGN KEY ("organization_id","guardian_id") REFERENCES "public"."guardians"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_sends" ADD CONSTRAINT "workflow_sends_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_sends" ADD CONSTRAINT "workflow_sends_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_sends_occurrence_key" ON "workflow_sends" USING btree ("organization_id","workflow_id","subject_kind","subject_id","occurrence","channel","recipient");--> statement-breakpoint
CREATE INDEX "workflow_sends_due_idx" ON "workflow_sends" USING btree ("scheduled_for") WHERE "workflow_sends"."status" = 'planned';--> statement-breakpoint
CREATE INDEX "workflow_sends_workflow_scheduled_idx" ON "workflow_sends" USING btree ("organization_id","workflow_id","scheduled_for");