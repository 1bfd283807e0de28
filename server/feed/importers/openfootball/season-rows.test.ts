import { describe, expect, it } from 'vitest';
import { OpenfootballSeasonSchema, type OpenfootballSeason } from './football-json';
import { ImportError, problemsOfZodError } from './import-error';
import { findNameVariants, identifyingWords, looksLikeLeague } from './name-variants';
import { competitionTitleOf, readFileName, seasonNameOf, toMatchRows } from './season-rows';
import { kickOffUtc } from './zoned-time';

const NOW = new Date('2026-11-23T12:00:00Z');

function season(matches: OpenfootballSeason['matches']): OpenfootballSeason {
  return { name: 'Test League 2023/24', matches };
}

const rowsOf = (matches: OpenfootballSeason['matches'], now = NOW) =>
  toMatchRows(season(matches), { code: 'en.1', seasonFolder: '2023-24', timeZone: 'Europe/London', countrySuffixInNames: false, now });

describe('file names and season names', () => {
  it('reads the code from the name and the season from the folder', () => {
    expect(readFileName('../shared/data/openfootball-football.json/2023-24/en.1.json')).toEqual({ code: 'en.1', folder: '2023-24', format: 'json' });
    expect(readFileName('C:\\data\\2026\\worldcup.json')).toEqual({ code: 'worldcup', folder: '2026', format: 'json' });
    expect(readFileName('uefa.cl.json')).toEqual({ code: 'uefa.cl', folder: null, format: 'json' });
    expect(readFileName('results/en.1.json')).toEqual({ code: 'en.1', folder: null, format: 'json' });
    expect(readFileName('en.1.json')).toEqual({ code: 'en.1', folder: null, format: 'json' });
    // Football.TXT: the season, then the league (openfootball/europe, /world, /south-america).
    expect(readFileName('openfootball-europe/turkey/2024-25_trcup.txt')).toEqual({ code: 'tr.cup', folder: '2024-25', format: 'txt' });
    expect(readFileName('2025_cn1.txt')).toEqual({ code: 'cn.1', folder: '2025', format: 'txt' });
    expect(readFileName('2025-26/mls.txt')).toEqual({ code: 'mls', folder: '2025-26', format: 'txt' });
    expect(readFileName('.txt')).toBeNull();
    expect(readFileName('.json')).toBeNull();
  });

  it('takes the season from the option, else the folder, else the end of the file name', () => {
    expect(seasonNameOf({ option: '2022-23', folder: '2023-24', fileTitle: 'x' })).toBe('2022/23');
    expect(seasonNameOf({ option: 'last year', folder: null, fileTitle: 'x' })).toMatchObject({ input: 'season', message: 'imports.season.invalid' });
    expect(seasonNameOf({ folder: '2023-24', fileTitle: 'English Premier League 2019/20' })).toBe('2023/24');
    expect(seasonNameOf({ folder: null, fileTitle: 'English Premier League 2019/20' })).toBe('2019/20');
    expect(seasonNameOf({ folder: null, fileTitle: 'World Cup 2026' })).toBe('2026');
    expect(seasonNameOf({ folder: null, fileTitle: 'Friendlies' })).toBeNull();
    expect(competitionTitleOf('Spain Primera División 2024/25')).toBe('Spain Primera División');
    expect(competitionTitleOf('2026')).toBe('2026');
  });
});

describe('kick-off times', () => {
  it('reads local times in the league zone, summer time included', () => {
    // Burnley v Manchester City, Friday 11 August 2023, 20:00 British Summer Time.
    expect(kickOffUtc('2023-08-11', '20:00', 'Europe/London').toISOString()).toBe('2023-08-11T19:00:00.000Z');
    expect(kickOffUtc('2023-12-26', '15:00', 'Europe/London').toISOString()).toBe('2023-12-26T15:00:00.000Z');
    expect(kickOffUtc('2024-03-31', '17:30', 'Europe/Berlin').toISOString()).toBe('2024-03-31T15:30:00.000Z');
    expect(kickOffUtc('2024-03-30', '17:30', 'Europe/Berlin').toISOString()).toBe('2024-03-30T16:30:00.000Z');
    expect(kickOffUtc('2025-01-10', '20:00', 'Europe/Istanbul').toISOString()).toBe('2025-01-10T17:00:00.000Z');
  });

  it('uses an offset the file gives, and noon local time when there is no time', () => {
    expect(kickOffUtc('2018-06-14', '18:00 UTC+3', 'Europe/London').toISOString()).toBe('2018-06-14T15:00:00.000Z');
    expect(kickOffUtc('2026-06-11', '13:00 UTC-6', 'UTC').toISOString()).toBe('2026-06-11T19:00:00.000Z');
    expect(kickOffUtc('2026-03-21', undefined, 'Europe/London').toISOString()).toBe('2026-03-21T12:00:00.000Z');
    expect(kickOffUtc('2026-04-21', undefined, 'Europe/Istanbul').toISOString()).toBe('2026-04-21T09:00:00.000Z');
  });
});

