CREATE TABLE "bet_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"bet_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"sport" text NOT NULL,
	"market" text NOT NULL,
	"period" text NOT NULL,
	"pick" text NOT NULL,
	"line_quarters" integer,
	"odds_milli" integer NOT NULL,
	"outcome" text,
	"receipt" jsonb,
	"graded_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bet_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"payout" bigint NOT NULL,
	"delta" bigint NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stake" bigint NOT NULL,
	"odds_milli" bigint NOT NULL,
	"potential_return" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payout" bigint,
	"settled_at" timestamp with time zone,
	"receipt" jsonb,
	"settlement_version" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bets_stake_positive" CHECK ("bets"."stake" > 0)
);
--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_settlements" ADD CONSTRAINT "bet_settlements_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_legs_bet_match_key" ON "bet_legs" USING btree ("bet_id","match_id");--> statement-breakpoint
CREATE INDEX "bet_legs_match_idx" ON "bet_legs" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_settlements_bet_version_key" ON "bet_settlements" USING btree ("bet_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "bets_user_idempotency_key" ON "bets" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bets_user_placed_idx" ON "bets" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE INDEX "bets_user_settled_idx" ON "bets" USING btree ("user_id","settled_at");