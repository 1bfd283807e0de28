import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FootballOverviewData, H2hData, StandingsData } from '../../../core/contracts/match-centre';
import { seedCatalog } from '../../catalog/seed-catalog';
import type { MatchWrites } from '../matches/match-writes';
import { createMatchWrites } from '../matches/match-writes';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { insertDeduction, MC, MC_NOW_MS, seedMatchCentreWorld, TEAMS, type McWorld } from '../../test-support/match-centre-data';
import { createLoadContextFactory } from '../../web/ssr';
import { getUserInfo } from '../account/user-info';
import { createMatchService } from '../matches/matches.service';
import { createMatchCentreService, toMatchCentreReads, type MatchCentreService } from './match-centre.service';
import { footballScoreDetails, standingGoals } from '../../../core/match/score-details';

describe.each(TEST_DATABASE_KINDS)('match centre service on %s', (kind) => {
  const database = useTestDatabase(kind);
  let service: MatchCentreService;
  let sink: MatchWrites;
  let world: McWorld;

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    // The feed's clock moves on with every update, as a real one does.
    let clock = MC_NOW_MS;
    sink = createMatchWrites({ db, publish: capturePublishes().publish, now: () => (clock += 1000) });
    world = await seedMatchCentreWorld(db, sink);
    service = createMatchCentreService({ db, now: () => MC_NOW_MS });
  });

  it('answers null for an unknown match or one of the other sport, and expired past three months', async () => {
    const notFound = { code: 'NOT_FOUND', status: 404 };
    await expect(service.getFootballOverview({ matchId: 1 })).rejects.toMatchObject({ ...notFound, messageKey: 'api.match.notFound' });
    await expect(service.getFootballOverview({ matchId: MC.b1 })).rejects.toMatchObject(notFound);
    await expect(service.getStatistics({ sport: 'basketball', matchId: MC.m1 })).rejects.toMatchObject(notFound);
    const expired = { code: 'DETAIL_EXPIRED', status: 410 };
    await expect(service.getFootballOverview({ matchId: MC.old })).rejects.toMatchObject(expired);
    await expect(service.getMatchStandings({ sport: 'football', matchId: MC.old })).rejects.toMatchObject(expired);
    await expect(service.getCompetitionPage({ competitionId: 1, seasonId: world.nbaSeason })).rejects.toMatchObject({
      ...notFound,
      messageKey: 'api.season.notFound',
    });
    await expect(service.getCompetitionPage({ competitionId: 999_999 })).rejects.toMatchObject({ ...notFound, messageKey: 'api.competition.notFound' });
    await expect(service.getTeamPage({ teamId: 999_999 })).rejects.toMatchObject({ ...notFound, messageKey: 'api.team.notFound' });
    // The web app's loaders read the same answers as values: null for nothing, 'expired' past three months.
    const reads = toMatchCentreReads(service);
    expect(await reads.footballOverview({ matchId: 1 })).toBeNull();
    expect(await reads.footballOverview({ matchId: MC.old })).toBe('expired');
    expect(await reads.competitionPage({ competitionId: 1, seasonId: world.nbaSeason })).toBeNull();
    expect(await reads.teamPage({ teamId: 999_999 })).toBeNull();
  });

  it("serves a finished match's overview from memory until the feed corrects it", async () => {
    const first = await service.getFootballOverview({ matchId: MC.m1 });
    const second = await service.getFootballOverview({ matchId: MC.m1 });
    expect(second).toBe(first);
    // Another language is another answer (competition names), cached on its own.
    const english = await service.getFootballOverview({ matchId: MC.m1, locale: 'en' });
    expect(english).not.toBe(first);
    expect(await service.getFootballOverview({ matchId: MC.m1, locale: 'en' })).toBe(english);

    // A late correction: a red card shown after the final whistle.
    await sink.applyUpdate({
      matchId: MC.m1,
      sport: 'football',
      statusId: 8,
      homeScore: 2,
      awayScore: 1,
      red: [0, 1],
      kind: 'others',
      events: [{ seq: 5, type: 3, minute: 90, addedMinute: 5, side: 'away', player: 'Fred' }],
    });
    const corrected = await service.getFootballOverview({ matchId: MC.m1 });
    expect(corrected).not.toBe(first);
    expect(corrected.match.red).toEqual([0, 1]);
    expect(corrected.events.at(-1)).toMatchObject({ type: 3, minute: 90, added_minute: 5, player: 'Fred' });
    expect(await service.getFootballOverview({ matchId: MC.m1 })).toBe(corrected);
  });

  it('reads a live match fresh: a new goal shows at once', async () => {
    const before: FootballOverviewData = await service.getFootballOverview({ matchId: MC.live });
    expect([before.match.a0, before.match.b0]).toEqual([1, 0]);
    await sink.applyUpdate({
      matchId: MC.live,
      sport: 'football',
      statusId: 4,
      homeScore: 2,
      awayScore: 0,
      kind: 'score',
      events: [{ seq: 1, type: 0, minute: 61, side: 'home', player: 'Victor Osimhen' }],
      stats: { kind: 'football', possession: [60, 40] },
    });
    const after = await service.getFootballOverview({ matchId: MC.live });
    expect([after.match.a0, after.match.b0, after.match.status_id]).toEqual([2, 0, 4]);
    expect(after.events.map((event) => event.player)).toEqual(['Mauro Icardi', 'Victor Osimhen']);
    expect(after.stats?.possession).toEqual([60, 40]);
    const statistics = await service.getStatistics({ sport: 'football', matchId: MC.live });
    expect(statistics.stats).toEqual({ kind: 'football', possession: [60, 40] });
  });

  it("keeps a coming match's head-to-head until a result of either team comes in", async () => {
    const first: H2hData = await service.getH2h({ sport: 'football', matchId: MC.m7 });
    expect(await service.getH2h({ sport: 'football', matchId: MC.m7 })).toBe(first);
    expect(first.home_form[0]?.match_id).toBe(MC.m5);
    // Galatasaray's live match today ends before m7 kicks off: it leads their form now.
    await sink.applyUpdate({ matchId: MC.live, sport: 'football', statusId: 8, homeScore: 2, awayScore: 0, kind: 'score' });
    const after = await service.getH2h({ sport: 'football', matchId: MC.m7 });
    expect(after.home_form.map((match) => [match.match_id, match.outcome])[0]).toEqual([MC.live, 'W']);
    expect(after.home_form).toHaveLength(5);
    expect(after.meetings).toEqual(first.meetings);
  });

  it('refreshes standings after a new result and after a deduction', async () => {
    const { db } = database.current;
    const first = (await service.getMatchStandings({ sport: 'football', matchId: MC.m1 })).standings!;
    expect((await service.getMatchStandings({ sport: 'football', matchId: MC.m1 })).standings).toBe(first);
    expect(first.rows.map((row) => [row.team_name, row.points])).toEqual([
      ['Galatasaray', 6],
      ['Fenerbahçe', 6],
      ['Beşiktaş', 2],
      ['Trabzonspor', 0],
    ]);

    await sink.applyUpdate({ matchId: MC.m8, sport: 'football', statusId: 8, homeScore: 1, awayScore: 0, kind: 'score' });
    const afterResult: StandingsData = (await service.getMatchStandings({ sport: 'football', matchId: MC.m1 })).standings!;
    expect(afterResult.rows.map((row) => [row.team_name, row.played, row.points])).toEqual([
      ['Fenerbahçe', 4, 9],
      ['Galatasaray', 3, 6],
      ['Beşiktaş', 3, 2],
      ['Trabzonspor', 4, 0],
    ]);
    expect(afterResult.played_matches).toBe(7);
    expect(afterResult.highlight).toEqual([TEAMS.gs, TEAMS.fb]);

    // Deductions move no list version; the season's digest still sees them.
    await insertDeduction(db, { seasonId: world.season, teamId: TEAMS.fb, points: 6, reason: 'Unpaid wages' });
    const afterDeduction = (await service.getMatchStandings({ sport: 'football', matchId: MC.m1 })).standings!;
    expect(afterDeduction.rows.map((row) => [row.team_name, row.points, row.deducted])).toEqual([
      ['Galatasaray', 6, 0],
      ['Fenerbahçe', 3, 6],
      ['Beşiktaş', 2, 4],
      ['Trabzonspor', 0, 0],
    ]);
    const { page } = await service.getCompetitionPage({ competitionId: 1 });
    expect(page.standings?.rows[1]).toMatchObject({ team_name: 'Fenerbahçe', points: 3 });
  });

  it('is what the web app finds in its load context', async () => {
    const { db } = database.current;
    const loadContext = createLoadContextFactory({
      getUserInfo: (userId) => getUserInfo(db, { userId }),
      pages: [{ reads: { matches: createMatchService({ db }), matchCentre: toMatchCentreReads(service) } }],
      config: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
    });
    const context = await loadContext({ user: null } as unknown as FastifyRequest);
    const team = await context.matchCentre.teamPage({ teamId: TEAMS.lakers });
    expect(team?.team.name).toBe('Los Angeles Lakers');
  });
});

