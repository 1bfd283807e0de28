import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findLeagueNameVariants,
  findLookalikeNames,
  lookalikeKey,
  matchPoints,
  parseSeasonJson,
  parseSeasonTxt,
  parseTxtResult,
  pointsPerGame,
  readSeasonJson,
  readSeasonTxt,
  splitCountrySuffix,
  type SeasonMatch,
  type SeasonResults,
} from './football-results';

function season(matches: SeasonMatch[]): SeasonResults {
  const teams = [...new Set(matches.flatMap((match) => [match.home, match.away]))].sort();
  return { name: 'test', teams, matches };
}

function played(home: string, away: string, ft: [number, number]): SeasonMatch {
  return { round: 'Matchday 1', home, away, score: { ft } };
}

const tempDir = mkdtempSync(path.join(tmpdir(), 'football-results-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe('splitCountrySuffix', () => {
  it('splits a three-letter country code in brackets off the name', () => {
    expect(splitCountrySuffix('Galatasaray (TUR)')).toEqual({ name: 'Galatasaray', country: 'TUR' });
    expect(splitCountrySuffix('Club Atlético de Madrid (ESP)')).toEqual({
      name: 'Club Atlético de Madrid',
      country: 'ESP',
    });
    expect(splitCountrySuffix('ŠK Slovan Bratislava (SVK)')).toEqual({ name: 'ŠK Slovan Bratislava', country: 'SVK' });
  });

  it('leaves names without a suffix, or with another bracket, unchanged', () => {
    expect(splitCountrySuffix('Galatasaray')).toEqual({ name: 'Galatasaray', country: null });
    expect(splitCountrySuffix('Team (B)')).toEqual({ name: 'Team (B)', country: null });
    expect(splitCountrySuffix('Galatasaray (TUR) II')).toEqual({ name: 'Galatasaray (TUR) II', country: null });
    expect(splitCountrySuffix('(TUR)')).toEqual({ name: '(TUR)', country: null });
  });
});

describe('matchPoints', () => {
  it('gives 3 for a win and 1 each for a draw on the full-time score', () => {
    expect(matchPoints({ ft: [2, 1] })).toEqual([3, 0]);
    expect(matchPoints({ ft: [0, 3] })).toEqual([0, 3]);
    expect(matchPoints({ ft: [1, 1], ht: [1, 0] })).toEqual([1, 1]);
  });

  it('lets extra time decide and counts a shoot-out as a draw', () => {
    expect(matchPoints({ ft: [1, 1], et: [1, 2] })).toEqual([0, 3]);
    expect(matchPoints({ ft: [2, 2], et: [2, 2], p: [6, 7] })).toEqual([1, 1]);
    // the impossible shoot-out of uefa.cl 2024-25 changes nothing
    expect(matchPoints({ ft: [0, 1], et: [0, 1], p: [4, 4] })).toEqual([0, 3]);
    // a match known only by its shoot-out
    expect(matchPoints({ p: [4, 3] })).toEqual([1, 1]);
  });

  it('returns null for a match without a score', () => {
    expect(matchPoints({})).toBeNull();
    expect(matchPoints({ ht: [0, 0] })).toBeNull();
  });
});

describe('pointsPerGame', () => {
  const results = season([
    played('Alpha', 'Beta', [2, 0]),
    played('Beta', 'Gamma', [1, 1]),
    played('Gamma', 'Alpha', [3, 1]),
    { round: 'Matchday 2', home: 'Alpha', away: 'Gamma', score: {}, status: 'postponed' },
    { round: 'Matchday 2', home: 'Beta', away: 'Alpha', score: { ft: [0, 3] }, status: 'awarded' },
    { round: 'Matchday 3', home: 'Delta', away: 'Alpha', score: {} },
  ]);

  it('averages points over played matches, awarded ones with their awarded score', () => {
    expect(pointsPerGame(results, 'Alpha')).toBe(2); // W, L, awarded W: 6 in 3
    expect(pointsPerGame(results, 'Beta')).toBeCloseTo(1 / 3); // L, D, awarded L
    expect(pointsPerGame(results, 'Gamma')).toBe(2); // D, W
  });

  it('is null for a team with no played match or not in the file', () => {
    expect(pointsPerGame(results, 'Delta')).toBeNull();
    expect(pointsPerGame(results, 'Omega')).toBeNull();
  });
});

