CREATE TABLE "campaign_sendings" (
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"audience" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" text NOT NULL,
	"recipients" integer NOT NULL,
	"opted_out" integer NOT NULL,
	CONSTRAINT "campaign_sendings_organization_id_campaign_id_pk" PRIMARY KEY("organization_id","campaign_id"),
	CONSTRAINT "campaign_sendings_channel_check" CHECK ("campaign_sendings"."channel" in ('email', 'sms')),
	CONSTRAINT "campaign_sendings_audience_check" CHECK ("campaign_sendings"."audience" in ('guardians', 'subscribers')),
	CONSTRAINT "campaign_sendings_counts_check" CHECK ("campaign_sendings"."recipients" >= 0 and "campaign_sendings"."opted_out" >= 0)
);
--> statement-breakpoint
CREATE TABLE "marketing_subscribers" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"phone" text,
	"name" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "marketing_subscribers_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "marketing_subscribers_contact_check" CHECK ("marketing_subscribers"."email" is not null or "marketing_subscribers"."phone" is not null),
	CONSTRAINT "marketing_subscribers_source_check" CHECK ("marketing_subscribers"."source" in ('pre_registration', 'form'))
);
--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "campaign_touched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_sendings" ADD CONSTRAINT "campaign_sendings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sendings" ADD CONSTRAINT "campaign_sendings_campaign_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscribers" ADD CONSTRAINT "marketing_subscribers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_subscribers_email_key" ON "marketing_subscribers" USING btree ("organization_id",lower("email")) WHERE "marketing_subscribers"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_subscribers_phone_key" ON "marketing_subscribers" USING btree ("organization_id","phone") WHERE "marketing_subscribers"."phone" is not null;--> statement-breakpoint
CREATE INDEX "marketing_subscribers_organization_subscribed_idx" ON "marketing_subscribers" USING btree ("organization_id","subscribed_at");--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_campaign_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admissions_organization_campaign_idx" ON "admissions" USING btree ("organization_id","campaign_id","created_at") WHERE "admissions"."campaign_id" is not null;