ALTER TABLE "outlier_exclusions" ADD COLUMN "value" double precision;--> statement-breakpoint
ALTER TABLE "outlier_pack_results" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "outlier_pack_results" ADD COLUMN "impact" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "outlier_packs_one_active" ON "outlier_packs" USING btree ("active") WHERE "outlier_packs"."active";