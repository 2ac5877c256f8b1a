ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_status_check";--> statement-breakpoint
DROP INDEX "outbound_messages_queued_idx";--> statement-breakpoint
CREATE INDEX "outbound_messages_queued_idx" ON "outbound_messages" USING btree ("created_at") WHERE "outbound_messages"."status" in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_status_check" CHECK ("outbound_messages"."status" in ('captured', 'queued', 'sending', 'sent', 'failed'));