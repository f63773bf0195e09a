ALTER TABLE "news_posts" ADD COLUMN "slug" text;--> statement-breakpoint
UPDATE "news_posts" SET "slug" = btrim(regexp_replace(translate(lower("title"), 'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc'), '[^a-z0-9]+', '-', 'g'), '-') || '-' || lower(left("id", 6));--> statement-breakpoint
ALTER TABLE "news_posts" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "news_posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "news_posts_slug_key" ON "news_posts" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_status_check" CHECK ("news_posts"."status" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_typepost_check" CHECK ("news_posts"."typepost" in ('blog', 'insight', 'news'));
