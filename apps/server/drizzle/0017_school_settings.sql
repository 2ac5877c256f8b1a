CREATE TABLE "kyc_documents" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"stored_file" text NOT NULL,
	"original_file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'soumis' NOT NULL,
	"refusal_reason" text,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "kyc_documents_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "kyc_documents_kind_check" CHECK ("kyc_documents"."kind" in ('statuts', 'autorisation', 'piece_identite', 'justificatif_bancaire')),
	CONSTRAINT "kyc_documents_status_check" CHECK ("kyc_documents"."status" in ('soumis', 'valide', 'refuse')),
	CONSTRAINT "kyc_documents_mime_check" CHECK ("kyc_documents"."mime" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "kyc_documents_size_check" CHECK ("kyc_documents"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"organization_id" uuid NOT NULL,
	"notification_email" text,
	"admission_received" boolean DEFAULT true NOT NULL,
	"kyc_reviewed" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_organization_id_pk" PRIMARY KEY("organization_id")
);
--> statement-breakpoint
CREATE TABLE "school_plan_terms" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"commission_rate_bp" integer NOT NULL,
	"fee_free_volume_xof" bigint DEFAULT 0 NOT NULL,
	"subscription_xof" integer,
	"subscription_period" text,
	"member_limit" integer,
	"reminders_per_month" integer,
	"created_by" uuid,
	CONSTRAINT "school_plan_terms_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "school_plan_terms_plan_check" CHECK ("school_plan_terms"."plan" in ('decouverte', 'croissance', 'personnalise')),
	CONSTRAINT "school_plan_terms_period_check" CHECK ("school_plan_terms"."subscription_period" is null or "school_plan_terms"."subscription_period" in ('year', 'month')),
	CONSTRAINT "school_plan_terms_rates_check" CHECK ("school_plan_terms"."commission_rate_bp" between 0 and 10000 and "school_plan_terms"."fee_free_volume_xof" >= 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_file" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_version" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_theme" text DEFAULT 'dark' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "account_holder" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "rib" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bank_details_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "public_intro" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "offered_wallets" text[];--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "plan_chosen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "theme_preference" text;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_plan_terms" ADD CONSTRAINT "school_plan_terms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_plan_terms" ADD CONSTRAINT "school_plan_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_documents_organization_kind_idx" ON "kyc_documents" USING btree ("organization_id","kind","uploaded_at");--> statement-breakpoint
CREATE INDEX "school_plan_terms_organization_from_idx" ON "school_plan_terms" USING btree ("organization_id","effective_from");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_default_theme_check" CHECK ("organizations"."default_theme" in ('dark', 'light'));