CREATE TABLE "news_article_tags" (
	"article_id" integer NOT NULL,
	"tag_type" text NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "news_article_tags_article_id_tag_type_tag_id_pk" PRIMARY KEY("article_id","tag_type","tag_id"),
	CONSTRAINT "news_article_tags_type_check" CHECK ("news_article_tags"."tag_type" in ('match', 'team', 'competition'))
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"sport" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"cover_keys" jsonb,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	CONSTRAINT "news_articles_sport_check" CHECK ("news_articles"."sport" in ('football', 'basketball')),
	CONSTRAINT "news_articles_status_check" CHECK ("news_articles"."status" in ('draft', 'published')),
	CONSTRAINT "news_articles_released_check" CHECK ("news_articles"."status" = 'draft' or "news_articles"."released_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "news_translations" (
	"article_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	CONSTRAINT "news_translations_article_id_locale_pk" PRIMARY KEY("article_id","locale"),
	CONSTRAINT "news_translations_locale_check" CHECK ("news_translations"."locale" in ('tr', 'en', 'zh'))
);
--> statement-breakpoint
ALTER TABLE "news_article_tags" ADD CONSTRAINT "news_article_tags_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_translations" ADD CONSTRAINT "news_translations_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_translations" ADD CONSTRAINT "news_translations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_article_tags_tag_idx" ON "news_article_tags" USING btree ("tag_type","tag_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "news_articles_uuid_idx" ON "news_articles" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "news_articles_status_released_idx" ON "news_articles" USING btree ("status","released_at","id");--> statement-breakpoint
CREATE INDEX "news_translations_locale_idx" ON "news_translations" USING btree ("locale","article_id");