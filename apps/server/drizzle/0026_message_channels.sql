CREATE TABLE "message_delivery_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"path" text NOT NULL,
	"headers" jsonb NOT NULL,
	"raw_body" "bytea" NOT NULL,
	"signature_valid" boolean NOT NULL,
	"dedupe_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_channel_check";--> statement-breakpoint
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_status_check";--> statement-breakpoint
DROP INDEX "outbound_messages_queued_idx";--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "category" text DEFAULT 'transactional' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "fallback_of" uuid;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "message_delivery_reports_dedupe_key" ON "message_delivery_reports" USING btree ("provider","dedupe_key");--> statement-breakpoint
CREATE INDEX "message_delivery_reports_received_idx" ON "message_delivery_reports" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_fallback_of_outbound_messages_id_fk" FOREIGN KEY ("fallback_of") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_messages_organization_status_created_idx" ON "outbound_messages" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "outbound_messages_waiting_idx" ON "outbound_messages" USING btree ("next_attempt_at") WHERE "outbound_messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "outbound_messages_provider_message_idx" ON "outbound_messages" USING btree ("provider","provider_message_id") WHERE "outbound_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "outbound_messages_recipient_created_idx" ON "outbound_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_messages_dedupe_key_unique" ON "outbound_messages" USING btree (coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid),"dedupe_key") WHERE "outbound_messages"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_messages_fallback_of_unique" ON "outbound_messages" USING btree ("fallback_of") WHERE "outbound_messages"."fallback_of" is not null;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_category_check" CHECK ("outbound_messages"."category" in ('transactional', 'reminder', 'notice'));--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_channel_check" CHECK ("outbound_messages"."channel" in ('email', 'sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_status_check" CHECK ("outbound_messages"."status" in ('captured', 'queued', 'sending', 'sent', 'delivered', 'failed', 'dead'));