import { integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import type { Sport } from '../../../core/contracts/matches';

/** Real clubs and franchises from the catalog; one row per club even when it plays in several competitions. */
export const teams = pgTable('teams', {
  id: integer('id').primaryKey(),
  sport: text('sport').$type<Sport>().notNull(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  colorPrimary: text('color_primary').notNull(),
  colorSecondary: text('color_secondary').notNull(),
  /** 0..1, from real results (see server/catalog/SOURCES.md); drives the simulator */
  strength: real('strength').notNull(),
});
