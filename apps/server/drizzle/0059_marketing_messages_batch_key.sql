ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_category_check";--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "batch_key" text;--> statement-breakpoint
CREATE INDEX "outbound_messages_organization_batch_status_idx" ON "outbound_messages" USING btree ("organization_id","batch_key","status") WHERE "outbound_messages"."batch_key" is not null;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_category_check" CHECK ("outbound_messages"."category" in ('transactional', 'reminder', 'notice', 'marketing'));