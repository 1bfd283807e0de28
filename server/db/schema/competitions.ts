import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Sport } from '../../../core/contracts/matches';

/** Real competitions from the catalog; ids are the catalog's, stable across restarts. */
export const competitions = pgTable('competitions', {
  id: integer('id').primaryKey(),
  sport: text('sport').$type<Sport>().notNull(),
  nameTr: text('name_tr').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  shortName: text('short_name').notNull(),
  country: text('country').notNull(),
  isHot: boolean('is_hot').notNull().default(false),
  /** display order among hot competitions (1 first); 0 when not hot */
  hotRank: integer('hot_rank').notNull().default(0),
  /** [primary, secondary] crest colours */
  colors: jsonb('colors').$type<[string, string]>().notNull(),
  /** the tie-break chain of its tables: a key of core/standings/rules.ts STANDINGS_RULES */
  standingsRules: text('standings_rules').notNull().default('premier-league'),
});
