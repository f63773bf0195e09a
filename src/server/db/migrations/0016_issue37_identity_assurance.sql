CREATE TABLE "session_assurance" (
	"family_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"second_factor" boolean DEFAULT false NOT NULL,
	"reauthenticated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_domains" DROP CONSTRAINT "company_domains_pkey";--> statement-breakpoint
ALTER TABLE "identity_links" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_domains" ADD CONSTRAINT "company_domains_domain_company_id_pk" PRIMARY KEY("domain","company_id");--> statement-breakpoint
ALTER TABLE "company_domains" ADD COLUMN "approved_provider" text;--> statement-breakpoint
ALTER TABLE "identity_links" ADD COLUMN "binding_hash" text;--> statement-breakpoint
ALTER TABLE "identity_links" ADD COLUMN "role_values" jsonb;--> statement-breakpoint
ALTER TABLE "identity_links" ADD COLUMN "provider_mfa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "address_proven" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "session_assurance" ADD CONSTRAINT "session_assurance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_domains_approved_key" ON "company_domains" USING btree ("domain") WHERE approved_at is not null;--> statement-breakpoint
-- An approval was for the provider the company had when it was given.
UPDATE "company_domains" d SET "approved_provider" = s."provider" FROM "company_sso" s WHERE s."company_id" = d."company_id" AND d."approved_at" IS NOT NULL;--> statement-breakpoint
-- Links made for an address nobody proved (the account's address is still unverified) sign nobody in.
UPDATE "user_identities" i SET "address_proven" = false FROM "users" u WHERE u."id" = i."user_id" AND NOT u."email_verified";
