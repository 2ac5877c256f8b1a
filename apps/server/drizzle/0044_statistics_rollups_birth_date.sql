CREATE TABLE "collection_facts" (
	"organization_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"slice" text NOT NULL,
	"day" date NOT NULL,
	"programme_id" uuid,
	"level_id" uuid,
	"birth_year" smallint,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"amount" bigint NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"lag_days" integer,
	CONSTRAINT "collection_facts_organization_id_attempt_id_slice_pk" PRIMARY KEY("organization_id","attempt_id","slice")
);
--> statement-breakpoint
CREATE TABLE "collection_months" (
	"organization_id" uuid NOT NULL,
	"month" date NOT NULL,
	"programme_id" uuid,
	"level_id" uuid,
	"birth_year" smallint,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"slices" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"payments" bigint NOT NULL,
	"lagged_amount" bigint NOT NULL,
	"lag_weighted" bigint NOT NULL,
	CONSTRAINT "collection_months_key" UNIQUE NULLS NOT DISTINCT("organization_id","month","programme_id","level_id","birth_year","source","provider","channel")
);
--> statement-breakpoint
CREATE TABLE "receivable_days" (
	"organization_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"programme_id" uuid,
	"level_id" uuid,
	"birth_year" smallint,
	"invoices" integer NOT NULL,
	"open_invoices" integer NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"open" bigint NOT NULL,
	CONSTRAINT "receivable_days_key" UNIQUE NULLS NOT DISTINCT("organization_id","due_on","programme_id","level_id","birth_year")
);
--> statement-breakpoint
CREATE TABLE "statistics_refresh_state" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"payments_through" timestamp with time zone,
	"invoices_through" timestamp with time zone,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "collection_facts" ADD CONSTRAINT "collection_facts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_months" ADD CONSTRAINT "collection_months_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_days" ADD CONSTRAINT "receivable_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_refresh_state" ADD CONSTRAINT "statistics_refresh_state_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_facts_organization_day_idx" ON "collection_facts" USING btree ("organization_id","day");