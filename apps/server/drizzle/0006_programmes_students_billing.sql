CREATE TABLE "academic_years" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"label" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_years_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "academic_years_dates_check" CHECK ("academic_years"."ends_on" > "academic_years"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"programme_id" uuid NOT NULL,
	"name" text NOT NULL,
	"registration_fee" bigint DEFAULT 0 NOT NULL,
	"fee_mode" text DEFAULT 'monthly' NOT NULL,
	"monthly_fee" bigint DEFAULT 0 NOT NULL,
	"billed_months" integer[] DEFAULT '{10,11,12,1,2,3,4,5,6,7}'::integer[] NOT NULL,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "levels_fees_check" CHECK ("levels"."registration_fee" >= 0 and "levels"."monthly_fee" >= 0),
	CONSTRAINT "levels_fee_mode_check" CHECK ("levels"."fee_mode" in ('monthly', 'schedule'))
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programmes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawal_reason" text,
	CONSTRAINT "enrolments_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "enrolments_status_check" CHECK ("enrolments"."status" in ('active', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"search_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "student_guardians" (
	"organization_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"relation" text NOT NULL,
	"is_main_payer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_guardians_organization_id_student_id_guardian_id_pk" PRIMARY KEY("organization_id","student_id","guardian_id")
);
--> statement-breakpoint
CREATE TABLE "student_imports" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"mode" text,
	"rows" jsonb NOT NULL,
	"issues" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"valid_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"enrolled" integer DEFAULT 0 NOT NULL,
	"invoices_issued" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "student_imports_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "student_numbering" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"prefix" text DEFAULT 'STU' NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_status_changes" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_status_changes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"matricule" text NOT NULL,
	"full_name" text NOT NULL,
	"search_key" text NOT NULL,
	"phone" text,
	"email" text,
	"status" text DEFAULT 'active' NOT NULL,
	"programme_id" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "students_status_check" CHECK ("students"."status" in ('active', 'suspended', 'pending'))
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"monthly_due_day" integer DEFAULT 5 NOT NULL,
	"sibling_discount_enabled" boolean DEFAULT false NOT NULL,
	"sibling_second_percent" integer DEFAULT 10 NOT NULL,
	"sibling_third_percent" integer DEFAULT 15 NOT NULL,
	"late_fee_enabled" boolean DEFAULT false NOT NULL,
	"late_fee_grace_days" integer DEFAULT 15 NOT NULL,
	"late_fee_kind" text DEFAULT 'fixed' NOT NULL,
	"late_fee_value" bigint DEFAULT 0 NOT NULL,
	"late_fee_cap" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_allocations" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_allocations_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "invoice_allocations_amount_check" CHECK ("invoice_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"amount" bigint NOT NULL,
	"source_key" text,
	"reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"organization_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_number_counters_organization_id_year_pk" PRIMARY KEY("organization_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text,
	"student_id" uuid NOT NULL,
	"enrolment_id" uuid,
	"academic_year_id" uuid,
	"schedule_key" text,
	"label" text NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"voided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."total" >= 0 and "invoices"."paid" >= 0),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'open', 'partially_paid', 'paid', 'void')),
	CONSTRAINT "invoices_number_when_issued_check" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null) or "invoices"."status" = 'void')
);
--> statement-breakpoint
CREATE TABLE "scholarships" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'recommended' NOT NULL,
	"recommended_by" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scholarships_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "scholarships_value_check" CHECK ("scholarships"."value" > 0)
);
--> statement-breakpoint
ALTER TABLE "academic_years" ADD CONSTRAINT "academic_years_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_programme_fk" FOREIGN KEY ("organization_id","programme_id") REFERENCES "public"."programmes"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_level_fk" FOREIGN KEY ("organization_id","level_id") REFERENCES "public"."levels"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_academic_year_fk" FOREIGN KEY ("organization_id","academic_year_id") REFERENCES "public"."academic_years"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_guardian_fk" FOREIGN KEY ("organization_id","guardian_id") REFERENCES "public"."guardians"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_numbering" ADD CONSTRAINT "student_numbering_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_status_changes" ADD CONSTRAINT "student_status_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_status_changes" ADD CONSTRAINT "student_status_changes_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_programme_fk" FOREIGN KEY ("organization_id","programme_id") REFERENCES "public"."programmes"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_allocations" ADD CONSTRAINT "invoice_allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_allocations" ADD CONSTRAINT "invoice_allocations_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_number_counters" ADD CONSTRAINT "invoice_number_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_enrolment_fk" FOREIGN KEY ("organization_id","enrolment_id") REFERENCES "public"."enrolments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_academic_year_fk" FOREIGN KEY ("organization_id","academic_year_id") REFERENCES "public"."academic_years"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_academic_year_fk" FOREIGN KEY ("organization_id","academic_year_id") REFERENCES "public"."academic_years"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_organization_label_key" ON "academic_years" USING btree ("organization_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_one_current_key" ON "academic_years" USING btree ("organization_id") WHERE "academic_years"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "levels_programme_name_key" ON "levels" USING btree ("organization_id","programme_id",lower("name"));--> statement-breakpoint
CREATE INDEX "levels_organization_programme_idx" ON "levels" USING btree ("organization_id","programme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programmes_organization_name_key" ON "programmes" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_one_active_per_year_key" ON "enrolments" USING btree ("organization_id","student_id","academic_year_id") WHERE "enrolments"."status" = 'active';--> statement-breakpoint
CREATE INDEX "enrolments_organization_year_level_idx" ON "enrolments" USING btree ("organization_id","academic_year_id","level_id");--> statement-breakpoint
CREATE INDEX "enrolments_organization_level_idx" ON "enrolments" USING btree ("organization_id","level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_organization_phone_key" ON "guardians" USING btree ("organization_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "student_guardians_one_main_payer_key" ON "student_guardians" USING btree ("organization_id","student_id") WHERE "student_guardians"."is_main_payer";--> statement-breakpoint
CREATE INDEX "student_guardians_guardian_idx" ON "student_guardians" USING btree ("organization_id","guardian_id");--> statement-breakpoint
CREATE INDEX "student_imports_organization_created_idx" ON "student_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "student_status_changes_student_idx" ON "student_status_changes" USING btree ("organization_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_organization_matricule_key" ON "students" USING btree ("organization_id","matricule");--> statement-breakpoint
CREATE INDEX "students_organization_status_idx" ON "students" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "students_organization_programme_idx" ON "students" USING btree ("organization_id","programme_id");--> statement-breakpoint
CREATE INDEX "students_organization_name_idx" ON "students" USING btree ("organization_id","full_name");--> statement-breakpoint
CREATE INDEX "invoice_allocations_invoice_idx" ON "invoice_allocations" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_allocations_source_idx" ON "invoice_allocations" USING btree ("organization_id","source_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_source_key" ON "invoice_lines" USING btree ("organization_id","invoice_id","source_key");--> statement-breakpoint
CREATE INDEX "invoice_lines_source_idx" ON "invoice_lines" USING btree ("organization_id","source_key") WHERE "invoice_lines"."source_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_organization_number_key" ON "invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_enrolment_schedule_key" ON "invoices" USING btree ("organization_id","enrolment_id","schedule_key");--> statement-breakpoint
CREATE INDEX "invoices_organization_student_idx" ON "invoices" USING btree ("organization_id","student_id");--> statement-breakpoint
CREATE INDEX "invoices_organization_due_number_idx" ON "invoices" USING btree ("organization_id","due_on",coalesce("number", ''),"id");--> statement-breakpoint
CREATE INDEX "invoices_organization_status_due_idx" ON "invoices" USING btree ("organization_id","status","due_on");--> statement-breakpoint
CREATE INDEX "scholarships_organization_student_idx" ON "scholarships" USING btree ("organization_id","student_id");--> statement-breakpoint
CREATE INDEX "scholarships_organization_status_idx" ON "scholarships" USING btree ("organization_id","status");