describe('score details', () => {
  const columns = { homeScore: 2, awayScore: 1, htHome: 0, htAway: 1, etHome: 2, etAway: 1, penHome: null, penAway: null };

  it('reads the regular-time score from the goals when the match score runs on through extra time', () => {
    const events = [
      { type: 0, minute: 30, side: 'away' as const, detail: null },
      { type: 15, minute: 70, side: 'home' as const, detail: null },
      { type: 0, minute: 105, side: 'home' as const, detail: null },
    ];
    expect(footballScoreDetails(columns, events)).toEqual({
      periods: [
        { label: 'h1', score: [0, 1] },
        { label: 'h2', score: [1, 0] },
        { label: 'et', score: [1, 0] },
      ],
      final: [2, 1],
    });
  });

  it('leaves out what it cannot know, and adds the shoot-out', () => {
    const details = footballScoreDetails({ ...columns, penHome: 4, penAway: 3 }, []);
    expect(details).toEqual({ periods: [{ label: 'h1', score: [0, 1] }, { label: 'pen', score: [4, 3] }], final: [2, 1] });
  });

  it('gives an awarded match its first half as played and no second half made up from the awarded score', () => {
    // Abandoned at 1-0 in the second half, awarded 3-0: "2nd half 2-0" was never played.
    const awarded = { homeScore: 3, awayScore: 0, htHome: 1, htAway: 0, etHome: null, etAway: null, penHome: null, penAway: null };
    expect(footballScoreDetails(awarded, [], { awarded: true })).toEqual({ periods: [{ label: 'h1', score: [1, 0] }], final: [3, 0] });
    expect(footballScoreDetails({ ...awarded, htHome: null, htAway: null }, [], { awarded: true })).toEqual({ periods: [], final: [3, 0] });
    // The same numbers for a match that was played out do have a second half.
    expect(footballScoreDetails(awarded, []).periods.map((period) => period.label)).toEqual(['h1', 'h2']);
  });

  it("takes back the latest goal of the side VAR ruled out", () => {
    const goals = standingGoals([
      { type: 0, minute: 10, side: 'home' as const, detail: null, player: 'A' },
      { type: 0, minute: 20, side: 'away' as const, detail: null, player: 'B' },
      { type: 0, minute: 30, side: 'home' as const, detail: null, player: 'C' },
      { type: 24, minute: 32, side: 'home' as const, detail: 'no goal', player: null },
      { type: 24, minute: 50, side: 'away' as const, detail: 'goal', player: null },
    ]);
    expect(goals.map((goal) => goal.player)).toEqual(['A', 'B']);
  });
});
