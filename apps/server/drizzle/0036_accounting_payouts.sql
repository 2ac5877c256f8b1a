CREATE TABLE "settlement_volumes" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"online_gross" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_counters" (
	"organization_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payout_counters_organization_id_year_pk" PRIMARY KEY("organization_id","year")
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"schedule" text NOT NULL,
	"weekday" integer NOT NULL,
	"minimum_xof" bigint NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_schedule_check" CHECK ("payout_settings"."schedule" in ('daily', 'weekly')),
	CONSTRAINT "payout_settings_weekday_check" CHECK ("payout_settings"."weekday" between 1 and 7),
	CONSTRAINT "payout_settings_minimum_check" CHECK ("payout_settings"."minimum_xof" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"rail" text,
	"transfer_id" text,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"gross" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"provider_fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	"payment_count" integer NOT NULL,
	"bank_name" text,
	"account_holder" text,
	"account_masked" text NOT NULL,
	"origin" text NOT NULL,
	"scheduled_for" date NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"value_date" date,
	"bank_reference" text,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'sending', 'paid', 'failed')),
	CONSTRAINT "payouts_net_check" CHECK ("payouts"."net" = "payouts"."gross" - "payouts"."commission" - "payouts"."provider_fee")
);
--> statement-breakpoint
ALTER TABLE "settlement_volumes" ADD CONSTRAINT "settlement_volumes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_counters" ADD CONSTRAINT "payout_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("organization_id","reference");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("organization_id","status","created_at");--> statement-breakpoint
ALTER TABLE "payment_settlements" ADD CONSTRAINT "payment_settlements_payout_fk" FOREIGN KEY ("organization_id","payout_id") REFERENCES "public"."payouts"("organization_id","id") ON DELETE no action ON UPDATE no action;