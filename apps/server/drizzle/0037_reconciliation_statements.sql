CREATE TABLE "provider_statements" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"line_count" integer NOT NULL,
	"credit_total" bigint NOT NULL,
	"debit_total" bigint NOT NULL,
	"fee_total" bigint NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"difference_count" integer DEFAULT 0 NOT NULL,
	"incoming_credit_count" integer DEFAULT 0 NOT NULL,
	"imported_by" uuid,
	"imported_by_label" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_statements_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_items" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"statement_id" uuid,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"line_no" integer,
	"payment_id" uuid,
	"wallet" text,
	"reference" text,
	"provider_txn_id" text,
	"day" date,
	"statement_amount" bigint,
	"our_amount" bigint,
	"statement_fee" bigint,
	"our_fee" bigint,
	"resolution" text,
	"note" text,
	"resolved_by" uuid,
	"resolved_by_label" text,
	"resolved_at" timestamp with time zone,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_items_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"organization_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"source" text NOT NULL,
	"provider_txn_id" text,
	"our_reference" text,
	"attempt_ref" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"type" text NOT NULL,
	"counterparty" text,
	"raw" text NOT NULL,
	"outcome" text,
	"payment_id" uuid,
	"payout_id" uuid,
	CONSTRAINT "statement_lines_organization_id_statement_id_line_no_pk" PRIMARY KEY("organization_id","statement_id","line_no")
);
--> statement-breakpoint
ALTER TABLE "provider_statements" ADD CONSTRAINT "provider_statements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_statement_fk" FOREIGN KEY ("organization_id","statement_id") REFERENCES "public"."provider_statements"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_fk" FOREIGN KEY ("organization_id","statement_id") REFERENCES "public"."provider_statements"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_statements_hash_key" ON "provider_statements" USING btree ("organization_id","source","content_hash");--> statement-breakpoint
CREATE INDEX "provider_statements_imported_idx" ON "provider_statements" USING btree ("organization_id","imported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_items_here_only_key" ON "reconciliation_items" USING btree ("organization_id","payment_id") WHERE "reconciliation_items"."kind" = 'here_only';--> statement-breakpoint
CREATE INDEX "reconciliation_items_queue_idx" ON "reconciliation_items" USING btree ("organization_id","status","kind","created_at");--> statement-breakpoint
CREATE INDEX "reconciliation_items_statement_idx" ON "reconciliation_items" USING btree ("organization_id","statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_txn_key" ON "statement_lines" USING btree ("organization_id","source","provider_txn_id") WHERE "statement_lines"."provider_txn_id" is not null;--> statement-breakpoint
CREATE INDEX "statement_lines_payment_idx" ON "statement_lines" USING btree ("organization_id","payment_id") WHERE "statement_lines"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "statement_lines_day_idx" ON "statement_lines" USING btree ("organization_id","day");