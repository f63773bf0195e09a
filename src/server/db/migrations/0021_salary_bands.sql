CREATE TABLE "band_policies" (
	"company_id" text PRIMARY KEY NOT NULL,
	"percentile_from" integer NOT NULL,
	"percentile_to" integer NOT NULL,
	"basis" text NOT NULL,
	"step_percent" numeric(5, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "band_policies_basis_check" CHECK ("band_policies"."basis" in ('fixed', 'fixed-bonus')),
	CONSTRAINT "band_policies_percentiles_check" CHECK ("band_policies"."percentile_from" >= 10 and "band_policies"."percentile_from" < "band_policies"."percentile_to" and "band_policies"."percentile_to" <= 90),
	CONSTRAINT "band_policies_step_check" CHECK ("band_policies"."step_percent" >= 0 and "band_policies"."step_percent" <= 50)
);
--> statement-breakpoint
CREATE TABLE "job_roles" (
	"company_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"position_level" text NOT NULL,
	"functional_area" text NOT NULL,
	"country" text NOT NULL,
	"sector" text,
	"city" text,
	"company_size" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_roles_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "salary_bands" (
	"company_id" text NOT NULL,
	"role_id" text NOT NULL,
	"year" integer NOT NULL,
	"group" jsonb NOT NULL,
	"widened" text[] DEFAULT '{}'::text[] NOT NULL,
	"figures" jsonb,
	"band_low" numeric(12, 2),
	"band_high" numeric(12, 2),
	"midpoint" numeric(12, 2),
	"edited" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_bands_company_id_role_id_pk" PRIMARY KEY("company_id","role_id"),
	CONSTRAINT "salary_bands_range_check" CHECK ("salary_bands"."band_low" <= "salary_bands"."band_high")
);
--> statement-breakpoint
ALTER TABLE "salary_bands" ADD CONSTRAINT "salary_bands_role_fk" FOREIGN KEY ("company_id","role_id") REFERENCES "public"."job_roles"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_roles_company_name_key" ON "job_roles" USING btree ("company_id","name");