import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../core/contracts/search';
import { buildSearchIndex, findCompetitions, findTeams, matchQuality, primaryCompetition, type IndexedCompetition, type IndexedTeam } from './search-index';

/** Pure ranking of the index (no database): run by the integration project, as everything under server/. */
const competition = (id: number, nameEn: string, extra: Partial<IndexedCompetition> = {}): IndexedCompetition => ({
  id,
  sport: 'football',
  nameTr: nameEn,
  nameEn,
  nameZh: nameEn,
  shortName: nameEn.slice(0, 3).toUpperCase(),
  country: 'XX',
  isHot: false,
  hotRank: 0,
  ...extra,
});
const team = (id: number, name: string, competitionIds: number[], strength = 0.5): IndexedTeam => ({
  id,
  sport: 'football',
  name,
  shortName: name,
  strength,
  competitionIds,
});

const COMPETITIONS = [
  competition(1, 'Süper Lig', { nameTr: 'Trendyol Süper Lig', nameZh: '土耳其超级联赛', isHot: true, hotRank: 1 }),
  competition(2, 'Premier League', { nameTr: 'İngiltere Premier Lig', nameZh: '英超', isHot: true, hotRank: 3 }),
  competition(3, '1. Lig', { nameTr: 'TFF 1. Lig', nameZh: '土甲' }),
  competition(4, 'La Liga', { nameTr: 'İspanya La Liga', nameZh: '西甲', isHot: true, hotRank: 4 }),
];
const TEAMS = [
  team(10, 'Beşiktaş', [1], 0.8),
  team(11, 'Fenerbahçe', [1], 0.85),
  team(12, 'İstanbul Başakşehir', [1], 0.6),
  team(13, 'İstanbulspor', [3], 0.4),
  team(14, 'Real Madrid', [4], 0.95),
  team(15, 'Atlético Madrid', [4], 0.85),
  team(16, 'Madridejos', [], 0.1),
  team(17, 'Arsenal', [2], 0.9),
  team(18, 'Sivasspor', [1], 0.5),
];
const index = buildSearchIndex({ teams: TEAMS, competitions: COMPETITIONS });
const teamNames = (query: string) => findTeams(index, foldForSearch(query), 10).map((t) => t.name);
const competitionNames = (query: string) => findCompetitions(index, foldForSearch(query), 10).map((c) => c.nameEn);

describe('matchQuality', () => {
  it('ranks the whole name, then its start, then a word start, then inside', () => {
    expect(matchQuality('arsenal', 'arsenal')).toBe(0);
    expect(matchQuality('arsenal', 'ars')).toBe(1);
    expect(matchQuality('real madrid', 'mad')).toBe(2);
    expect(matchQuality('sivasspor', 'spor')).toBe(3);
    expect(matchQuality('arsenal', 'chelsea')).toBeNull();
  });
});

describe('findTeams', () => {
  it('finds Turkish names typed without Turkish letters, in any case', () => {
    expect(teamNames('besiktas')).toEqual(['Beşiktaş']);
    expect(teamNames('FENERBAHCE')).toEqual(['Fenerbahçe']);
    expect(teamNames('istanbul')).toEqual(['İstanbul Başakşehir', 'İstanbulspor']);
  });

  it('puts word-prefix matches before matches inside a word', () => {
    expect(teamNames('madrid')).toEqual(['Real Madrid', 'Atlético Madrid', 'Madridejos']);
    expect(teamNames('adrid')).toEqual(['Real Madrid', 'Atlético Madrid', 'Madridejos']);
    expect(teamNames('ma')[0]).toBe('Real Madrid');
  });

  it('prefers a team of a hot competition, then the stronger one', () => {
    // İstanbul Başakşehir plays in the Süper Lig (hot 1), İstanbulspor in the 1. Lig (not hot)
    expect(teamNames('istanbul')[0]).toBe('İstanbul Başakşehir');
    // both La Liga: the stronger first; a team without matches last
    expect(teamNames('madrid')).toEqual(['Real Madrid', 'Atlético Madrid', 'Madridejos']);
  });

  it('puts an exact name before everything else', () => {
    const withExact = buildSearchIndex({ teams: [...TEAMS, team(19, 'Real', [3], 0.1)], competitions: COMPETITIONS });
    expect(findTeams(withExact, 'real', 10).map((t) => t.name)).toEqual(['Real', 'Real Madrid']);
  });

  it('names the best-placed competition of a team', () => {
    expect(primaryCompetition(index, { ...TEAMS[0]!, competitionIds: [3, 1] })?.id).toBe(1);
    expect(primaryCompetition(index, TEAMS[6]!)).toBeNull();
  });
});

describe('findCompetitions', () => {
  it('matches the name in every language and the short name', () => {
    expect(competitionNames('英超')).toEqual(['Premier League']);
    expect(competitionNames('土')).toEqual(['Süper Lig', '1. Lig']);
    expect(competitionNames('ingiltere')).toEqual(['Premier League']);
    expect(competitionNames('premier')).toEqual(['Premier League']);
    expect(competitionNames('super lig')).toEqual(['Süper Lig']);
  });

  it('ranks hot competitions first among equal matches', () => {
    expect(competitionNames('lig')).toEqual(['Süper Lig', 'Premier League', 'La Liga', '1. Lig']);
  });
});

describe('Chinese abbreviations', () => {
  const full = buildSearchIndex({
    teams: [],
    competitions: [
      competition(2, 'Premier League', { nameZh: '英格兰超级联赛', isHot: true, hotRank: 3 }),
      competition(102, 'Turkish Basketball Super League', { nameZh: '土耳其篮球超级联赛' }),
      competition(1, 'Turkish Süper Lig', { nameZh: '土耳其超级联赛', isHot: true, hotRank: 1, aliases: ['土超'] }),
    ],
  });
  it('finds a competition from its characters in order, an alias first', () => {
    expect(findCompetitions(full, '英超', 10).map((c) => c.id)).toEqual([2]);
    expect(findCompetitions(full, '土超', 10).map((c) => c.id)).toEqual([1, 102]);
  });
});

describe('two sports', () => {
  it('puts the football club first when a basketball team ranks the same', () => {
    const both = buildSearchIndex({
      competitions: [
        competition(1, 'Süper Lig', { isHot: true, hotRank: 1 }),
        competition(102, 'Basketbol Süper Ligi', { sport: 'basketball', isHot: true, hotRank: 1 }),
      ],
      teams: [
        { ...team(1, 'Fenerbahçe Beko', [102], 0.95), sport: 'basketball', shortName: 'Fenerbahçe' },
        team(2, 'Fenerbahçe', [1], 0.7),
      ],
    });
    expect(findTeams(both, 'fener', 10).map((t) => t.id)).toEqual([2, 1]);
    expect(findTeams(both, 'fenerbahce', 10).map((t) => t.id)).toEqual([2, 1]);
  });
});
