import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import type { Sport } from '../../../core/contracts/matches';

/**
 * One counter per sport, raised in the same transaction as every change to that sport's
 * matches. Readers compare it with the counter their cached lists were built at: equal means
 * nothing changed, across every server process sharing the database.
 */
export const matchListVersions = pgTable('match_list_versions', {
  sport: text('sport').$type<Sport>().primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
