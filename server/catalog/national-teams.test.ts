import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { competitions } from '../db/schema/competitions';
import { matches } from '../db/schema/matches';
import { teams } from '../db/schema/teams';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { loadCatalog } from './catalog';
import { competitionConfig, competitionForOpenfootballCode } from './competition-config';
import {
  EUROPEAN_CHAMPIONSHIP_ID,
  findCatalogCompetitionOfTeams,
  isPlayedIn,
  loadNationalTeamCatalog,
  WORLD_CUP_ID,
} from './national-teams';
import { seedCatalog } from './seed-catalog';

describe('the national-team competitions of the catalogue', () => {
  const national = loadNationalTeamCatalog();
  const clubs = loadCatalog();

  it('are the World Cup (201) and the European Championship (202), named in three languages, never hot', () => {
    expect(national.competitions.map((competition) => [competition.id, competition.names.en, competition.isHot, competition.hotRank])).toEqual([
      [WORLD_CUP_ID, 'FIFA World Cup', false, 0],
      [EUROPEAN_CHAMPIONSHIP_ID, 'UEFA European Championship', false, 0],
    ]);
    for (const competition of national.competitions) {
      expect(competition.names.tr).not.toBe('');
      expect(competition.names.zh).not.toBe('');
      expect(competition.sport).toBe('football');
    }
  });

  it('list the national teams of the 2018, 2022 and 2026 World Cups and the 2020 and 2024 European Championships', () => {
    const [worldCup, euro] = national.competitions;
    expect(worldCup!.teams).toHaveLength(58);
    expect(euro!.teams).toHaveLength(29);
    expect(worldCup!.teams.map((team) => team.name)).toEqual(expect.arrayContaining(['France', 'Croatia', 'USA', 'South Korea', 'Curaçao', 'Turkey']));
    expect(euro!.teams.map((team) => team.name)).toEqual(expect.arrayContaining(['Italy', 'England', 'Georgia', 'North Macedonia']));
    // One id per national team across both, apart from every club's.
    const ids = new Map<string, number>();
    for (const team of national.competitions.flatMap((competition) => competition.teams)) {
      expect(ids.get(team.name) ?? team.id).toBe(team.id);
      ids.set(team.name, team.id);
    }
    expect(new Set(ids.values()).size).toBe(ids.size);
    const clubIds = new Set(clubs.competitions.flatMap((competition) => competition.teams.map((team) => team.id)));
    expect([...ids.values()].filter((id) => clubIds.has(id))).toEqual([]);
    expect(clubs.competitions.map((competition) => competition.id)).not.toEqual(expect.arrayContaining([WORLD_CUP_ID]));
  });

  it('are not in catalog.json, the competitions the simulator plays: national teams never show on today’s lists', () => {
    const simulated = clubs.competitions.map((competition) => competition.id);
    expect(simulated).not.toContain(WORLD_CUP_ID);
    expect(simulated).not.toContain(EUROPEAN_CHAMPIONSHIP_ID);
  });

  it('take the openfootball files worldcup.json and euro.json, with group tables', () => {
    expect(competitionForOpenfootballCode('worldcup')).toBe(WORLD_CUP_ID);
    expect(competitionForOpenfootballCode('euro')).toBe(EUROPEAN_CHAMPIONSHIP_ID);
    expect(competitionConfig(WORLD_CUP_ID)).toMatchObject({ standingsRules: 'fifa-group', seasonKind: 'group', hasTable: true });
    // EURO: head-to-head first (UEFA EURO 2024 regulations, article 20).
    expect(competitionConfig(EUROPEAN_CHAMPIONSHIP_ID)).toMatchObject({ standingsRules: 'super-lig', seasonKind: 'group', hasTable: true });
  });

  it('are told apart by the year for teams both list', () => {
    expect([2014, 2018, 2022, 2026].every((year) => isPlayedIn(WORLD_CUP_ID, year))).toBe(true);
    expect([2016, 2021, 2024, 2028].every((year) => isPlayedIn(EUROPEAN_CHAMPIONSHIP_ID, year))).toBe(true);
    expect(isPlayedIn(WORLD_CUP_ID, 2021) || isPlayedIn(EUROPEAN_CHAMPIONSHIP_ID, 2022)).toBe(false);
    expect(findCatalogCompetitionOfTeams({ sport: 'football', teams: ['England', 'Italy'], year: 2021 })).toBe(EUROPEAN_CHAMPIONSHIP_ID);
    expect(findCatalogCompetitionOfTeams({ sport: 'football', teams: ['England', 'Croatia'], year: 2018 })).toBe(WORLD_CUP_ID);
    // A year of neither: the first that lists both.
    expect(findCatalogCompetitionOfTeams({ sport: 'football', teams: ['England', 'Croatia'], year: 2019 })).toBe(WORLD_CUP_ID);
    expect(findCatalogCompetitionOfTeams({ sport: 'football', teams: ['France', 'FC Barcelona'], year: 2018 })).toBeUndefined();
    expect(findCatalogCompetitionOfTeams({ sport: 'basketball', teams: ['France', 'Croatia'], year: 2018 })).toBeUndefined();
  });
});

describe.each(TEST_DATABASE_KINDS)('seedCatalog writes the national-team competitions on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('as competitions that are not hot, with their national teams, and no matches', async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const rows = await db.select().from(competitions).where(inArray(competitions.id, [WORLD_CUP_ID, EUROPEAN_CHAMPIONSHIP_ID])).orderBy(competitions.id);
    expect(rows.map((row) => [row.id, row.nameTr, row.isHot, row.hotRank, row.standingsRules])).toEqual([
      [WORLD_CUP_ID, 'FIFA Dünya Kupası', false, 0, 'fifa-group'],
      [EUROPEAN_CHAMPIONSHIP_ID, 'UEFA Avrupa Şampiyonası', false, 0, 'super-lig'],
    ]);
    const [france] = await db.select().from(teams).where(eq(teams.name, 'France'));
    expect(france).toMatchObject({ sport: 'football' });
    expect(await db.select().from(matches).where(inArray(matches.competitionId, [WORLD_CUP_ID, EUROPEAN_CHAMPIONSHIP_ID]))).toEqual([]);
  });
});
