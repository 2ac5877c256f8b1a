CREATE TABLE "school_slug_redirects" (
	"organization_id" uuid NOT NULL,
	"slug" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"programme_ids" uuid[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_slug_redirects" ADD CONSTRAINT "school_slug_redirects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_settings" ADD CONSTRAINT "admission_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_slug_redirects_organization_idx" ON "school_slug_redirects" USING btree ("organization_id","created_at");