CREATE TABLE "match_lineups" (
	"match_id" integer NOT NULL,
	"side" text NOT NULL,
	"formation" text,
	"players" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_lineups_match_id_side_pk" PRIMARY KEY("match_id","side")
);
--> statement-breakpoint
CREATE TABLE "match_stats" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"stats" jsonb NOT NULL,
	"momentum" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'regular' NOT NULL,
	"standings_rules" text NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "standings_rules" text DEFAULT 'premier-league' NOT NULL;--> statement-breakpoint
ALTER TABLE "match_events" ADD COLUMN "related_player" text;--> statement-breakpoint
ALTER TABLE "match_events" ADD COLUMN "added_minute" integer;--> statement-breakpoint
ALTER TABLE "match_events" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "et_home" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "et_away" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "pen_home" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "pen_away" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "season_id" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "round" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "external_key" text;--> statement-breakpoint
ALTER TABLE "match_lineups" ADD CONSTRAINT "match_lineups_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_stats" ADD CONSTRAINT "match_stats_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_deductions_season_idx" ON "point_deductions" USING btree ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_competition_name_idx" ON "seasons" USING btree ("competition_id","name");--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_season_idx" ON "matches" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "matches_home_team_idx" ON "matches" USING btree ("home_team_id","match_time");--> statement-breakpoint
CREATE INDEX "matches_away_team_idx" ON "matches" USING btree ("away_team_id","match_time");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_external_key_idx" ON "matches" USING btree ("external_key");