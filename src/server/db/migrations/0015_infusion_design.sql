CREATE TABLE "infusion_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"design" integer NOT NULL,
	"key_fingerprint" text NOT NULL,
	"upgraded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "infusion_state_one_row" CHECK ("infusion_state"."id")
);
--> statement-breakpoint
ALTER TABLE "statistics_releases" ADD COLUMN "infusion_design" integer DEFAULT 1 NOT NULL;