describe('toMatchRows', () => {
  const base = { round: 'Matchday 1', date: '2023-08-12', time: '15:00', team1: 'Arsenal FC', team2: 'Fulham FC' };

  it('turns a full-time score into an ended match with its half-time score', () => {
    const { rows, warnings } = rowsOf([{ ...base, score: { ht: [1, 0], ft: [2, 1] } }]);
    expect(warnings).toEqual([]);
    expect(rows[0]).toMatchObject({
      externalKey: 'openfootball:en.1:2023-24:Matchday 1:Arsenal FC:Fulham FC',
      statusId: 8,
      homeScore: 2,
      awayScore: 1,
      htHome: 1,
      htAway: 0,
      etHome: null,
      penHome: null,
      note: null,
    });
    expect(rows[0]?.matchTime.toISOString()).toBe('2023-08-12T14:00:00.000Z');
  });

  it('keeps awarded scores with their note, and postponed matches as status 9 without a score', () => {
    const { rows } = rowsOf([
      { ...base, score: { ft: [0, 2] }, status: 'awarded' },
      { ...base, team1: 'Chelsea FC', score: {}, status: 'postponed' },
    ]);
    expect(rows.map((row) => [row.statusId, row.homeScore, row.awayScore, row.htHome, row.note])).toEqual([
      [8, 0, 2, null, 'awarded'],
      [9, 0, 0, null, 'postponed'],
    ]);
  });

  it('shows the score after extra time, keeps the shoot-out, and refuses a shoot-out without a winner', () => {
    const { rows, warnings } = rowsOf([
      { ...base, round: 'Final', score: { ht: [0, 0], ft: [1, 1], et: [2, 1] } },
      { ...base, round: 'Semi', score: { ft: [0, 0], et: [0, 0], p: [5, 4] } },
      { ...base, round: 'Quarter', score: { ft: [0, 1], et: [0, 1], p: [4, 4] } },
    ]);
    expect(rows.map((row) => [row.homeScore, row.awayScore, row.etHome, row.etAway, row.penHome, row.penAway])).toEqual([
      [2, 1, 2, 1, null, null],
      [0, 0, 0, 0, 5, 4],
      [0, 1, 0, 1, null, null],
    ]);
    expect(warnings).toEqual([
      { code: 'shootoutLevel', field: 'Arsenal FC v Fulham FC (2023-08-12, Quarter), score.p', params: { home: 'Arsenal FC', away: 'Fulham FC', score: '4-4' } },
    ]);
  });

  // The 2024-25 Turkish Cup (openfootball/europe turkey/2024-25_trcup.txt, Group D, Tue Feb 4):
  // "13:00  Kocaelispor  v Sivasspor  3-0 (0-1)" — played 0-1, awarded 3-0, with no [awarded] mark.
  const kocaeli = { round: 'Group D', date: '2025-02-04', time: '13:00', team1: 'Kocaelispor', team2: 'Sivasspor', score: { ht: [0, 1] as [number, number], ft: [3, 0] as [number, number] } };

  it('reads a full-time score below the half-time one as awarded, keeps the half-time score, and says so', () => {
    const { rows, warnings } = rowsOf([kocaeli]);
    expect(rows.map((row) => [row.statusId, row.homeScore, row.awayScore, row.htHome, row.htAway, row.note])).toEqual([[8, 3, 0, 0, 1, 'awarded']]);
    expect(warnings).toEqual([
      {
        code: 'awardedOverHalfTime',
        field: 'Kocaelispor v Sivasspor (2025-02-04, Group D)',
        params: { home: 'Kocaelispor', away: 'Sivasspor', date: '2025-02-04', round: 'Group D', score: '3-0', halfTime: '0-1' },
      },
    ]);
    // Marked awarded, the same match is stored the same way, without a warning.
    const marked = rowsOf([{ ...kocaeli, status: 'awarded' }]);
    expect(marked.rows[0]).toMatchObject({ statusId: 8, homeScore: 3, awayScore: 0, htHome: 0, htAway: 1, note: 'awarded' });
    expect(marked.warnings).toEqual([]);
  });

  it('a match without a score is to come (1) before its kick-off and to be determined (13) after', () => {
    const matches = [{ ...base, date: '2026-12-01', score: {} }, { ...base, date: '2026-11-01' }];
    expect(rowsOf(matches).rows.map((row) => row.statusId)).toEqual([1, 13]);
    expect(rowsOf(matches, new Date('2026-10-01T00:00:00Z')).rows.map((row) => row.statusId)).toEqual([1, 1]);
  });

  it('gives a repeated fixture of one round its own key', () => {
    const { rows } = rowsOf([
      { ...base, score: { ft: [0, 0] } },
      { ...base, date: '2023-08-20', score: { ft: [1, 0] } },
    ]);
    expect(rows.map((row) => row.externalKey.split(':').slice(-1)[0])).toEqual(['Fulham FC', '2']);
  });

  it('drops country suffixes when the competition writes them', () => {
    const { rows } = toMatchRows(season([{ ...base, team1: 'Liverpool FC (ENG)', team2: 'Paris Saint-Germain FC (FRA)', score: {} }]), {
      code: 'uefa.cl',
      seasonFolder: '2024-25',
      timeZone: 'Europe/Berlin',
      countrySuffixInNames: true,
      now: NOW,
    });
    expect([rows[0]?.home, rows[0]?.away]).toEqual(['Liverpool FC', 'Paris Saint-Germain FC']);
    expect(rows[0]?.externalKey).toBe('openfootball:uefa.cl:2024-25:Matchday 1:Liverpool FC (ENG):Paris Saint-Germain FC (FRA)');
  });
});

