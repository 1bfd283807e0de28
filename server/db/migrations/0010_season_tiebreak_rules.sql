-- The Brasileirão (competition 8) and MLS (competition 10) rank wins before goal difference
-- (core/standings/rules.ts). Seasons imported while they used the default chain follow the new one.
UPDATE "seasons" SET "standings_rules" = 'brasileirao' WHERE "competition_id" = 8 AND "standings_rules" = 'premier-league';
--> statement-breakpoint
UPDATE "seasons" SET "standings_rules" = 'mls' WHERE "competition_id" = 10 AND "standings_rules" = 'premier-league';
