CREATE TABLE "job_ad_ranges" (
	"company_id" text NOT NULL,
	"id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text,
	"role" jsonb NOT NULL,
	"group" jsonb NOT NULL,
	"widened" text[] DEFAULT '{}'::text[] NOT NULL,
	"basis" text NOT NULL,
	"policy" jsonb NOT NULL,
	"range_low" numeric(12, 2) NOT NULL,
	"range_high" numeric(12, 2) NOT NULL,
	"figures" jsonb NOT NULL,
	"year" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "job_ad_ranges_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "job_ad_ranges_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "job_ad_ranges_basis_check" CHECK ("job_ad_ranges"."basis" in ('fixed', 'fixed-bonus')),
	CONSTRAINT "job_ad_ranges_range_check" CHECK ("job_ad_ranges"."range_low" <= "job_ad_ranges"."range_high")
);
--> statement-breakpoint
ALTER TABLE "job_ad_ranges" ADD CONSTRAINT "job_ad_ranges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_ad_ranges_company_idx" ON "job_ad_ranges" USING btree ("company_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "job_ad_ranges_request_key" ON "job_ad_ranges" USING btree ("created_by","idempotency_key");