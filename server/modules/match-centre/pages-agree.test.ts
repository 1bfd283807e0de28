import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StandingsData } from '../../../core/contracts/match-centre';
import { seedCatalog } from '../../catalog/seed-catalog';
import { importOpenfootballSeason } from '../../feed/importers/openfootball/import-season';
import { readSeasonTable } from '../../feed/importers/openfootball/season-table';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { insertMatches } from '../../test-support/match-centre-data';
import { createMatchWrites, type MatchWrites } from '../matches/match-writes';
import { createReplayMatch } from '../replay/replay.service';
import { createMatchCentreService, type MatchCentreService } from './match-centre.service';
import { EVENT_GOAL } from '../../../core/match/score-details';

/**
 * Pages that agree (issue 15, docs/decisions/090-pages-that-agree.md): the Champions League
 * 2024-25 league-phase table against the data and the published table, basketball tables from
 * results, team and competition pages that show today's live matches and fixtures, and the
 * origin of a match (simulated, imported, replayed) as each writer leaves it.
 */

const REPO = new URL('../../../', import.meta.url);
const SHARED_DATA = new URL('../shared/data/', REPO);
const CL_FILE = fileURLToPath(new URL('openfootball-football.json/2024-25/uefa.cl.json', SHARED_DATA));

interface OpenfootballMatch {
  round: string;
  team1: string;
  team2: string;
  score: { ft?: [number, number] };
}
const CL = JSON.parse(readFileSync(CL_FILE, 'utf8')) as { matches: OpenfootballMatch[] };
const PUBLISHED = (
  JSON.parse(readFileSync(fileURLToPath(new URL('published-tables/published_final_tables.json', SHARED_DATA)), 'utf8')) as Record<
    string,
    { results_file: string; table: { pos: number; team: string; pts: number; w?: number; d?: number; l?: number; gf?: number; ga?: number }[] }
  >
)['uefa.cl/2024-25 league phase']!;

/** "Liverpool FC (ENG)" as the catalog names the club. */
const clubName = (fileName: string) => fileName.replace(/\s+\([A-Z]{3}\)$/, '');

/** Each team's league-phase record straight from the file, independent of the database and of the table code. */
function leaguePhaseRecords(): Map<string, { played: number; won: number; drawn: number; lost: number; goalsFor: number; goalsAgainst: number; points: number }> {
  const records = new Map<string, { played: number; won: number; drawn: number; lost: number; goalsFor: number; goalsAgainst: number; points: number }>();
  const record = (name: string) => {
    let found = records.get(name);
    if (!found) records.set(name, (found = { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0 }));
    return found;
  };
  for (const match of CL.matches.filter((candidate) => candidate.round.startsWith('League,'))) {
    const [home, away] = match.score.ft!;
    for (const [name, own, other] of [
      [clubName(match.team1), home, away],
      [clubName(match.team2), away, home],
    ] as const) {
      const row = record(name);
      row.played += 1;
      row.goalsFor += own;
      row.goalsAgainst += other;
      if (own > other) row.won += 1;
      else if (own === other) row.drawn += 1;
      else row.lost += 1;
      row.points = row.won * 3 + row.drawn;
    }
  }
  return records;
}

/** What a reader sees of a table, row by row. */
function tableOf(standings: StandingsData) {
  return standings.rows.map((row) => ({
    position: row.position,
    team: row.team_name,
    played: row.played,
    won: row.won,
    drawn: row.drawn,
    lost: row.lost,
    goalsFor: row.goals_for,
    goalsAgainst: row.goals_against,
    points: row.points,
  }));
}

const NOW_MS = Date.UTC(2026, 10, 24, 15, 0, 0);
const NOW_SEC = NOW_MS / 1000;
const HOUR = 3600;

