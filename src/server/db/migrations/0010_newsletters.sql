CREATE TABLE "newsletter_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"issue_id" text NOT NULL,
	"newsletter_id" text,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_status_check" CHECK ("newsletter_deliveries"."status" in ('queued', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"post_ids" text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"job_id" text,
	"created_by" text,
	"send_started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_issues_status_check" CHECK ("newsletter_issues"."status" in ('draft', 'sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
-- Subscriptions stored before double opt-in were never confirmed: active ones wait for a confirmation (none is sent
-- to them), inactive ones stay unsubscribed. `active` becomes a column computed from the status.
UPDATE "newsletters" SET "status" = CASE WHEN "active" THEN 'pending' ELSE 'unsubscribed' END;--> statement-breakpoint
ALTER TABLE "newsletters" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "active" boolean GENERATED ALWAYS AS (status <> 'unsubscribed') STORED;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "post_kinds" text[] DEFAULT '{blog,insight,news}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "link_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "source" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_deliveries_issue_email_key" ON "newsletter_deliveries" USING btree ("issue_id","email");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_issue_status_idx" ON "newsletter_deliveries" USING btree ("issue_id","status");--> statement-breakpoint
CREATE INDEX "newsletter_issues_created_idx" ON "newsletter_issues" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletters_audience_idx" ON "newsletters" USING btree ("language","status");--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_status_check" CHECK ("newsletters"."status" in ('pending', 'confirmed', 'unsubscribed'));