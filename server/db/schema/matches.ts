import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Pair, Sport } from '../../../core/contracts/matches';
import { competitions } from './competitions';
import { seasons } from './seasons';
import { teams } from './teams';

/**
 * One football or basketball match and its current state. Status ids follow the
 * specification (football 0–13, basketball 0–15); scores are a0 (home) and b0 (away).
 */
export const matches = pgTable(
  'matches',
  {
    id: integer('id').primaryKey(),
    sport: text('sport').$type<Sport>().notNull(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    matchTime: timestamp('match_time', { withTimezone: true }).notNull(),
    statusId: integer('status_id').notNull().default(1),
    /** football: start of the half being played, which the clock counts from */
    kickOffTime: timestamp('kick_off_time', { withTimezone: true }),
    homeScore: integer('home_score').notNull().default(0),
    awayScore: integer('away_score').notNull().default(0),
    htHome: integer('ht_home'),
    htAway: integer('ht_away'),
    redHome: integer('red_home').notNull().default(0),
    redAway: integer('red_away').notNull().default(0),
    yellowHome: integer('yellow_home').notNull().default(0),
    yellowAway: integer('yellow_away').notNull().default(0),
    cornerHome: integer('corner_home').notNull().default(0),
    cornerAway: integer('corner_away').notNull().default(0),
    /** basketball: [home, away] points per period, Q1–Q4 then overtimes */
    periods: jsonb('periods').$type<Pair[]>().notNull().default([]),
    /** basketball: seconds left in the period being played */
    clock: integer('clock'),
    /** football: score after extra time and of the penalty shoot-out, when played */
    etHome: integer('et_home'),
    etAway: integer('et_away'),
    penHome: integer('pen_home'),
    penAway: integer('pen_away'),
    /** the season it belongs to (imported and replayed matches); null for simulated days */
    seasonId: integer('season_id').references((): AnyPgColumn => seasons.id),
    /** "Matchday 12", "Group A", "Final"… as the source names it */
    round: text('round'),
    /** 'awarded' (the score is the awarded one) or 'postponed'; null otherwise */
    note: text('note').$type<'awarded' | 'postponed'>(),
    /** the source's identity of the match, so an import run twice updates instead of duplicating */
    externalKey: text('external_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('matches_sport_match_time_idx').on(table.sport, table.matchTime),
    index('matches_status_idx').on(table.statusId),
    index('matches_season_idx').on(table.seasonId),
    // competition pages without a season (fixtures and results of a competition, by date)
    index('matches_competition_time_idx').on(table.competitionId, table.matchTime),
    index('matches_home_team_idx').on(table.homeTeamId, table.matchTime),
    index('matches_away_team_idx').on(table.awayTeamId, table.matchTime),
    uniqueIndex('matches_external_key_idx').on(table.externalKey),
  ],
);
