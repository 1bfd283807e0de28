import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BasketballOverviewDataSchema,
  CompetitionPageDataSchema,
  EventsDataSchema,
  FootballOverviewDataSchema,
  H2hDataSchema,
  LineupsDataSchema,
  PlayersDataSchema,
  StandingsAnswerDataSchema,
  StatisticsDataSchema,
  TeamPageDataSchema,
  type StandingsData,
} from '../../../core/contracts/match-centre';
import { ErrorBodySchema } from '../../../core/contracts/api';
import type { PublicConfig } from '../../../core/contracts/services';
import { buildApp } from '../../app';
import { seedCatalog } from '../../catalog/seed-catalog';
import { createMatchWrites } from '../matches/match-writes';
import { buildMatchCentreTestApp } from '../../test-support/app';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { MC, MC_NOW_MS, mcAt, seedMatchCentreWorld, TEAMS, type McWorld } from '../../test-support/match-centre-data';
import { createMatchService } from '../matches/matches.service';
import { createMatchCentreService } from './match-centre.service';

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };

const answer = <D extends z.ZodType>(code: 0 | 1, data: D) => z.object({ code: z.literal(code), msg: z.literal('success'), data });

/** What a reader sees of a table: position, team, played, won, drawn, lost, for, against, difference, points. */
function tableOf(standings: StandingsData) {
  return standings.rows.map((row) => [
    row.position,
    row.team_name,
    row.played,
    row.won,
    row.drawn,
    row.lost,
    row.goals_for,
    row.goals_against,
    row.goal_difference,
    row.points,
  ]);
}

