CREATE TABLE "competitions" (
	"id" integer PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"name_tr" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"short_name" text NOT NULL,
	"country" text NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"hot_rank" integer DEFAULT 0 NOT NULL,
	"colors" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"type" integer NOT NULL,
	"minute" integer NOT NULL,
	"side" text,
	"player" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_list_versions" (
	"sport" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" integer PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"competition_id" integer NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"match_time" timestamp with time zone NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"kick_off_time" timestamp with time zone,
	"home_score" integer DEFAULT 0 NOT NULL,
	"away_score" integer DEFAULT 0 NOT NULL,
	"ht_home" integer,
	"ht_away" integer,
	"red_home" integer DEFAULT 0 NOT NULL,
	"red_away" integer DEFAULT 0 NOT NULL,
	"yellow_home" integer DEFAULT 0 NOT NULL,
	"yellow_away" integer DEFAULT 0 NOT NULL,
	"corner_home" integer DEFAULT 0 NOT NULL,
	"corner_away" integer DEFAULT 0 NOT NULL,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"clock" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" integer PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"color_primary" text NOT NULL,
	"color_secondary" text NOT NULL,
	"strength" real NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_events_match_id_idx" ON "match_events" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "matches_sport_match_time_idx" ON "matches" USING btree ("sport","match_time");--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status_id");