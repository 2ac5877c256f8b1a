CREATE TABLE "campaign_links" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"label" text NOT NULL,
	"destination" text NOT NULL,
	"short_link_code" text NOT NULL,
	"target_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_links_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "campaign_links_destination_check" CHECK ("campaign_links"."destination" in ('pre_registration', 'pay_page'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"budget" bigint NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"destination" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"audience" text,
	"paused_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "campaigns_budget_check" CHECK ("campaigns"."budget" >= 0),
	CONSTRAINT "campaigns_spend_check" CHECK ("campaigns"."spend" >= 0),
	CONSTRAINT "campaigns_dates_check" CHECK ("campaigns"."ends_on" >= "campaigns"."starts_on"),
	CONSTRAINT "campaigns_channel_check" CHECK ("campaigns"."channel" in ('facebook', 'google_ads', 'email', 'sms', 'poster')),
	CONSTRAINT "campaigns_destination_check" CHECK ("campaigns"."destination" in ('pre_registration', 'pay_page')),
	CONSTRAINT "campaigns_audience_check" CHECK ("campaigns"."audience" is null or "campaigns"."audience" in ('guardians', 'subscribers'))
);
--> statement-breakpoint
ALTER TABLE "short_links" DROP CONSTRAINT "short_links_purpose_check";--> statement-breakpoint
ALTER TABLE "campaign_links" ADD CONSTRAINT "campaign_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_links" ADD CONSTRAINT "campaign_links_campaign_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_links" ADD CONSTRAINT "campaign_links_short_link_fk" FOREIGN KEY ("organization_id","short_link_code") REFERENCES "public"."short_links"("organization_id","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_links_organization_campaign_idx" ON "campaign_links" USING btree ("organization_id","campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_organization_code_key" ON "campaigns" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "campaigns_organization_created_idx" ON "campaigns" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_purpose_check" CHECK ("short_links"."purpose" in ('payment', 'opt_out', 'receipt', 'page', 'campaign'));