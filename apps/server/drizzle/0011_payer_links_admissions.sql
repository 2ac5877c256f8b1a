CREATE TABLE "payer_codes" (
	"id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"matricule" text NOT NULL,
	"phone" text NOT NULL,
	"student_id" uuid,
	"guardian_id" uuid,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_codes_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "payer_codes_attempts_check" CHECK ("payer_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_link_attempts" (
	"organization_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"link_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_link_attempts_organization_id_attempt_id_pk" PRIMARY KEY("organization_id","attempt_id")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"student_id" uuid,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "admissions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"gender" text NOT NULL,
	"country" text NOT NULL,
	"programme_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"refusal_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admissions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "online_partial_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "online_minimum_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payer_codes" ADD CONSTRAINT "payer_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_attempts" ADD CONSTRAINT "payment_link_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_attempts" ADD CONSTRAINT "payment_link_attempts_attempt_fk" FOREIGN KEY ("organization_id","attempt_id") REFERENCES "public"."payment_attempts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_attempts" ADD CONSTRAINT "payment_link_attempts_link_fk" FOREIGN KEY ("organization_id","link_id") REFERENCES "public"."payment_links"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_guardian_fk" FOREIGN KEY ("organization_id","guardian_id") REFERENCES "public"."guardians"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_programme_fk" FOREIGN KEY ("organization_id","programme_id") REFERENCES "public"."programmes"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_level_fk" FOREIGN KEY ("organization_id","level_id") REFERENCES "public"."levels"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payer_codes_organization_phone_idx" ON "payer_codes" USING btree ("organization_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "payer_codes_organization_matricule_idx" ON "payer_codes" USING btree ("organization_id","matricule","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_id_key" ON "payment_links" USING btree ("id");--> statement-breakpoint
CREATE INDEX "payment_links_organization_guardian_idx" ON "payment_links" USING btree ("organization_id","guardian_id");--> statement-breakpoint
CREATE INDEX "admissions_organization_status_idx" ON "admissions" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "outbound_messages_queued_idx" ON "outbound_messages" USING btree ("created_at") WHERE "outbound_messages"."status" = 'queued';