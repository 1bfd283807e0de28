import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Sport } from '../../../core/contracts/matches';
import { users } from './users';

/** Matches a user collected (the star on a row): used by the "collected games" alert rule. */
export const matchCollections = pgTable(
  'match_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sport: text('sport').$type<Sport>().notNull(),
    matchId: integer('match_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sport, table.matchId] })],
);

/** Competitions a user follows. */
export const competitionCollections = pgTable(
  'competition_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    competitionId: integer('competition_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.competitionId] })],
);

/** Teams a user follows: their matches join the favourites view (docs/decisions/095). */
export const teamCollections = pgTable(
  'team_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    teamId: integer('team_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.teamId] })],
);
