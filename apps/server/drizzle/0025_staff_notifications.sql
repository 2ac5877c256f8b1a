CREATE TABLE "member_notification_preferences" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"new_sale" boolean DEFAULT true NOT NULL,
	"new_admission" boolean DEFAULT true NOT NULL,
	"payment_received" boolean DEFAULT true NOT NULL,
	"payment_failed" boolean DEFAULT false NOT NULL,
	"weekly_summary" boolean DEFAULT false NOT NULL,
	"notification_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notification_preferences_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "staff_notifications" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "staff_notifications_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "staff_notifications_kind_check" CHECK (kind in ('payment_received', 'payment_failed', 'admission_received', 'payment_review', 'cash_difference', 'weekly_summary', 'automation')),
	CONSTRAINT "staff_notifications_link_check" CHECK ("staff_notifications"."link" like '/admin%')
);
--> statement-breakpoint
ALTER TABLE "member_notification_preferences" ADD CONSTRAINT "member_notification_preferences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notification_preferences" ADD CONSTRAINT "member_notification_preferences_membership_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_membership_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notifications_dedupe_key" ON "staff_notifications" USING btree ("organization_id","user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "staff_notifications_member_created_idx" ON "staff_notifications" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_notifications_member_unread_idx" ON "staff_notifications" USING btree ("organization_id","user_id") WHERE "staff_notifications"."read_at" is null;