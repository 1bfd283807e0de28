CREATE TABLE "forecast_follows" (
	"follower_id" integer NOT NULL,
	"tipster_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_follows_follower_id_tipster_id_pk" PRIMARY KEY("follower_id","tipster_id")
);
--> statement-breakpoint
CREATE TABLE "forecast_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"sport" text NOT NULL,
	"market" text NOT NULL,
	"period" text NOT NULL,
	"pick" text NOT NULL,
	"line_quarters" integer,
	"odds_milli" integer NOT NULL,
	"description" text NOT NULL,
	"excerpt" text,
	"price" integer NOT NULL,
	"salt" text NOT NULL,
	"canonical" text NOT NULL,
	"fingerprint" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"kick_off_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"receipt" jsonb,
	"settled_at" timestamp with time zone,
	"settlement_version" integer DEFAULT 0 NOT NULL,
	"sell_count" integer DEFAULT 0 NOT NULL,
	"sell_income" bigint DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" integer,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "forecast_plans_price_range" CHECK ("forecast_plans"."price" = 0 or "forecast_plans"."price" between 50 and 200),
	CONSTRAINT "forecast_plans_sell_count_not_negative" CHECK ("forecast_plans"."sell_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "forecast_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"version" integer NOT NULL,
	"outcome" text NOT NULL,
	"receipt" jsonb NOT NULL,
	"home_score" integer,
	"away_score" integer,
	"ht_home" integer,
	"ht_away" integer,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_unlocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"price" integer NOT NULL,
	"seller_share" integer NOT NULL,
	"house_share" integer NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forecast_follows" ADD CONSTRAINT "forecast_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_follows" ADD CONSTRAINT "forecast_follows_tipster_id_users_id_fk" FOREIGN KEY ("tipster_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_plans" ADD CONSTRAINT "forecast_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_plans" ADD CONSTRAINT "forecast_plans_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_plans" ADD CONSTRAINT "forecast_plans_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_settlements" ADD CONSTRAINT "forecast_settlements_plan_id_forecast_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."forecast_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_unlocks" ADD CONSTRAINT "forecast_unlocks_plan_id_forecast_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."forecast_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_unlocks" ADD CONSTRAINT "forecast_unlocks_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forecast_follows_tipster_idx" ON "forecast_follows" USING btree ("tipster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_plans_user_idempotency_key" ON "forecast_plans" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "forecast_plans_match_idx" ON "forecast_plans" USING btree ("match_id","status");--> statement-breakpoint
CREATE INDEX "forecast_plans_user_published_idx" ON "forecast_plans" USING btree ("user_id","published_at");--> statement-breakpoint
CREATE INDEX "forecast_plans_status_published_idx" ON "forecast_plans" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "forecast_plans_user_settled_idx" ON "forecast_plans" USING btree ("user_id","settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_settlements_plan_version_key" ON "forecast_settlements" USING btree ("plan_id","version");--> statement-breakpoint
CREATE INDEX "forecast_settlements_match_idx" ON "forecast_settlements" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_unlocks_plan_buyer_key" ON "forecast_unlocks" USING btree ("plan_id","buyer_id");--> statement-breakpoint
CREATE INDEX "forecast_unlocks_buyer_idx" ON "forecast_unlocks" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "house_ledger_idempotency_key" ON "house_ledger" USING btree ("idempotency_key");