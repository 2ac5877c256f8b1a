CREATE TABLE "settlement_day_totals" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"wallet" text NOT NULL,
	"status" text NOT NULL,
	"payout_id" uuid,
	"line_count" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"provider_fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	CONSTRAINT "settlement_day_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","provider","wallet","status","payout_id")
);
--> statement-breakpoint
ALTER TABLE "payment_settlements" ADD COLUMN "fee_rate_missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_day_totals" ADD CONSTRAINT "settlement_day_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_day_totals_payout_idx" ON "settlement_day_totals" USING btree ("organization_id","payout_id");