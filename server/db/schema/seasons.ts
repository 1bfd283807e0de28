import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { competitions } from './competitions';

/** Season kinds of section 3. */
export type SeasonKind = 'preseason' | 'regular' | 'qualifying' | 'group' | 'playoffs';

/**
 * One season of a competition ("2023/24"). Imported seasons name their source file; the
 * tie-break chain is the season's (chosen on import, else the competition's configuration).
 */
export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id),
    /** "2023/24", or "2026" for a one-year competition */
    name: text('name').notNull(),
    kind: text('kind').$type<SeasonKind>().notNull().default('regular'),
    /** a key of core/standings/rules.ts STANDINGS_RULES */
    standingsRules: text('standings_rules').notNull(),
    /** where the season came from, e.g. "openfootball:2023-24/en.1.json" */
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('seasons_competition_name_idx').on(table.competitionId, table.name)],
);