describe.each(TEST_DATABASE_KINDS)('match centre API on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let world: McWorld;

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    let clock = MC_NOW_MS;
    const sink = createMatchWrites({ db, publish: capturePublishes().publish, now: () => (clock += 1000) });
    world = await seedMatchCentreWorld(db, sink);
    app = await buildMatchCentreTestApp({ db, now: () => MC_NOW_MS });
  });

  afterAll(async () => {
    await app?.close();
  });

  async function get(url: string, headers: Record<string, string> = {}) {
    const response = await app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json() as unknown, raw: response.body };
  }

  describe('football match tabs', () => {
    it('overview: the match, its season and round, scores by half, timeline, statistics and momentum', async () => {
      const { status, body } = await get(`/api/match/football/${MC.m1}/overview`);
      expect(status).toBe(200);
      const data = answer(1, FootballOverviewDataSchema).parse(body).data;
      expect(data.match).toMatchObject({
        match_id: MC.m1,
        status_id: 8,
        a0: 2,
        b0: 1,
        ht: [1, 1],
        home_team_name: 'Galatasaray',
        away_team_name: 'Fenerbahçe',
        home_team_logo: `/crests/team/${TEAMS.gs}.svg`,
      });
      expect(data.competition).toMatchObject({ competition_id: 1, logo: '/crests/competition/1.svg' });
      expect(data.season).toEqual({ season_id: world.season, name: '2025/26', kind: 'regular', rules: 'super-lig' });
      expect(data.round).toBe('Matchday 1');
      expect(data.note).toBeNull();
      expect(data.score_details).toEqual({
        periods: [
          { label: 'h1', score: [1, 1] },
          { label: 'h2', score: [1, 0] },
        ],
        final: [2, 1],
      });
      expect(data.events.map((event) => [event.minute, event.added_minute, event.type, event.player])).toEqual([
        [23, null, 0, 'Mauro Icardi'],
        [30, null, 2, 'Fred'],
        [45, 2, 15, 'Davinson Sánchez'],
        [78, null, 0, 'Mauro Icardi'],
        [80, null, 8, 'Dries Mertens'],
      ]);
      expect(data.events[0]).toMatchObject({ side: 'home', related_player: 'Lucas Torreira' });
      expect(data.events[3]?.detail).toBe('penalty');
      expect(data.stats).toEqual({ kind: 'football', possession: [55, 45], shots_on: [6, 3], corners: [7, 2] });
      expect(data.momentum).toEqual([
        { minute: 1, home: 3, away: 0 },
        { minute: 2, home: 1, away: 4 },
      ]);
    });

    it('overview: competition names follow the Language header', async () => {
      const tr = answer(1, FootballOverviewDataSchema).parse((await get(`/api/match/football/${MC.m1}/overview`)).body).data;
      const en = answer(1, FootballOverviewDataSchema).parse(
        (await get(`/api/match/football/${MC.m1}/overview`, { language: 'en' })).body,
      ).data;
      expect(en.competition.name).toBe('Turkish Süper Lig');
      expect(tr.competition.name).not.toBe(en.competition.name);
    });

    it('overview of a match decided in extra time: halves, extra time, and the score after it', async () => {
      const data = answer(1, FootballOverviewDataSchema).parse((await get(`/api/match/football/${MC.cup}/overview`)).body).data;
      expect(data.score_details).toEqual({
        periods: [
          { label: 'h1', score: [0, 1] },
          { label: 'h2', score: [1, 0] },
          { label: 'et', score: [1, 0] },
        ],
        final: [2, 1],
      });
      expect(data.events).toEqual([]);
      expect(data.stats).toBeNull();
      expect(data.season).toBeNull();
    });

    it('events: the timeline alone', async () => {
      const data = answer(1, EventsDataSchema).parse((await get(`/api/match/football/${MC.m1}/events`)).body).data;
      expect(data.events).toHaveLength(5);
      expect(data.events[4]).toEqual({
        type: 8,
        minute: 80,
        added_minute: null,
        side: 'home',
        player: 'Dries Mertens',
        related_player: 'Barış Alper Yılmaz',
        detail: null,
      });
    });

    it('statistics: as the feed sent them, and empty for a match without any', async () => {
      const m1 = answer(1, StatisticsDataSchema).parse((await get(`/api/match/football/${MC.m1}/statistics`)).body).data;
      expect(m1.stats).toMatchObject({ kind: 'football', possession: [55, 45] });
      expect(m1.momentum).toHaveLength(2);
      const m3 = answer(1, StatisticsDataSchema).parse((await get(`/api/match/football/${MC.m3}/statistics`)).body).data;
      expect(m3).toEqual({ stats: null, momentum: [] });
    });

    it('lineups: formation and players of each side, null sides when there are none', async () => {
      const m1 = answer(1, LineupsDataSchema).parse((await get(`/api/match/football/${MC.m1}/lineups`)).body).data;
      expect(m1.home?.formation).toBe('4-2-3-1');
      expect(m1.home?.players.map((player) => player.name)).toContain('Barış Alper Yılmaz');
      expect(m1.away?.players).toHaveLength(2);
      const m3 = answer(1, LineupsDataSchema).parse((await get(`/api/match/football/${MC.m3}/lineups`)).body).data;
      expect(m3).toEqual({ home: null, away: null });
    });

    it('players: those with statistics, by goals, then assists, then shots', async () => {
      const data = answer(1, PlayersDataSchema).parse((await get(`/api/match/football/${MC.m1}/players`)).body).data;
      expect(data.home.map((player) => player.name)).toEqual(['Mauro Icardi', 'Lucas Torreira', 'Dries Mertens', 'Davinson Sánchez']);
      expect(data.away.map((player) => player.name)).toEqual(['Edin Džeko', 'Fred']);
    });

    it("h2h: the last 10 finished meetings newest first, counted from the home team's side, and each team's form", async () => {
      const data = answer(1, H2hDataSchema).parse((await get(`/api/match/football/${MC.m7}/h2h`)).body).data;
      // m5 this season, then the hand-made meetings h0…h8; the cancelled one and h9, h10 are not among them.
      expect(data.meetings.map((meeting) => meeting.match_id)).toEqual([MC.m5, ...MC.h.slice(0, 9)]);
      expect(data.meetings.map((meeting) => meeting.outcome).join('')).toBe('WDWLWDWDLW');
      expect(data.summary).toEqual({ home_wins: 5, draws: 3, away_wins: 2 });
      expect(data.meetings[3]).toMatchObject({ competition_id: 7, home_team_id: TEAMS.ts, a0: 2, b0: 1, outcome: 'L' });
      expect(data.home_form.map((match) => [match.match_id, match.outcome])).toEqual([
        [MC.m5, 'W'],
        [MC.m3, 'L'],
        [MC.m1, 'W'],
        [MC.h[0], 'D'],
        [MC.h[1], 'W'],
      ]);
      expect(data.away_form.map((match) => [match.match_id, match.outcome])).toEqual([
        [MC.m5, 'L'],
        [MC.m6, 'L'],
        [MC.m2, 'L'],
        [MC.h[0], 'D'],
        [MC.h[1], 'L'],
      ]);
      expect(data.away_form[1]?.note).toBe('awarded');
    });

    it("standings: the season's table by its own tie-break chain, with the deduction, the two teams highlighted", async () => {
      const data = answer(1, StandingsAnswerDataSchema).parse((await get(`/api/match/football/${MC.m1}/standings`)).body).data;
      const standings = data.standings!;
      // Süper Lig: head-to-head before goal difference — Galatasaray beat Fenerbahçe, who have the better difference.
      expect(tableOf(standings)).toEqual([
        [1, 'Galatasaray', 3, 2, 0, 1, 4, 2, 2, 6],
        [2, 'Fenerbahçe', 3, 2, 0, 1, 6, 3, 3, 6],
        [3, 'Beşiktaş', 3, 2, 0, 1, 5, 2, 3, 2],
        [4, 'Trabzonspor', 3, 0, 0, 3, 0, 8, -8, 0],
      ]);
      expect(standings.rows[2]).toMatchObject({ deducted: 4, team_logo: `/crests/team/${TEAMS.bjk}.svg` });
      expect(standings.deductions).toEqual([
        expect.objectContaining({ team_id: TEAMS.bjk, team_name: 'Beşiktaş', points: 4, reason: 'Financial fair play' }),
      ]);
      expect(standings.season).toMatchObject({ season_id: world.season, rules: 'super-lig' });
      expect(standings.played_matches).toBe(6);
      expect(standings.total_matches).toBe(8);
      expect(standings.last_result_time).toBe(mcAt(-7, 17));
      expect(standings.highlight).toEqual([TEAMS.gs, TEAMS.fb]);
    });

    it("standings of a match of no season: the competition's latest season with results", async () => {
      const data = answer(1, StandingsAnswerDataSchema).parse((await get(`/api/match/football/${MC.live}/standings`)).body).data;
      expect(data.standings?.season.season_id).toBe(world.season);
      expect(data.standings?.highlight).toEqual([TEAMS.gs, TEAMS.bjk]);
    });

    it('standings of a cup tie: none', async () => {
      const data = answer(1, StandingsAnswerDataSchema).parse((await get(`/api/match/football/${MC.cup}/standings`)).body).data;
      expect(data).toEqual({ standings: null });
    });
  });

  describe('basketball match tabs', () => {
    it('overview: points by quarter and overtime, and the team box score', async () => {
      const { status, body } = await get(`/api/match/basketball/${MC.b1}/overview`);
      expect(status).toBe(200);
      const data = answer(0, BasketballOverviewDataSchema).parse(body).data;
      expect(data.match).toMatchObject({ match_id: MC.b1, status_id: 10, a0: 112, b0: 108, home_team_name: 'Los Angeles Lakers' });
      expect(data.score_details).toEqual({
        periods: [
          { label: 'q1', score: [30, 25] },
          { label: 'q2', score: [28, 30] },
          { label: 'q3', score: [26, 27] },
          { label: 'q4', score: [20, 22] },
          { label: 'ot', score: [8, 4] },
        ],
        final: [112, 108],
      });
      expect(data.stats).toEqual({ kind: 'basketball', rebounds: [44, 40], assists: [25, 21] });
      expect(data.season?.name).toBe('2025-26');
    });

    it('statistics, lineups and players (by points, then rebounds)', async () => {
      const statistics = answer(0, StatisticsDataSchema).parse((await get(`/api/match/basketball/${MC.b1}/statistics`)).body).data;
      expect(statistics.stats).toMatchObject({ kind: 'basketball', rebounds: [44, 40] });
      const lineups = answer(0, LineupsDataSchema).parse((await get(`/api/match/basketball/${MC.b1}/lineups`)).body).data;
      expect(lineups.home?.players).toHaveLength(3);
      const players = answer(0, PlayersDataSchema).parse((await get(`/api/match/basketball/${MC.b1}/players`)).body).data;
      expect(players.home.map((player) => player.name)).toEqual(['Luka Dončić', 'LeBron James', 'Austin Reaves']);
      expect(players.away.map((player) => player.name)).toEqual(['Jayson Tatum']);
    });

    it('h2h and standings: wins decide, no draws', async () => {
      const h2h = answer(0, H2hDataSchema).parse((await get(`/api/match/basketball/${MC.b1}/h2h`)).body).data;
      expect(h2h.meetings.map((meeting) => meeting.match_id)).toEqual([MC.b0]);
      expect(h2h.summary).toEqual({ home_wins: 0, draws: 0, away_wins: 1 });
      expect(h2h.home_form.map((match) => [match.match_id, match.outcome])).toEqual([
        [MC.b2, 'W'],
        [MC.b0, 'L'],
      ]);
      expect(h2h.meetings[0]?.ht).toBeNull();
      const standings = answer(0, StandingsAnswerDataSchema).parse((await get(`/api/match/basketball/${MC.b1}/standings`)).body).data
        .standings!;
      expect(standings.rows.map((row) => [row.team_name, row.won, row.lost, row.points])).toEqual([
        ['Los Angeles Lakers', 2, 1, 5],
        ['Boston Celtics', 1, 1, 3],
        ['New York Knicks', 0, 1, 1],
      ]);
      expect(standings.season.rules).toBe('basketball');
    });
  });

  describe('competition and team pages', () => {
    it('competition: seasons newest first, the newest selected, its table, fixtures, results and top scorers', async () => {
      const { status, body } = await get('/api/competition/1');
      expect(status).toBe(200);
      const data = answer(1, CompetitionPageDataSchema).parse(body).data;
      expect(data.competition).toMatchObject({ competition_id: 1, logo: '/crests/competition/1.svg' });
      expect(data.seasons.map((season) => season.name)).toEqual(['2025/26', '2024/25']);
      expect(data.season?.season_id).toBe(world.season);
      expect(data.standings?.rows.map((row) => row.team_name)).toEqual(['Galatasaray', 'Fenerbahçe', 'Beşiktaş', 'Trabzonspor']);
      expect(data.standings?.highlight).toEqual([]);
      // Today's live match of a simulated day (no season) comes first: the competition's matches, whatever their season.
      expect(data.fixtures.map((match) => match.match_id)).toEqual([MC.live, MC.m8, MC.m7]);
      // The competition's latest results, newest first: this season's, then older ones (any season, or none).
      expect(data.results.slice(0, 6).map((match) => match.match_id)).toEqual([MC.m5, MC.m6, MC.m3, MC.m4, MC.m1, MC.m2]);
      expect(data.results.slice(6).every((match) => match.match_time < data.results[5]!.match_time)).toBe(true);
      expect(data.results[1]).toMatchObject({ note: 'awarded', outcome: null, a0: 3, b0: 0 });
      // Own goals credit no one; the goal VAR took back does not count.
      expect(data.top_scorers).toEqual([
        { player: 'Edin Džeko', team_id: TEAMS.fb, team_name: 'Fenerbahçe', goals: 3, penalties: 0 },
        { player: 'Mauro Icardi', team_id: TEAMS.gs, team_name: 'Galatasaray', goals: 2, penalties: 1 },
      ]);
    });

    it('competition: an older season on request', async () => {
      const data = answer(1, CompetitionPageDataSchema).parse((await get(`/api/competition/1?season=${world.lastSeason}`)).body).data;
      expect(data.season?.name).toBe('2024/25');
      expect(data.results.map((match) => match.match_id)).toEqual([MC.lastSeason]);
      expect(data.fixtures).toEqual([]);
      expect(data.top_scorers).toEqual([]);
      expect(tableOf(data.standings!)).toEqual([
        [1, 'Galatasaray', 1, 1, 0, 0, 1, 0, 1, 3],
        [2, 'Beşiktaş', 1, 0, 0, 1, 0, 1, -1, 0],
      ]);
    });

    it('competition without seasons or a table (the cup): its matches, no standings', async () => {
      const data = answer(1, CompetitionPageDataSchema).parse((await get('/api/competition/7')).body).data;
      expect(data.seasons).toEqual([]);
      expect(data.season).toBeNull();
      expect(data.standings).toBeNull();
      expect(data.results.map((match) => match.match_id)).toEqual([MC.cup, MC.h[2]]);
    });

    it('competition standings: a season on request, teams highlighted, basketball with code 0', async () => {
      const football = answer(1, StandingsAnswerDataSchema).parse(
        (await get(`/api/competition/1/standings?season=${world.season}&highlight=${TEAMS.ts}`)).body,
      ).data;
      expect(football.standings?.rows).toHaveLength(4);
      expect(football.standings?.rows[0]).toMatchObject({
        position: 1,
        team_name: 'Galatasaray',
        played: 3,
        won: 2,
        drawn: 0,
        lost: 1,
        goals_for: 4,
        goals_against: 2,
        goal_difference: 2,
        points: 6,
      });
      expect(football.standings?.highlight).toEqual([TEAMS.ts]);
      const basketball = answer(0, StandingsAnswerDataSchema).parse((await get('/api/competition/101/standings')).body).data;
      expect(basketball.standings?.season.season_id).toBe(world.nbaSeason);
      const cup = answer(1, StandingsAnswerDataSchema).parse((await get('/api/competition/7/standings')).body).data;
      expect(cup).toEqual({ standings: null });
    });

    it('team: its competitions (hot first), next matches, last 10 results from its side', async () => {
      const { status, body } = await get(`/api/team/${TEAMS.gs}`);
      expect(status).toBe(200);
      const data = answer(1, TeamPageDataSchema).parse(body).data;
      expect(data.team).toEqual({
        team_id: TEAMS.gs,
        name: 'Galatasaray',
        short_name: data.team.short_name,
        logo: `/crests/team/${TEAMS.gs}.svg`,
        sport: 'football',
      });
      expect(data.competitions.map((competition) => competition.competition_id)).toEqual([1, 7]);
      // The team's live match first (GS – BJK today), then its next one.
      expect(data.fixtures.map((match) => match.match_id)).toEqual([MC.live, MC.m7]);
      expect(data.results.map((match) => [match.match_id, match.outcome])).toEqual([
        [MC.m5, 'W'],
        [MC.m3, 'L'],
        [MC.m1, 'W'],
        [MC.h[0], 'D'],
        [MC.h[1], 'W'],
        [MC.h[2], 'L'],
        [MC.h[3], 'W'],
        [MC.h[4], 'D'],
        [MC.h[5], 'W'],
        [MC.lastSeason, 'W'],
      ]);
      const lakers = answer(0, TeamPageDataSchema).parse((await get(`/api/team/${TEAMS.lakers}`)).body).data;
      expect(lakers.team.sport).toBe('basketball');
      expect(lakers.competitions.map((competition) => competition.competition_id)).toEqual([101]);
    });
  });

  describe('errors', () => {
    it.each([
      '/api/match/football/999/overview',
      '/api/match/football/abc/overview',
      '/api/match/football/99999999999/h2h',
      `/api/match/football/${MC.b1}/overview`,
      `/api/match/basketball/${MC.m1}/statistics`,
      `/api/match/basketball/${MC.m1}/standings`,
    ])('%s answers 404 "match not found"', async (url) => {
      const { status, body } = await get(url, { language: 'en' });
      expect(status).toBe(404);
      expect(ErrorBodySchema.parse(body)).toEqual({ code: 404, message: 'Match not found', data: { error: 'NOT_FOUND' } });
    });

    it('unknown competitions, seasons and teams answer 404 in the reader’s language', async () => {
      expect((await get('/api/competition/424242', { language: 'en' })).body).toEqual({ code: 404, message: 'Competition not found', data: { error: 'NOT_FOUND' } });
      expect((await get('/api/competition/x/standings', { language: 'en' })).body).toMatchObject({ code: 404, message: 'Competition not found' });
      expect((await get(`/api/competition/1?season=${world.nbaSeason}`, { language: 'en' })).body).toEqual({
        code: 404,
        message: 'This competition has no such season',
        data: { error: 'NOT_FOUND' },
      });
      expect((await get('/api/team/999999')).body).toEqual({ code: 404, message: 'Takım bulunamadı', data: { error: 'NOT_FOUND' } });
    });

    it('a match older than three months answers 410 DETAIL_EXPIRED, translated', async () => {
      for (const tab of ['overview', 'events', 'statistics', 'lineups', 'h2h', 'standings', 'players']) {
        const { status, body } = await get(`/api/match/football/${MC.old}/${tab}`, { language: 'en' });
        expect(status).toBe(410);
        expect(body).toEqual({
          code: 410,
          message: 'Matches older than three months do not support detail viewing',
          data: { error: 'DETAIL_EXPIRED' },
        });
      }
      expect((await get(`/api/match/football/${MC.old}/overview`)).body).toMatchObject({
        message: 'Üç aydan eski maçlar için ayrıntı görüntülenemez',
      });
      expect((await get(`/api/match/football/${MC.old}/overview`, { language: 'zh' })).body).toMatchObject({
        message: '三个月前的比赛不支持查看详情',
      });
      // Three calendar months less a day: still shown. The header read of the live-score API is not affected.
      expect((await get(`/api/match/football/${MC.almostOld}/overview`)).status).toBe(200);
      expect((await get(`/api/match/football/${MC.old}`)).status).toBe(200);
    });

    it.each([
      '/api/competition/1?season=abc',
      '/api/competition/1?season=0',
      '/api/competition/1/standings?highlight=gs',
    ])('%s answers 400 with a translated message per field', async (url) => {
      const { status, body } = await get(url, { language: 'en' });
      expect(status).toBe(400);
      const parsed = ErrorBodySchema.parse(body);
      expect(parsed.message).toBe('The request is not valid');
      expect(parsed.data).toEqual({ error: 'VALIDATION', fields: [expect.objectContaining({ field: expect.stringMatching(/season|highlight/) })] });
    });
  });

  it('a finished match goes out as the same bytes to every reader', async () => {
    const first = await get(`/api/match/football/${MC.m1}/overview`);
    const second = await get(`/api/match/football/${MC.m1}/overview`);
    expect(second.raw).toBe(first.raw);
    expect(JSON.parse(second.raw)).toMatchObject({ code: 1, msg: 'success' });
  });

  it('documents every route in OpenAPI with its tag, parameters and answers', async () => {
    const { db } = database.current;
    const full = await buildApp({
      db,
      matches: createMatchService({ db }),
      matchCentre: createMatchCentreService({ db, now: () => MC_NOW_MS }),
      publicConfig: PUBLIC_CONFIG,
    });
    try {
      const docs = (await full.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, { get?: { tags?: string[]; responses?: Record<string, unknown>; parameters?: { name: string }[] } }>;
      };
      const tabs = {
        football: ['overview', 'events', 'statistics', 'lineups', 'h2h', 'standings', 'players'],
        basketball: ['overview', 'statistics', 'lineups', 'h2h', 'standings', 'players'],
      };
      for (const [sport, names] of Object.entries(tabs)) {
        for (const tab of names) {
          const operation = docs.paths[`/api/match/${sport}/{id}/${tab}`]?.get;
          expect(operation?.tags, `${sport} ${tab}`).toEqual(['match centre']);
          expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '404', '410']);
        }
      }
      expect(docs.paths['/api/competition/{id}']?.get?.parameters?.map((parameter) => parameter.name).sort()).toEqual(['id', 'season']);
      expect(docs.paths['/api/competition/{id}/standings']?.get?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
        'highlight',
        'id',
        'season',
      ]);
      expect(docs.paths['/api/team/{id}']?.get?.tags).toEqual(['match centre']);
      // The full app serves the match centre it is given.
      expect((await full.inject({ method: 'GET', url: `/api/match/football/${MC.m1}/overview` })).statusCode).toBe(200);
    } finally {
      await full.close();
    }
  });
});
