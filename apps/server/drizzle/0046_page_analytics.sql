CREATE TABLE "page_visit_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"duration_s" bigint DEFAULT 0 NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_visit_days_organization_id_day_channel_pk" PRIMARY KEY("organization_id","day","channel"),
	CONSTRAINT "page_visit_days_channel_check" CHECK ("page_visit_days"."channel" in ('direct', 'referral', 'social', 'campaign'))
);
--> statement-breakpoint
CREATE TABLE "page_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"visitor_id" bigint NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"is_bounce" boolean DEFAULT true NOT NULL,
	"entry_page" text NOT NULL,
	"channel" text NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"converted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "page_visits_entry_page_check" CHECK ("page_visits"."entry_page" in ('paiement', 'lien', 'inscription', 'recu')),
	CONSTRAINT "page_visits_channel_check" CHECK ("page_visits"."channel" in ('direct', 'referral', 'social', 'campaign')),
	CONSTRAINT "page_visits_counts_check" CHECK ("page_visits"."pageviews" >= 0 and "page_visits"."duration_s" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visit_payments" (
	"organization_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"visit_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_payments_organization_id_attempt_id_pk" PRIMARY KEY("organization_id","attempt_id"),
	CONSTRAINT "visit_payments_channel_check" CHECK ("visit_payments"."channel" in ('direct', 'referral', 'social', 'campaign'))
);
--> statement-breakpoint
CREATE TABLE "visit_salts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_salts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"salt" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_salts_salt_length_check" CHECK (octet_length("visit_salts"."salt") = 16)
);
--> statement-breakpoint
ALTER TABLE "page_visit_days" ADD CONSTRAINT "page_visit_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_visit_id_page_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."page_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_visits_visitor_idx" ON "page_visits" USING btree ("organization_id","visitor_id","last_at");--> statement-breakpoint
CREATE INDEX "page_visits_day_idx" ON "page_visits" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "visit_payments_visit_idx" ON "visit_payments" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visit_salts_created_idx" ON "visit_salts" USING btree ("created_at");