CREATE TABLE "catalogue_items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"plan" text,
	"period" text,
	"price" numeric(10, 2),
	"price_month" numeric(10, 2),
	"currency" text DEFAULT 'EUR' NOT NULL,
	"credits" integer,
	"price_credit" numeric(10, 2),
	"discount" text,
	"style" text,
	"texts" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"kind" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"credits_reversed" integer DEFAULT 0 NOT NULL,
	"plan" text,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"refunded_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_intent_id" text,
	"invoice_id" text,
	"customer_id" text,
	"subscription_id" text,
	"receipt_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "kind" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "return_path" text DEFAULT '/' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_checkout_session_key" ON "purchases" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "purchases_payment_intent_idx" ON "purchases" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "purchases_invoice_idx" ON "purchases" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","created_at");