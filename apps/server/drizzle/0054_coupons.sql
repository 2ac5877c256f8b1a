CREATE TABLE "coupon_redemptions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"coupon_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"guardian_id" uuid,
	"invoice_id" uuid,
	"admission_id" uuid,
	"line_id" uuid,
	"amount" bigint DEFAULT 0 NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "coupon_redemptions_amount_check" CHECK ("coupon_redemptions"."amount" >= 0),
	CONSTRAINT "coupon_redemptions_status_check" CHECK ("coupon_redemptions"."status" in ('reserved', 'applied', 'released')),
	CONSTRAINT "coupon_redemptions_channel_check" CHECK ("coupon_redemptions"."channel" in ('pre_registration', 'payment_link', 'pay_page', 'desk')),
	CONSTRAINT "coupon_redemptions_applied_check" CHECK ("coupon_redemptions"."status" <> 'applied' or ("coupon_redemptions"."invoice_id" is not null and "coupon_redemptions"."line_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"scope" text NOT NULL,
	"programme_id" uuid,
	"level_id" uuid,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"max_uses" integer,
	"max_uses_per_family" integer,
	"disabled_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent', 'fixed')),
	CONSTRAINT "coupons_scope_check" CHECK ("coupons"."scope" in ('all', 'programme', 'level', 'registration')),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" > 0 and ("coupons"."kind" <> 'percent' or "coupons"."value" <= 100)),
	CONSTRAINT "coupons_validity_check" CHECK ("coupons"."valid_until" >= "coupons"."valid_from"),
	CONSTRAINT "coupons_scope_target_check" CHECK (("coupons"."scope" <> 'programme' or "coupons"."programme_id" is not null) and ("coupons"."scope" <> 'level' or "coupons"."level_id" is not null)),
	CONSTRAINT "coupons_limits_check" CHECK (coalesce("coupons"."max_uses", 1) >= 1 and coalesce("coupons"."max_uses_per_family", 1) >= 1)
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_fk" FOREIGN KEY ("organization_id","coupon_id") REFERENCES "public"."coupons"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_student_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_guardian_fk" FOREIGN KEY ("organization_id","guardian_id") REFERENCES "public"."guardians"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_line_fk" FOREIGN KEY ("organization_id","line_id") REFERENCES "public"."invoice_lines"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_programme_fk" FOREIGN KEY ("organization_id","programme_id") REFERENCES "public"."programmes"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_level_fk" FOREIGN KEY ("organization_id","level_id") REFERENCES "public"."levels"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("organization_id","coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_invoice_idx" ON "coupon_redemptions" USING btree ("organization_id","invoice_id") WHERE "coupon_redemptions"."invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_admission_key" ON "coupon_redemptions" USING btree ("organization_id","admission_id") WHERE "coupon_redemptions"."admission_id" is not null and "coupon_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_coupon_invoice_key" ON "coupon_redemptions" USING btree ("organization_id","coupon_id","invoice_id") WHERE "coupon_redemptions"."status" = 'applied';--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_organization_code_key" ON "coupons" USING btree ("organization_id",upper("code"));--> statement-breakpoint
CREATE INDEX "coupons_organization_created_idx" ON "coupons" USING btree ("organization_id","created_at");