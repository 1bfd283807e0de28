import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { competitions } from '../db/schema/competitions';
import { teams } from '../db/schema/teams';
import type { Catalog } from './catalog';
import { competitionConfig, DEFAULT_STANDINGS_RULES } from './competition-config';
import { loadFullCatalog } from './national-teams';

/**
 * Writes the catalog's competitions and teams into the database. Idempotent: run at every
 * start, it inserts what is missing and brings names, colours and strengths up to date.
 * A club in several competitions is one row; it keeps the strength of the first competition
 * listing it (its domestic league comes first in the catalog). By default the whole catalogue:
 * the clubs' competitions and the national teams' (server/catalog/national-teams.ts).
 */
export async function seedCatalog(db: Db, catalog: Catalog = loadFullCatalog()): Promise<void> {
  const competitionRows = catalog.competitions.map((competition) => ({
    id: competition.id,
    sport: competition.sport,
    nameTr: competition.names.tr,
    nameEn: competition.names.en,
    nameZh: competition.names.zh,
    shortName: competition.shortName,
    country: competition.country,
    isHot: competition.isHot,
    hotRank: competition.hotRank,
    colors: competition.colors,
    standingsRules: competitionConfig(competition.id)?.standingsRules ?? DEFAULT_STANDINGS_RULES,
  }));

  const teamRows = new Map<number, typeof teams.$inferInsert>();
  for (const competition of catalog.competitions) {
    for (const team of competition.teams) {
      if (teamRows.has(team.id)) continue;
      teamRows.set(team.id, {
        id: team.id,
        sport: competition.sport,
        name: team.name,
        shortName: team.shortName,
        colorPrimary: team.colors[0],
        colorSecondary: team.colors[1],
        strength: team.strength,
      });
    }
  }

  await db.transaction(async (tx) => {
    await tx
      .insert(competitions)
      .values(competitionRows)
      .onConflictDoUpdate({
        target: competitions.id,
        set: {
          sport: sql`excluded.sport`,
          nameTr: sql`excluded.name_tr`,
          nameEn: sql`excluded.name_en`,
          nameZh: sql`excluded.name_zh`,
          shortName: sql`excluded.short_name`,
          country: sql`excluded.country`,
          isHot: sql`excluded.is_hot`,
          hotRank: sql`excluded.hot_rank`,
          colors: sql`excluded.colors`,
          standingsRules: sql`excluded.standings_rules`,
        },
      });
    await tx
      .insert(teams)
      .values([...teamRows.values()])
      .onConflictDoUpdate({
        target: teams.id,
        set: {
          sport: sql`excluded.sport`,
          name: sql`excluded.name`,
          shortName: sql`excluded.short_name`,
          colorPrimary: sql`excluded.color_primary`,
          colorSecondary: sql`excluded.color_secondary`,
          strength: sql`excluded.strength`,
        },
      });
  });
}