describe.each(TEST_DATABASE_KINDS)('pages that agree on %s', (kind) => {
  const database = useTestDatabase(kind);
  let service: MatchCentreService;
  let sink: MatchWrites;
  let clSeasonId: number;

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    sink = createMatchWrites({ db, publish: capturePublishes().publish, now: () => NOW_MS });
    const imported = await importOpenfootballSeason({ db, matchWrites: sink }, { content: readFileSync(CL_FILE, 'utf8'), fileName: CL_FILE, now: new Date(NOW_MS) });
    clSeasonId = imported.season_id;
    service = createMatchCentreService({ db, now: () => NOW_MS });
  });

  describe('the Champions League 2024-25 league phase', () => {
    it('counts only the league phase: 36 teams, 8 matches each, 144 matches, whatever the knockout rounds added', async () => {
      const { data } = await service.getCompetitionStandings({ competitionId: 6, seasonId: clSeasonId, locale: 'en' });
      const standings = data.standings!;
      expect(standings.rows).toHaveLength(36);
      expect(standings.rows.every((row) => row.played === 8 && row.won + row.drawn + row.lost === 8)).toBe(true);
      expect([standings.played_matches, standings.total_matches]).toEqual([144, 144]);
      // Inter played 14 matches in the season (league phase, round of 16, quarter- and semi-finals): 8 count.
      expect(standings.rows.find((row) => row.team_name === 'FC Internazionale Milano')?.played).toBe(8);
    });

    it('equals the published table row for row (position, team, points) and the file team by team (played, W/D/L, goals, points)', async () => {
      const { data } = await service.getCompetitionStandings({ competitionId: 6, seasonId: clSeasonId, locale: 'en' });
      const table = tableOf(data.standings!);
      expect(PUBLISHED.results_file).toBe('openfootball-football.json/2024-25/uefa.cl.json');
      expect(PUBLISHED.table.length).toBeGreaterThan(0);
      for (const published of PUBLISHED.table) {
        const ours = table[published.pos - 1]!;
        expect(ours.position, `row ${published.pos}`).toBe(published.pos);
        expect(ours.team, `row ${published.pos}`).toBe(clubName(published.team));
        expect(ours.points, `${published.team} points`).toBe(published.pts);
        if (published.w !== undefined) expect([ours.won, ours.drawn, ours.lost]).toEqual([published.w, published.d, published.l]);
        if (published.gf !== undefined) expect([ours.goalsFor, ours.goalsAgainst]).toEqual([published.gf, published.ga]);
      }
      const records = leaguePhaseRecords();
      expect(records.size).toBe(36);
      for (const row of table) {
        const { position: _position, team, ...figures } = row;
        expect(figures, team).toEqual(records.get(team));
      }
      // Ordered by the UEFA chain: points, then goal difference, goals, away goals, wins, away wins.
      for (let index = 1; index < table.length; index += 1) {
        const [above, below] = [table[index - 1]!, table[index]!];
        const key = (row: typeof above) => [row.points, row.goalsFor - row.goalsAgainst, row.goalsFor];
        const [a, b] = [key(above), key(below)];
        const firstDifference = a.findIndex((value, criterion) => value !== b[criterion]);
        if (firstDifference !== -1) expect(a[firstDifference], `${above.team} above ${below.team}`).toBeGreaterThan(b[firstDifference]!);
      }
    });

    it('is the same table the competition page, a match page and the importer’s check read', async () => {
      const { data } = await service.getCompetitionStandings({ competitionId: 6, seasonId: clSeasonId, locale: 'en' });
      const { page } = await service.getCompetitionPage({ competitionId: 6, seasonId: clSeasonId, locale: 'en' });
      expect(tableOf(page.standings!)).toEqual(tableOf(data.standings!));
      const importerTable = await readSeasonTable(database.current.db, { seasonId: clSeasonId, rounds: (round) => round?.startsWith('League') ?? false });
      expect(
        importerTable.map((row) => ({
          position: row.position,
          team: row.teamName,
          played: row.played,
          won: row.won,
          drawn: row.drawn,
          lost: row.lost,
          goalsFor: row.goalsFor,
          goalsAgainst: row.goalsAgainst,
          points: row.points,
        })),
      ).toEqual(tableOf(data.standings!));
    });
  });

  describe('basketball standings from results', () => {
    it('a basketball competition without a stored season gets its table from its results, ordered by wins', async () => {
      const db = database.current.db;
      // Hawks 2-0, Celtics 1-1, Nets 1-1, Hornets 0-2 (simulated days: no season, no external key).
      await insertMatches(db, [
        { id: 20_000_001, sport: 'basketball', competitionId: 101, home: 1001, away: 1002, time: NOW_SEC - 2 * 86_400, status: 10, score: [110, 100] },
        { id: 20_000_002, sport: 'basketball', competitionId: 101, home: 1003, away: 1001, time: NOW_SEC - 86_400, status: 10, score: [95, 99] },
        { id: 20_000_003, sport: 'basketball', competitionId: 101, home: 1002, away: 1004, time: NOW_SEC - 86_400, status: 10, score: [120, 90] },
        { id: 20_000_004, sport: 'basketball', competitionId: 101, home: 1004, away: 1003, time: NOW_SEC - 3 * HOUR, status: 10, score: [88, 101] },
        { id: 20_000_005, sport: 'basketball', competitionId: 101, home: 1001, away: 1004, time: NOW_SEC + 3 * HOUR },
      ]);
      const { page } = await service.getCompetitionPage({ competitionId: 101, locale: 'en' });
      expect(page.season).toBeNull();
      const standings = page.standings!;
      expect(standings.season.rules).toBe('basketball');
      expect(standings.rows.map((row) => [row.team_name, row.played, row.won, row.lost])).toEqual([
        ['Atlanta Hawks', 2, 2, 0],
        ['Boston Celtics', 2, 1, 1],
        ['Brooklyn Nets', 2, 1, 1],
        ['Charlotte Hornets', 2, 0, 2],
      ]);
      expect([standings.played_matches, standings.total_matches]).toEqual([4, 5]);
      const { data } = await service.getCompetitionStandings({ competitionId: 101, locale: 'en' });
      expect(tableOf(data.standings!)).toEqual(tableOf(standings));
      // A game's standings tab shows the same table, its two teams highlighted.
      const { standings: forMatch } = await service.getMatchStandings({ sport: 'basketball', matchId: 20_000_005, locale: 'en' });
      expect(tableOf(forMatch!)).toEqual(tableOf(standings));
      expect(forMatch!.highlight).toEqual([1001, 1004]);
    });
  });

  describe('team and competition pages show today', () => {
    it('a team page lists its live match first, then its upcoming ones', async () => {
      // AC Milan: live now in a simulated Champions League match, next one tomorrow.
      await sink.upsertFixtures([
        { matchId: 30_000_001, sport: 'football', competitionId: 6, homeTeamId: 98, awayTeamId: 77, matchTime: NOW_SEC - 30 * 60 },
        { matchId: 30_000_002, sport: 'football', competitionId: 6, homeTeamId: 77, awayTeamId: 97, matchTime: NOW_SEC + 86_400 },
        { matchId: 30_000_003, sport: 'football', competitionId: 6, homeTeamId: 97, awayTeamId: 98, matchTime: NOW_SEC + 2 * HOUR },
        { matchId: 30_000_004, sport: 'football', competitionId: 6, homeTeamId: 97, awayTeamId: 77, matchTime: NOW_SEC - 3 * HOUR },
      ]);
      await sink.applyUpdate({ matchId: 30_000_001, sport: 'football', statusId: 2, homeScore: 1, awayScore: 0, kind: 'score', kickOffTime: NOW_SEC - 30 * 60 });
      await sink.applyUpdate({
        matchId: 30_000_004,
        sport: 'football',
        statusId: 8,
        homeScore: 1,
        awayScore: 2,
        kind: 'score',
        events: [
          { seq: 1, type: EVENT_GOAL, minute: 12, side: 'away', player: 'Rafael Leão' },
          { seq: 2, type: EVENT_GOAL, minute: 50, side: 'home', player: 'Lukáš Haraslín' },
          { seq: 3, type: EVENT_GOAL, minute: 88, side: 'away', player: 'Rafael Leão' },
        ],
      });
      const milan = await service.getTeamPage({ teamId: 77, locale: 'en' });
      expect(milan.fixtures.map((match) => [match.match_id, match.status_id])).toEqual([
        [30_000_001, 2],
        [30_000_002, 1],
      ]);
      expect(milan.fixtures.every((match) => match.is_simulated === true)).toBe(true);
      expect(milan.results[0]).toMatchObject({ match_id: 30_000_004, outcome: 'W', is_simulated: true });
    });

    it('a competition page shows today’s live matches, fixtures and results, though its table is an imported season’s', async () => {
      const { page } = await service.getCompetitionPage({ competitionId: 6, locale: 'en' });
      expect(page.season?.season_id).toBe(clSeasonId);
      expect(page.standings?.rows).toHaveLength(36);
      expect(page.fixtures.map((match) => match.match_id)).toEqual([30_000_001, 30_000_003, 30_000_002]);
      expect(page.results[0]).toMatchObject({ match_id: 30_000_004, a0: 1, b0: 2 });
      // Imported results are real; the file names no scorers, so the page's scorers are those
      // the competition's own feed recorded.
      expect(page.results.find((match) => match.match_id !== 30_000_004)?.is_simulated).toBe(false);
      expect(page.top_scorers[0]).toMatchObject({ player: 'Rafael Leão', team_id: 77, goals: 2 });
      // A season picked by the reader narrows the lists to it.
      const picked = await service.getCompetitionPage({ competitionId: 6, seasonId: clSeasonId, locale: 'en' });
      expect(picked.page.fixtures).toEqual([]);
      expect(picked.page.results.every((match) => match.is_simulated === false)).toBe(true);
      expect(picked.page.top_scorers).toEqual([]);
    });
  });

  describe('where a match comes from', () => {
    it('the simulator’s matches are simulated; imported results and replays are not', async () => {
      const db = database.current.db;
      const replay = await createReplayMatch({
        db,
        sink,
        body: { sport: 'football', home_team: 'AC Milan', away_team: 'AS Monaco FC', competition_id: 6, match_time: NOW_SEC + 5 * HOUR },
        now: new Date(NOW_MS),
      });
      const monaco = await service.getTeamPage({ teamId: 98, locale: 'en' });
      const byId = new Map(monaco.fixtures.map((match) => [match.match_id, match]));
      expect(byId.get(replay.match_id)?.is_simulated).toBe(false);
      expect(byId.get(30_000_001)?.is_simulated).toBe(true);
      const overview = await service.getFootballOverview({ matchId: replay.match_id, locale: 'en' });
      expect(overview.match.is_simulated).toBe(false);
      const simulated = await service.getFootballOverview({ matchId: 30_000_001, locale: 'en' });
      expect(simulated.match.is_simulated).toBe(true);
      const imported = monaco.results.find((match) => match.competition_id === 6);
      expect(imported?.is_simulated).toBe(false);
    });
  });
});