describe('parseSeasonJson', () => {
  const text = JSON.stringify({
    name: 'UEFA Champions League 2024/25',
    matches: [
      {
        round: 'League, Matchday 1',
        date: '2024-09-17',
        team1: 'Galatasaray (TUR)',
        team2: 'Beşiktaş JK (TUR)',
        score: { ht: [1, 0], ft: [2, 1] },
      },
      {
        round: 'Finals, Final',
        date: '2025-05-31',
        team1: 'Beşiktaş JK (TUR)',
        team2: 'Galatasaray (TUR)',
        score: {},
      },
      { round: 'Matchday 2', team1: 'Galatasaray (TUR)', team2: 'Fenerbahçe (TUR)', score: { ft: [3, 0] }, status: 'awarded' },
    ],
  });

  it('reads home, away, score and status, and renames teams', () => {
    const results = parseSeasonJson(text, (raw) => splitCountrySuffix(raw).name);
    expect(results.name).toBe('UEFA Champions League 2024/25');
    expect(results.teams).toEqual(['Beşiktaş JK', 'Fenerbahçe', 'Galatasaray']);
    expect(results.matches[0]).toEqual({
      round: 'League, Matchday 1',
      home: 'Galatasaray',
      away: 'Beşiktaş JK',
      score: { ht: [1, 0], ft: [2, 1] },
    });
    expect(results.matches[1]?.score).toEqual({});
    expect(results.matches[2]?.status).toBe('awarded');
    expect(pointsPerGame(results, 'Galatasaray')).toBe(3);
  });

  it('keeps names as they are without a rename', () => {
    expect(parseSeasonJson(text).teams).toContain('Galatasaray (TUR)');
  });

  it('rejects a file that is not a football.json season', () => {
    expect(() => parseSeasonJson('{"name":"x","matches":[{"round":"1"}]}')).toThrow();
    expect(() => parseSeasonJson(JSON.stringify({ name: 'x', matches: [{ round: '1', team1: 'A', team2: 'B', score: { ft: [1] } }] }))).toThrow();
  });

  it('reads the same from a file', () => {
    const file = path.join(tempDir, 'season.json');
    writeFileSync(file, text);
    expect(readSeasonJson(file, (raw) => splitCountrySuffix(raw).name)).toEqual(
      parseSeasonJson(text, (raw) => splitCountrySuffix(raw).name),
    );
  });
});

describe('parseTxtResult', () => {
  it('reads full time with half time in brackets', () => {
    expect(parseTxtResult('2-1 (1-0)')).toEqual({ score: { ft: [2, 1], ht: [1, 0] } });
    expect(parseTxtResult('0-0')).toEqual({ score: { ft: [0, 0] } });
  });

  it('reads extra time, full time and half time', () => {
    expect(parseTxtResult('3-2 a.e.t. (1-1, 0-0)')).toEqual({ score: { et: [3, 2], ft: [1, 1], ht: [0, 0] } });
    expect(parseTxtResult('2-4 a.e.t.')).toEqual({ score: { et: [2, 4] } });
  });

  it('reads shoot-outs, with or without the score before them', () => {
    expect(parseTxtResult('6-7 pen. 2-2 a.e.t. (2-2, 0-0)')).toEqual({
      score: { p: [6, 7], et: [2, 2], ft: [2, 2], ht: [0, 0] },
    });
    expect(parseTxtResult('4-3 pen.')).toEqual({ score: { p: [4, 3] } });
  });

  it('reads awarded matches and unplayed ones', () => {
    expect(parseTxtResult('3-0    [awarded]')).toEqual({ score: { ft: [3, 0] }, status: 'awarded' });
    expect(parseTxtResult('')).toEqual({ score: {} });
  });

  it('refuses a result it cannot read', () => {
    expect(() => parseTxtResult('2-1 abandoned')).toThrow(/Unreadable/);
  });
});

