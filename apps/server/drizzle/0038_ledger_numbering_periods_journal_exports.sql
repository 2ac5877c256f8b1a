CREATE TABLE "ledger_entry_numbers" (
	"organization_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"journal" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"number" integer NOT NULL,
	"validated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_numbers_organization_id_transaction_id_pk" PRIMARY KEY("organization_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_journal_counters" (
	"organization_id" uuid NOT NULL,
	"journal" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "ledger_journal_counters_organization_id_journal_fiscal_year_pk" PRIMARY KEY("organization_id","journal","fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "ledger_period_closures" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"closed_through" date NOT NULL,
	"closed_by" uuid,
	"closed_by_label" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_period_closures_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "account_mappings" (
	"organization_id" uuid NOT NULL,
	"internal_account" text NOT NULL,
	"account" text NOT NULL,
	"label" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_mappings_organization_id_internal_account_pk" PRIMARY KEY("organization_id","internal_account"),
	CONSTRAINT "account_mappings_account_check" CHECK ("account_mappings"."account" ~ '^[0-9]{3,8}$')
);
--> statement-breakpoint
CREATE TABLE "accounting_chart_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"base_chart" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_exports" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"format" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"lines" integer NOT NULL,
	"exported_by" uuid,
	"exported_by_label" text NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_exports_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "ledger_entry_numbers" ADD CONSTRAINT "ledger_entry_numbers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry_numbers" ADD CONSTRAINT "ledger_entry_numbers_transaction_fk" FOREIGN KEY ("organization_id","transaction_id") REFERENCES "public"."ledger_transactions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal_counters" ADD CONSTRAINT "ledger_journal_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_period_closures" ADD CONSTRAINT "ledger_period_closures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_chart_settings" ADD CONSTRAINT "accounting_chart_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_exports" ADD CONSTRAINT "journal_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_numbers_sequence_key" ON "ledger_entry_numbers" USING btree ("organization_id","journal","fiscal_year","number");--> statement-breakpoint
CREATE INDEX "ledger_period_closures_through_idx" ON "ledger_period_closures" USING btree ("organization_id","closed_through");--> statement-breakpoint
CREATE INDEX "journal_exports_period_idx" ON "journal_exports" USING btree ("organization_id","to_day");