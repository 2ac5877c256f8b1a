CREATE TABLE "workflows" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"channel" text NOT NULL,
	"recipients" text,
	"staff_role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"template" text NOT NULL,
	"subject" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"default_key" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "workflows_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "workflows_trigger_check" CHECK ("workflows"."trigger" in ('invoice_due_in', 'invoice_overdue', 'payment_succeeded', 'payment_failed', 'student_enrolled', 'admission_received', 'weekly_summary')),
	CONSTRAINT "workflows_channel_check" CHECK ("workflows"."channel" in ('sms', 'whatsapp', 'email', 'staff')),
	CONSTRAINT "workflows_recipients_check" CHECK ("workflows"."recipients" is null or "workflows"."recipients" in ('main_payer', 'all_guardians')),
	CONSTRAINT "workflows_default_key_check" CHECK ("workflows"."default_key" is null or "workflows"."default_key" in ('due_in_7', 'due_in_1', 'overdue_3', 'overdue_10'))
);
--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_organization_name_key" ON "workflows" USING btree ("organization_id",lower("name")) WHERE "workflows"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_organization_default_key" ON "workflows" USING btree ("organization_id","default_key");--> statement-breakpoint
CREATE INDEX "workflows_organization_trigger_idx" ON "workflows" USING btree ("organization_id","trigger") WHERE "workflows"."archived_at" is null and "workflows"."enabled";--> statement-breakpoint
CREATE INDEX "workflows_organization_created_idx" ON "workflows" USING btree ("organization_id","created_at");