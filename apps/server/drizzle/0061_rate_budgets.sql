CREATE TABLE "rate_budgets" (
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_budgets_scope_key_hash_pk" PRIMARY KEY("scope","key_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_budgets_window_ends_at_idx" ON "rate_budgets" USING btree ("window_ends_at");