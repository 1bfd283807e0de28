import { readFileSync } from 'node:fs';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedCatalog } from '../catalog/seed-catalog';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { seasons } from './schema/seasons';

/**
 * Migration 0010: seasons of the Brasileirão (8) and MLS (10) imported under the default chain
 * follow their leagues' own (wins before goal difference); a chain staff chose on import, and
 * other competitions' seasons, stay as they are.
 */
const MIGRATION = readFileSync(new URL('./migrations/0010_season_tiebreak_rules.sql', import.meta.url), 'utf8');

describe.each(TEST_DATABASE_KINDS)('the season tie-break migration on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('moves default-chain seasons of the Brasileirão and MLS to their own chains, and only those', async () => {
    const { db } = database.current;
    await seedCatalog(db);
    await db.insert(seasons).values([
      { competitionId: 8, name: '2025', standingsRules: 'premier-league' },
      { competitionId: 10, name: '2025', standingsRules: 'premier-league' },
      { competitionId: 10, name: '2024', standingsRules: 'la-liga' },
      { competitionId: 2, name: '2023/24', standingsRules: 'premier-league' },
    ]);
    for (const statement of MIGRATION.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const rows = await db
      .select({ competition: seasons.competitionId, name: seasons.name, rules: seasons.standingsRules })
      .from(seasons)
      .orderBy(asc(seasons.competitionId), asc(seasons.name));
    expect(rows).toEqual([
      { competition: 2, name: '2023/24', rules: 'premier-league' },
      { competition: 8, name: '2025', rules: 'brasileirao' },
      { competition: 10, name: '2024', rules: 'la-liga' },
      { competition: 10, name: '2025', rules: 'mls' },
    ]);
  });
});