describe('parseSeasonTxt', () => {
  const text = [
    '= Türkiye Kupasi 2024/25',
    '',
    '# Teams      6',
    '',
    '▪ Round 2',
    '  Tue Oct 8 2024',
    '    13:00  Kilis Belediyespor      v Balıkesirspor            2-0',
    '           23 Elazığ FK            v Polatlı 1926 SK          3-2 a.e.t.',
    '    19:00  Fethiyespor             v Düzcespor                4-3 pen.',
    '    13:00  Osmaniyespor 2011       v Diyarbekirspor           3-0    [awarded]',
    '',
    '▪ Final',
    '  Wed May 14',
    '    20:45  Trabzonspor             v Galatasaray',
  ].join('\r\n');

  it('reads title, rounds, teams with digits and diacritics, and every kind of result', () => {
    const results = parseSeasonTxt(text);
    expect(results.name).toBe('Türkiye Kupasi 2024/25');
    expect(results.matches).toHaveLength(5);
    expect(results.matches[1]).toEqual({
      round: 'Round 2',
      home: '23 Elazığ FK',
      away: 'Polatlı 1926 SK',
      date: '2024-10-08',
      score: { et: [3, 2] },
    });
    expect(results.matches[3]).toMatchObject({ home: 'Osmaniyespor 2011', status: 'awarded', score: { ft: [3, 0] } });
    // The year carries over from the last date line that gave one, and moves on after December.
    expect(results.matches[4]).toEqual({ round: 'Final', date: '2025-05-14', home: 'Trabzonspor', away: 'Galatasaray', score: {} });
    expect(results.teams).toContain('Balıkesirspor');
    expect(results.teams).toHaveLength(10);
  });

  it('dates a cup whose groups go back in time, and a league whose postponed match comes out of order, by the weekday', () => {
    const results = parseSeasonTxt(
      [
        '= Cup',
        '▪ Group A',
        '  Thu Feb 27 2025',
        '    20:00  A  v B  1-0',
        '▪ Group B',
        '  Tue Jan 7',
        '    20:00  C  v D  2-0',
        '  Sat Feb 1',
        '    20:00  E  v F  0-0',
        '▪ Final',
        '  Sat May 31',
        '    20:00  A  v C',
      ].join('\n'),
    );
    // A month earlier than the last date is not the next year: Tuesday 7 January is 2025's.
    expect(results.matches.map((match) => match.date)).toEqual(['2025-02-27', '2025-01-07', '2025-02-01', '2025-05-31']);
  });

  it('counts the shoot-out win as a draw and leaves the unplayed final out', () => {
    const results = parseSeasonTxt(text);
    expect(pointsPerGame(results, 'Fethiyespor')).toBe(1);
    expect(pointsPerGame(results, 'Düzcespor')).toBe(1);
    expect(pointsPerGame(results, 'Osmaniyespor 2011')).toBe(3);
    expect(pointsPerGame(results, 'Trabzonspor')).toBeNull();
  });

  it('reads the south-american variant: » rounds, Jan/28 dates, 19.00 times, fixtures without a time', () => {
    const results = parseSeasonTxt(
      [
        '= Brasileiro Série A 2026',
        '» Matchday 1',
        '  Wed Jan/28 2026',
        '    19.00  CA Mineiro              v SE Palmeiras             2-2 (1-1)',
        '  Thu Jan/29',
        '    21.30  Botafogo FR             v Cruzeiro EC              4-0 (0-0)',
        '» Matchday 38',
        '  Wed Dec/2',
        '           CA Paranaense           v São Paulo FC',
      ].join('\n'),
    );
    expect(results.matches).toEqual([
      { round: 'Matchday 1', date: '2026-01-28', home: 'CA Mineiro', away: 'SE Palmeiras', score: { ft: [2, 2], ht: [1, 1] } },
      { round: 'Matchday 1', date: '2026-01-29', home: 'Botafogo FR', away: 'Cruzeiro EC', score: { ft: [4, 0], ht: [0, 0] } },
      { round: 'Matchday 38', date: '2026-12-02', home: 'CA Paranaense', away: 'São Paulo FC', score: {} },
    ]);
  });

  it('reads the same from a file', () => {
    const file = path.join(tempDir, 'cup.txt');
    writeFileSync(file, text);
    expect(readSeasonTxt(file)).toEqual(parseSeasonTxt(text));
  });
});

describe('findLookalikeNames', () => {
  it('groups names that differ only by accents, case or punctuation', () => {
    const results = season([
      played('Beşiktaş', 'Galatasaray', [1, 0]),
      played('Besiktas', 'FC St. Pauli', [1, 0]),
      played('FC St Pauli', 'GALATASARAY', [1, 0]),
      played('Fenerbahçe', 'Gazişehir Gaziantep FK', [1, 0]),
    ]);
    expect(findLookalikeNames(results)).toEqual([
      ['Besiktas', 'Beşiktaş'],
      ['FC St Pauli', 'FC St. Pauli'],
      ['GALATASARAY', 'Galatasaray'],
    ]);
  });

  it('maps the Turkish dotless and dotted i to one letter', () => {
    expect(lookalikeKey('Kasımpaşa SK')).toBe(lookalikeKey('Kasimpasa S.K.'));
    expect(lookalikeKey('İstanbulspor')).toBe(lookalikeKey('Istanbulspor'));
  });

  it('is empty when every club has one spelling', () => {
    expect(findLookalikeNames(season([played('Gaziantep FK', 'Gazişehir Gaziantep FK', [1, 1])]))).toEqual([]);
  });
});

describe('findLeagueNameVariants', () => {
  it('lists teams with fewer fixtures than the others, unplayed fixtures included', () => {
    const results = season([
      played('A', 'B', [1, 0]),
      played('B', 'C', [1, 0]),
      { round: 'Matchday 3', home: 'C', away: 'A', score: {} },
      played('A', 'Gaziantep FK', [1, 0]),
      played('B', 'Gazişehir Gaziantep FK', [0, 0]),
      played('C', 'Gaziantep FK', [2, 2]),
    ]);
    expect(findLeagueNameVariants(results)).toEqual(['Gaziantep FK', 'Gazişehir Gaziantep FK']);
  });

  it('is empty when every team has as many fixtures', () => {
    const results = season([played('A', 'B', [1, 0]), played('B', 'C', [1, 0]), played('C', 'A', [1, 0])]);
    expect(findLeagueNameVariants(results)).toEqual([]);
    expect(findLeagueNameVariants(season([]))).toEqual([]);
  });
});
