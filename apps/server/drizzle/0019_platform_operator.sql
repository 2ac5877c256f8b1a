CREATE TABLE "provider_fee_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"wallet" text,
	"percent_bp" integer NOT NULL,
	"fixed_xof" integer DEFAULT 0 NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_fee_rates_key" UNIQUE NULLS NOT DISTINCT("provider","wallet","effective_from"),
	CONSTRAINT "provider_fee_rates_percent_check" CHECK ("provider_fee_rates"."percent_bp" between 0 and 10000),
	CONSTRAINT "provider_fee_rates_fixed_check" CHECK ("provider_fee_rates"."fixed_xof" >= 0),
	CONSTRAINT "provider_fee_rates_provider_check" CHECK ("provider_fee_rates"."provider" in ('paygate', 'fedapay', 'mtn', 'orange', 'wave'))
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "platform_role" text;--> statement-breakpoint
ALTER TABLE "provider_fee_rates" ADD CONSTRAINT "provider_fee_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_fee_rates_lookup_idx" ON "provider_fee_rates" USING btree ("provider","wallet","effective_from");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_platform_role_check" CHECK ("users"."platform_role" in ('operator'));