CREATE TABLE "payment_settlements" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid,
	"provider" text NOT NULL,
	"wallet" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"student_id" uuid,
	"student_label" text NOT NULL,
	"student_sort_key" text NOT NULL,
	"gross" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"provider_fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	"commission_rate_bp" integer NOT NULL,
	"fee_percent_bp" integer NOT NULL,
	"fee_fixed_xof" integer NOT NULL,
	"status" text NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settlements_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "payment_settlements_net_check" CHECK ("payment_settlements"."net" = "payment_settlements"."gross" - "payment_settlements"."commission" - "payment_settlements"."provider_fee"),
	CONSTRAINT "payment_settlements_status_check" CHECK ("payment_settlements"."status" in ('pending', 'in_payout', 'paid', 'at_desk')),
	CONSTRAINT "payment_settlements_kind_check" CHECK ("payment_settlements"."kind" in ('payment', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "payment_settlements" ADD CONSTRAINT "payment_settlements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_settlements_payment_key" ON "payment_settlements" USING btree ("organization_id","payment_id") WHERE "payment_settlements"."kind" = 'payment';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_settlements_refund_key" ON "payment_settlements" USING btree ("organization_id","refund_id") WHERE "payment_settlements"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "payment_settlements_occurred_idx" ON "payment_settlements" USING btree ("organization_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "payment_settlements_payout_idx" ON "payment_settlements" USING btree ("organization_id","payout_id");--> statement-breakpoint
CREATE INDEX "payment_settlements_status_idx" ON "payment_settlements" USING btree ("organization_id","status","occurred_at");