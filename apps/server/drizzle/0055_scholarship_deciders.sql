ALTER TABLE "scholarships" ADD COLUMN "recommended_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "scholarships" ADD COLUMN "decided_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "scholarships" ADD COLUMN "refusal_reason" text;