describe('the file schema and its messages', () => {
  function messageOf(content: unknown): string {
    const result = OpenfootballSeasonSchema.safeParse(content);
    if (result.success) throw new Error('expected the file to be refused');
    return new ImportError(problemsOfZodError('file', result.error, content), { fileName: '2023-24/en.1.json' }).message;
  }
  const match = { round: 'Matchday 1', date: '2023-08-12', team1: 'A', team2: 'B', score: { ft: [1, 0] } };

  it('names the file, the field and the problem', () => {
    // A match is named by its teams, date and round, never by its index.
    expect(messageOf({ name: 'L', matches: [match, { ...match, score: { ft: [1] } }] })).toBe(
      '2023-24/en.1.json: A v B (2023-08-12, Matchday 1), score.ft: A score must be two whole numbers, [home, away]',
    );
    expect(messageOf({ name: 'L', matches: [{ ...match, team2: undefined }] })).toBe('2023-24/en.1.json: A v ? (2023-08-12, Matchday 1), team2: This field is required');
    expect(messageOf({ name: 'L', matches: [{ ...match, date: '2023-02-30' }] })).toBe(
      '2023-24/en.1.json: A v B (2023-02-30, Matchday 1), date: The date must be a real day written YYYY-MM-DD',
    );
    expect(messageOf({ name: 'L', matches: [{ ...match, time: '8pm' }] })).toMatch(/A v B \(2023-08-12, Matchday 1\), time: The time must be written HH:MM/);
    expect(messageOf({ name: 'L', matches: [{ ...match, team2: 'A' }] })).toBe('2023-24/en.1.json: A v A (2023-08-12, Matchday 1), team2: A team cannot play itself (A)');
    // Above the score after extra time, a half-time score is a mistake, not an awarded match.
    expect(messageOf({ name: 'L', matches: [{ ...match, score: { ht: [2, 0], ft: [1, 0], et: [1, 1] } }] })).toMatch(/A v B \(2023-08-12, Matchday 1\), score\.ht: The half-time score is higher/);
    expect(messageOf({ name: 'L', matches: [{ ...match, status: 'abandoned' }] })).toMatch(/A v B \(2023-08-12, Matchday 1\), status: The status must be "awarded" or "postponed"/);
    expect(messageOf({ name: 'L', matches: [{ ...match, score: {}, status: 'awarded' }] })).toMatch(/A v B \(2023-08-12, Matchday 1\), score\.ft: This field is required/);
    expect(messageOf({ name: 'L', matches: [{ round: 'Matchday 1', date: '2023-08-12' }] })).toBe(
      '2023-24/en.1.json: matches[0].team1: This field is required; 2023-24/en.1.json: matches[0].team2: This field is required',
    );
    expect(messageOf({ name: 'L', matches: ['A v B'] })).toMatch(/^2023-24\/en\.1\.json: matches\[0\]: /);
    expect(messageOf({ name: 'L', matches: [] })).toBe('2023-24/en.1.json: matches: The file has no matches');
    expect(messageOf([match])).toMatch(/^2023-24\/en\.1\.json: /);
  });

  it('takes an awarded score below the half-time score (an abandoned match) without a complaint', () => {
    expect(OpenfootballSeasonSchema.safeParse({ name: 'L', matches: [{ ...match, score: { ht: [0, 1], ft: [3, 0] } }] }).success).toBe(true);
    expect(OpenfootballSeasonSchema.safeParse({ name: 'L', matches: [{ ...match, score: { ht: [1, 1], ft: [3, 0] }, status: 'awarded' }] }).success).toBe(true);
  });

  it('lists at most ten problems and says how many more there are', () => {
    const message = messageOf({ name: 'L', matches: Array.from({ length: 12 }, () => ({ ...match, score: { ft: [-1, 0] } })) });
    expect(message.split('; ')).toHaveLength(11);
    expect(message.endsWith('; and 2 more')).toBe(true);
  });
});

