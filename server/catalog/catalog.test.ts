import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { competitions } from '../db/schema/competitions';
import { teams } from '../db/schema/teams';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { loadCatalog } from './catalog';
import { loadFullCatalog } from './national-teams';
import { seedCatalog } from './seed-catalog';

describe('loadCatalog', () => {
  const catalog = loadCatalog();
  const byName = (en: string) => catalog.competitions.find((competition) => competition.names.en === en);

  it('has the six hot football competitions, the Turkish Cup and three basketball leagues', () => {
    const football = catalog.competitions.filter((competition) => competition.sport === 'football');
    const hot = football.filter((competition) => competition.isHot).sort((a, b) => a.hotRank - b.hotRank);
    expect(hot.map((competition) => competition.names.tr)).toEqual([
      'Süper Lig',
      'UEFA Şampiyonlar Ligi',
      'İngiltere Premier Lig',
      'İspanya La Liga',
      'Almanya Bundesliga',
      'İtalya Serie A',
    ]);
    expect(byName('Turkish Cup')).toMatchObject({ isHot: false, hotRank: 0 });
    const basketball = catalog.competitions.filter((competition) => competition.sport === 'basketball');
    expect(basketball.map((competition) => competition.names.en).sort()).toEqual([
      'EuroLeague',
      'NBA',
      'Turkish Basketball Super League',
    ]);
  });

  it('names every competition in Turkish, English and Chinese', () => {
    expect(byName('Turkish Süper Lig')?.names).toEqual({
      tr: 'Süper Lig',
      en: 'Turkish Süper Lig',
      zh: '土耳其超级联赛',
    });
    for (const competition of catalog.competitions) {
      expect(competition.names.tr.length * competition.names.en.length * competition.names.zh.length).toBeGreaterThan(
        0,
      );
    }
  });

  it('lists the real teams with strengths between 0 and 1', () => {
    expect(byName('Turkish Süper Lig')?.teams).toHaveLength(18);
    expect(byName('Premier League')?.teams).toHaveLength(20);
    expect(byName('UEFA Champions League')?.teams).toHaveLength(36);
    expect(byName('Turkish Basketball Super League')?.teams).toHaveLength(16);
    expect(byName('EuroLeague')?.teams).toHaveLength(20);
    const nba = byName('NBA')?.teams.map((team) => team.name) ?? [];
    expect(nba).toHaveLength(30);
    // franchises renamed inside the source data appear once, under today's name
    expect(nba).toEqual(expect.arrayContaining(['New Orleans Pelicans', 'Charlotte Hornets', 'LA Clippers']));
    expect(nba).not.toContain('New Orleans Hornets');
    for (const competition of catalog.competitions) {
      for (const team of competition.teams) {
        expect(team.strength).toBeGreaterThanOrEqual(0);
        expect(team.strength).toBeLessThanOrEqual(1);
      }
    }
  });

  it('gives one club one id across competitions and never reuses an id for another club', () => {
    const superLig = byName('Turkish Süper Lig');
    const cup = byName('Turkish Cup');
    const galatasaray = superLig?.teams.find((team) => team.name === 'Galatasaray');
    expect(cup?.teams.find((team) => team.name === 'Galatasaray')?.id).toBe(galatasaray?.id);
    const realMadrid = byName('La Liga')?.teams.find((team) => team.name === 'Real Madrid CF');
    expect(byName('UEFA Champions League')?.teams.find((team) => team.name === 'Real Madrid CF')?.id).toBe(
      realMadrid?.id,
    );

    const names = new Map<number, string>();
    for (const competition of catalog.competitions) {
      for (const team of competition.teams) {
        expect(names.get(team.id) ?? team.name).toBe(team.name);
        names.set(team.id, team.name);
      }
    }
  });

  it('ranks stronger clubs above weaker ones from their real results', () => {
    const superLig = byName('Turkish Süper Lig')?.teams ?? [];
    const strength = (name: string) => superLig.find((team) => team.name === name)?.strength ?? -1;
    expect(strength('Galatasaray')).toBeGreaterThan(strength('Fatih Karagümrük'));
    const cup = byName('Turkish Cup')?.teams ?? [];
    const topFlight = Math.min(...cup.filter((team) => team.name === 'Fenerbahçe').map((team) => team.strength));
    expect(Math.max(...cup.filter((team) => team.name === 'Balıkesirspor').map((team) => team.strength))).toBeLessThan(
      topFlight,
    );
  });
});

describe.each(TEST_DATABASE_KINDS)('seedCatalog on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('writes every competition and club once, and running it again changes nothing', async () => {
    // The whole catalogue: the clubs' competitions and the national teams' (decision 088).
    const catalog = loadFullCatalog();
    const clubIds = new Set(catalog.competitions.flatMap((competition) => competition.teams.map((team) => team.id)));

    await seedCatalog(database.current.db);
    await seedCatalog(database.current.db);

    const [competitionCount] = await database.current.db.select({ value: count() }).from(competitions);
    const [teamCount] = await database.current.db.select({ value: count() }).from(teams);
    expect(competitionCount?.value).toBe(catalog.competitions.length);
    expect(teamCount?.value).toBe(clubIds.size);
  });

  it('brings a renamed competition back to the catalog name', async () => {
    await database.current.db.update(competitions).set({ nameEn: 'Old name' });
    await seedCatalog(database.current.db);
    const rows = await database.current.db.select({ nameEn: competitions.nameEn }).from(competitions);
    expect(rows.map((row) => row.nameEn)).not.toContain('Old name');
  });
});
