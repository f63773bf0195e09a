-- release_forms becomes partitioned by release: one partition per release (release_forms_r<sequence>). A cut
-- fills its partition while it is still a table of its own, builds its indexes in one sorted pass each, and
-- attaches it (services/releases.ts); the rows of an old release go with one DROP instead of a million deletes.
-- Same columns, keys, indexes and foreign keys as before (schema.ts), now declared on the partitioned table.
ALTER TABLE "release_forms" RENAME TO "release_forms_unpartitioned";--> statement-breakpoint
ALTER TABLE "release_forms_unpartitioned" DROP CONSTRAINT "release_forms_release_id_form_id_pk";--> statement-breakpoint
ALTER TABLE "release_forms_unpartitioned" DROP CONSTRAINT "release_forms_release_id_statistics_releases_id_fk";--> statement-breakpoint
ALTER TABLE "release_forms_unpartitioned" DROP CONSTRAINT "release_forms_form_id_forms_id_fk";--> statement-breakpoint
DROP INDEX "release_forms_form_idx";--> statement-breakpoint
DROP INDEX "release_forms_sector_idx";--> statement-breakpoint
DROP INDEX "release_forms_country_idx";--> statement-breakpoint
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
) PARTITION BY LIST ("release_id");--> statement-breakpoint
ALTER TABLE "release_forms" ADD CONSTRAINT "release_forms_release_id_statistics_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."statistics_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_forms" ADD CONSTRAINT "release_forms_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_forms_form_idx" ON "release_forms" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "release_forms_sector_idx" ON "release_forms" USING btree ("release_id","survey_year","sector","position_level","country");--> statement-breakpoint
CREATE INDEX "release_forms_country_idx" ON "release_forms" USING btree ("release_id","survey_year","country","city");--> statement-breakpoint
DO $$
DECLARE
	r record;
BEGIN
	FOR r IN SELECT s.id, s.sequence FROM "statistics_releases" s WHERE EXISTS (SELECT 1 FROM "release_forms_unpartitioned" u WHERE u.release_id = s.id) LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF "release_forms" FOR VALUES IN (%L)', 'release_forms_r' || r.sequence, r.id);
		EXECUTE format('INSERT INTO %I SELECT * FROM "release_forms_unpartitioned" WHERE release_id = %L', 'release_forms_r' || r.sequence, r.id);
	END LOOP;
END $$;--> statement-breakpoint
DROP TABLE "release_forms_unpartitioned";