describe('name variants', () => {
  const league = (names: [string, string][]) => names.map(([home, away]) => ({ home, away }));

  it('drops accents, case, punctuation, numbers and club words', () => {
    expect(identifyingWords('Gazişehir Gaziantep FK')).toEqual(['gazisehir', 'gaziantep']);
    expect(identifyingWords('1. FC Köln')).toEqual(['koln']);
    expect(identifyingWords('AFC Bournemouth')).toEqual(['bournemouth']);
  });

  it('pairs names whose words are the same or contained, when they never meet', () => {
    const fixtures = league([
      ['Gaziantep FK', 'Beşiktaş'],
      ['Gazişehir Gaziantep FK', 'Fenerbahçe'],
      ['Besiktas JK', 'Fenerbahçe'],
      ['FC Barcelona', 'RCD Espanyol de Barcelona'],
    ]);
    expect(findNameVariants(fixtures, { isLeague: false })).toEqual({
      variants: [
        ['Besiktas JK', 'Beşiktaş'],
        ['Gaziantep FK', 'Gazişehir Gaziantep FK'],
      ],
      warnings: [],
    });
  });

  it('in a league, pairs two short teams whose fixtures add up, and warns about a short team alone', () => {
    const teams = ['A', 'B', 'C', 'D'];
    const full: [string, string][] = [];
    for (const home of teams) for (const away of teams) if (home !== away) full.push([home, away]);
    // E plays D's first two fixtures, Old D the rest: 2 + 4 = 6, as everyone else has.
    const split = full.map(([home, away], index): [string, string] =>
      home === 'D' ? [index < 10 ? 'E' : 'Old D', away] : away === 'D' ? [home, index < 4 ? 'E' : 'Old D'] : [home, away],
    );
    expect(looksLikeLeague(league(split))).toBe(false);
    expect(findNameVariants(league(split), { isLeague: true }).variants).toEqual([['E', 'Old D']]);
    const short = full.filter(([home, away]) => !(home === 'D' && away === 'A'));
    expect(findNameVariants(league(short), { isLeague: true }).warnings).toEqual([
      { code: 'fewMatches', field: 'A', params: { team: 'A', matches: 5, expected: 6 } },
      { code: 'fewMatches', field: 'D', params: { team: 'D', matches: 5, expected: 6 } },
    ]);
    expect(looksLikeLeague(league(full))).toBe(true);
  });
});
