CREATE TABLE "release_aggregates" (
	"release_id" text NOT NULL,
	"group_key" text NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "release_aggregates_release_id_group_key_pk" PRIMARY KEY("release_id","group_key")
);
--> statement-breakpoint
CREATE TABLE "release_forms" (
	"release_id" text NOT NULL,
	"form_id" text NOT NULL,
	"survey_year" integer NOT NULL,
	"country" text,
	"city" text,
	"sector" text,
	"company_size" text,
	"company_type" text,
	"functional_area" text,
	"position_level" text,
	"gender" text,
	"years_experience" integer,
	"fx" double precision NOT NULL,
	"bn" double precision NOT NULL,
	"df" double precision NOT NULL,
	"record_key" bigint NOT NULL,
	CONSTRAINT "release_forms_release_id_form_id_pk" PRIMARY KEY("release_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "statistics_releases" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" integer NOT NULL,
	"cut_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" text NOT NULL,
	"size" integer NOT NULL,
	"changed_forms" integer NOT NULL,
	"data_version" text NOT NULL,
	"years" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"current" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "record_key" bigint DEFAULT floor(random() * 4294967296)::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "release_aggregates" ADD CONSTRAINT "release_aggregates_release_id_statistics_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."statistics_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_forms" ADD CONSTRAINT "release_forms_release_id_statistics_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."statistics_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_forms" ADD CONSTRAINT "release_forms_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_forms_form_idx" ON "release_forms" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "release_forms_sector_idx" ON "release_forms" USING btree ("release_id","survey_year","sector","position_level","country");--> statement-breakpoint
CREATE INDEX "release_forms_country_idx" ON "release_forms" USING btree ("release_id","survey_year","country","city");--> statement-breakpoint
CREATE UNIQUE INDEX "statistics_releases_sequence_key" ON "statistics_releases" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "statistics_releases_current_key" ON "statistics_releases" USING btree ("current") WHERE "statistics_releases"."current";