CREATE TABLE "action_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configs" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"email" text,
	"survey_year" integer NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"completed_steps" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"country" text,
	"city" text,
	"sector" text,
	"company_size" text,
	"company_type" text,
	"functional_area" text,
	"position_level" text,
	"gender" text,
	"years_experience" integer,
	"fixed_salary" integer,
	"annual_bonus" integer,
	"deferred_compensation" bigint,
	"revision" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"typepost" text DEFAULT 'blog' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"image_url" text,
	"author" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"company" text,
	"position" text,
	"language" text DEFAULT 'es' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outlier_exclusions" (
	"pack_id" text NOT NULL,
	"form_id" text NOT NULL,
	"reason" text,
	CONSTRAINT "outlier_exclusions_pack_id_form_id_pk" PRIMARY KEY("pack_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "outlier_pack_results" (
	"pack_id" text PRIMARY KEY NOT NULL,
	"excluded_forms" integer NOT NULL,
	"total_forms" integer NOT NULL,
	"median_before" jsonb NOT NULL,
	"median_after" jsonb NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outlier_packs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"measure" text NOT NULL,
	"method" text NOT NULL,
	"k" double precision NOT NULL,
	"lower_percentile" double precision,
	"upper_percentile" double precision,
	"group_by" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"buy_button" text NOT NULL,
	"description" text NOT NULL,
	"amount" double precision NOT NULL,
	"currency" text NOT NULL,
	"email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb NOT NULL,
	"years" integer[],
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT '{member}'::text[] NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"campaign_id" text,
	"premium_type" text DEFAULT 'free' NOT NULL,
	"corporate_info" jsonb,
	"company_id" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"stripe_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_tokens" ADD CONSTRAINT "action_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlier_exclusions" ADD CONSTRAINT "outlier_exclusions_pack_id_outlier_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."outlier_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlier_exclusions" ADD CONSTRAINT "outlier_exclusions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlier_pack_results" ADD CONSTRAINT "outlier_pack_results_pack_id_outlier_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."outlier_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD CONSTRAINT "sandbox_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_tokens_hash_key" ON "action_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_idempotency_key" ON "credit_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_user_year_key" ON "forms" USING btree ("user_id","survey_year") WHERE "forms"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "forms_email_idx" ON "forms" USING btree ("email");--> statement-breakpoint
CREATE INDEX "forms_counted_idx" ON "forms" USING btree ("survey_year","status");--> statement-breakpoint
CREATE INDEX "forms_peer_idx" ON "forms" USING btree ("survey_year","sector","position_level","country");--> statement-breakpoint
CREATE INDEX "news_posts_published_idx" ON "news_posts" USING btree ("typepost","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletters_email_kind_key" ON "newsletters" USING btree ("email","kind");--> statement-breakpoint
CREATE INDEX "outlier_exclusions_form_idx" ON "outlier_exclusions" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "search_history_user_idx" ON "search_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");