CREATE TABLE "short_links" (
	"code" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"target_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"clicks" integer DEFAULT 0 NOT NULL,
	"last_clicked_at" timestamp with time zone,
	CONSTRAINT "short_links_organization_id_code_pk" PRIMARY KEY("organization_id","code"),
	CONSTRAINT "short_links_purpose_check" CHECK ("short_links"."purpose" in ('payment', 'opt_out', 'receipt', 'page')),
	CONSTRAINT "short_links_code_check" CHECK ("short_links"."code" ~ '^[0-9A-Za-z]{8,10}$'),
	CONSTRAINT "short_links_target_path_check" CHECK ("short_links"."target_path" ~ '^/[^/\\]')
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"organization_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reactivated_at" timestamp with time zone,
	CONSTRAINT "message_opt_outs_pkey" PRIMARY KEY("organization_id","recipient","category"),
	CONSTRAINT "message_opt_outs_category_check" CHECK ("message_opt_outs"."category" in ('reminder', 'notice', 'marketing')),
	CONSTRAINT "message_opt_outs_source_check" CHECK ("message_opt_outs"."source" in ('link', 'provider', 'keyword', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_opt_outs" ADD CONSTRAINT "message_opt_outs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_code_key" ON "short_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "short_links_organization_target_idx" ON "short_links" USING btree ("organization_id","target_path","purpose");