import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LineupPlayer, MatchStatsData, MomentumMinute } from '../../../core/contracts/match-data';
import { matches } from './matches';
import { seasons } from './seasons';
import { teams } from './teams';
import { users } from './users';

/** Points a league took off a team in a season (staff record them, or `--deductions` on import). */
export const pointDeductions = pgTable(
  'point_deductions',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    /** the staff member who recorded it; null for an import */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('point_deductions_season_idx').on(table.seasonId)],
);

/**
 * A match's statistics as the feed last sent them, and its attack momentum minute by minute.
 * Football: possession, shots, attacks…; basketball: the team box score.
 */
export const matchStats = pgTable('match_stats', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  stats: jsonb('stats').$type<MatchStatsData>().notNull(),
  momentum: jsonb('momentum').$type<MomentumMinute[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One side's lineup: formation and players (starters, bench, with their match statistics). */
export const matchLineups = pgTable(
  'match_lineups',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    side: text('side').$type<'home' | 'away'>().notNull(),
    /** "4-3-3"; null when the feed does not give one */
    formation: text('formation'),
    players: jsonb('players').$type<LineupPlayer[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.matchId, table.side] })],
);
