CREATE TABLE "community_hot_generations" (
	"generation" integer PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_hot_ranks" (
	"generation" integer NOT NULL,
	"post_id" integer NOT NULL,
	"rank" double precision NOT NULL,
	CONSTRAINT "community_hot_ranks_generation_post_id_pk" PRIMARY KEY("generation","post_id"),
	CONSTRAINT "community_hot_ranks_rank_check" CHECK ("community_hot_ranks"."rank" > 0)
);
--> statement-breakpoint
CREATE TABLE "community_post_week_likes" (
	"week_start" date NOT NULL,
	"post_id" integer NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "community_post_week_likes_week_start_post_id_pk" PRIMARY KEY("week_start","post_id"),
	CONSTRAINT "community_post_week_likes_check" CHECK ("community_post_week_likes"."likes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "community_hot_ranks" ADD CONSTRAINT "community_hot_ranks_generation_community_hot_generations_generation_fk" FOREIGN KEY ("generation") REFERENCES "public"."community_hot_generations"("generation") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_hot_ranks" ADD CONSTRAINT "community_hot_ranks_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_week_likes" ADD CONSTRAINT "community_post_week_likes_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_hot_ranks_order_idx" ON "community_hot_ranks" USING btree ("generation","rank","post_id");--> statement-breakpoint
CREATE INDEX "community_post_week_likes_rank_idx" ON "community_post_week_likes" USING btree ("week_start","likes" DESC NULLS FIRST,"post_id");--> statement-breakpoint
CREATE INDEX "community_post_likes_created_idx" ON "community_post_likes" USING btree ("created_at","post_id");--> statement-breakpoint
CREATE INDEX "community_posts_created_idx" ON "community_posts" USING btree ("created_at");