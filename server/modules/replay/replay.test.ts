import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveMessageSchema, type LiveMessage } from '../../../core/contracts/matches';
import { buildApp } from '../../app';
import { seedCatalog } from '../../catalog/seed-catalog';
import { matchLineups, matchStats } from '../../db/schema/match-centre';
import { matchEvents } from '../../db/schema/match-events';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { createMatchWrites } from '../matches/match-writes';
import { createEmbeddedBroker } from '../../live/embedded';
import { connectTestClient } from '../../live/live-test-clients';
import { playReplay, ReplayApiError } from '../../feed/replay/replay-client';
import { toReplayUpdateBody } from '../../feed/replay/replay-step';
import { buildStatsbombReplay, type StatsbombReplay } from '../../feed/replay/statsbomb/build-statsbomb-replay';
import { readStatsbombSample, STATSBOMB_SAMPLES } from '../../feed/replay/statsbomb/statsbomb-fixtures';
import { parseStatsbombEvents, parseStatsbombLineups } from '../../feed/replay/statsbomb/statsbomb-schema';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes, type CapturedPublish } from '../../test-support/live-capture';
import { createTestUser } from '../../test-support/users';
import { createMatchService } from '../matches/matches.service';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

const LA_LIGA = 3;
const FC_BARCELONA = 44;
const DEPORTIVO_ALAVES = 42;
const GIRONA_FC = 46;

function sampleReplay(sample: keyof typeof STATSBOMB_SAMPLES): StatsbombReplay {
  const files = STATSBOMB_SAMPLES[sample];
  return buildStatsbombReplay({
    events: parseStatsbombEvents(JSON.parse(readStatsbombSample(files.events))),
    lineups: parseStatsbombLineups(JSON.parse(readStatsbombSample(files.lineups))),
  });
}

/** The live messages published about one match, in order. */
function messagesOf(published: readonly CapturedPublish[], matchId: number): (LiveMessage & { topic: string })[] {
  return published
    .map((entry) => ({ topic: entry.topic, ...LiveMessageSchema.parse(JSON.parse(entry.payload)) }))
    .filter((message) => message.data.match_id === matchId);
}

describe.each(TEST_DATABASE_KINDS)('staff replays on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let origin: string;
  let published: CapturedPublish[];
  let staff: TestUser;
  let fan: TestUser;

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const live = capturePublishes();
    published = live.published;
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      feedSink: createMatchWrites({ db, publish: live.publish }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    staff = await createTestUser(db, { role: 'staff' });
    fan = await createTestUser(db);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call(url: string, user: TestUser | null, body: unknown, language = 'en') {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { language, ...(user ? { token: user.token } : {}) },
      payload: body as object,
    });
    return { status: response.statusCode, body: response.json() };
  }

  it('a StatsBomb match replayed at full speed ends with the real score and the real scorers', async () => {
    const { db } = database.current;
    const replay = sampleReplay('alaves');
    const progress: number[] = [];
    const played = await playReplay({
      server: origin,
      token: staff.token,
      speed: 0,
      competitionId: LA_LIGA,
      script: { homeTeam: replay.home.name, awayTeam: replay.away.name, lineups: replay.lineups, steps: replay.steps },
      onProgress: ({ applied }) => progress.push(applied),
    });
    expect(played).toMatchObject({ statusId: 8, score: [3, 0], createdTeams: [] });
    expect(progress[progress.length - 1]).toBe(replay.steps.length);

    // the match row: the real clubs of the catalogue, ended, 3-0, 0-0 at half time
    const [row] = await db.select().from(matches).where(eq(matches.id, played.matchId));
    expect(row).toMatchObject({
      sport: 'football',
      competitionId: LA_LIGA,
      homeTeamId: FC_BARCELONA,
      awayTeamId: DEPORTIVO_ALAVES,
      statusId: 8,
      homeScore: 3,
      awayScore: 0,
      htHome: 0,
      htAway: 0,
      yellowHome: 0,
      yellowAway: 2,
      cornerHome: 6,
      cornerAway: 1,
      externalKey: `replay:${played.matchId}`,
    });
    expect(played.matchId).toBeLessThan(10_000_000);
    expect(row!.kickOffTime).not.toBeNull();

    // the timeline holds the real goals and scorers, once each
    const events = await db.select().from(matchEvents).where(eq(matchEvents.matchId, played.matchId)).orderBy(asc(matchEvents.seq));
    const goals = events.filter((event) => event.type === 0).map((event) => [event.minute, event.addedMinute, event.side, event.player, event.relatedPlayer]);
    expect(goals).toEqual([
      [64, null, 'home', 'Lionel Messi', null],
      [83, null, 'home', 'Philippe Coutinho', 'Arthur'],
      [90, 2, 'home', 'Lionel Messi', 'Luis Suárez'],
    ]);
    const sent = replay.steps.reduce((count, step) => count + (step.update.events?.length ?? 0), 0);
    expect(events).toHaveLength(sent);
    expect(events.filter((event) => event.type === 8)).toHaveLength(6);

    // both lineups, with what the players did
    const lineups = await db.select().from(matchLineups).where(eq(matchLineups.matchId, played.matchId)).orderBy(asc(matchLineups.side));
    expect(lineups.map((lineup) => [lineup.side, lineup.formation, lineup.players.length, lineup.players.filter((player) => player.starter).length])).toEqual([
      ['away', '4-1-4-1', 17, 11],
      ['home', '4-4-2', 18, 11],
    ]);
    const messi = lineups[1]!.players.find((player) => player.name === 'Lionel Messi');
    expect(messi).toMatchObject({ number: 10, starter: true, stats: { goals: 2 } });

    // statistics and momentum
    const [stats] = await db.select().from(matchStats).where(eq(matchStats.matchId, played.matchId));
    expect(stats!.stats).toMatchObject({ kind: 'football', corners: [6, 1], yellow_cards: [0, 2], shots_on: [9, 0] });
    expect(stats!.momentum.map((entry) => entry.minute)).toEqual(Array.from({ length: 90 }, (_, index) => index + 1));

    // the live channel carried the match from the lineups to the final whistle
    // (its statistics and momentum went to the match's own topic, which only its open pages follow)
    const all = messagesOf(published, played.matchId);
    const messages = all.filter((message) => message.topic === 'football');
    const detailMessages = all.filter((message) => message.topic === `matches/football/${played.matchId}`);
    expect(messages.length + detailMessages.length).toBe(all.length);
    expect(messages.some((message) => message.data.stats !== undefined || message.data.momentum !== undefined)).toBe(false);
    expect(detailMessages.at(-1)?.data.stats).toMatchObject({ kind: 'football', corners: [6, 1] });
    expect(messages).toHaveLength(replay.steps.length + 1);
    expect(messages[0]!.data).toMatchObject({ status: 1, lineups_changed: true });
    expect(messages[1]).toMatchObject({ type: 'score', data: { status: 2, a0: 0, b0: 0 } });
    expect(messages[messages.length - 1]).toMatchObject({ type: 'score', data: { status: 8, a0: 3, b0: 0, ht: [0, 0], corner: [6, 1] } });
    const goalMessages = messages.filter((message) => message.data.events?.some((event) => event.type === 0));
    expect(goalMessages.map((message) => [message.data.a0, message.data.b0, message.data.events!.find((event) => event.type === 0)!.player])).toEqual([
      [1, 0, 'Lionel Messi'],
      [2, 0, 'Philippe Coutinho'],
      [3, 0, 'Lionel Messi'],
    ]);

    // and the public API shows the finished match like any other
    const detail = await app.inject({ method: 'GET', url: `/api/match/football/${played.matchId}`, headers: { language: 'en' } });
    expect(detail.json().data.match).toMatchObject({ status_id: 8, a0: 3, b0: 0, home_team_name: expect.any(String), ht: [0, 0] });
  });

  it('sets the clock of the half being played from the server clock', async () => {
    const replay = sampleReplay('girona');
    const created = await call('/api/staff/replays', staff, { sport: 'football', home_team: 'FC Barcelona', away_team: 'Girona FC', competition_id: LA_LIGA });
    const matchId = created.body.data.match_id as number;
    const kickOff = replay.steps.find((step) => step.update.halfPlayedSec === 600)!;
    const before = Math.floor(Date.now() / 1000);
    const answer = await call(`/api/staff/replays/${matchId}/updates`, staff, { updates: [toReplayUpdateBody(kickOff.update)] });
    expect(answer).toMatchObject({ status: 200, body: { code: 0, data: { match_id: matchId, applied: 1, status_id: 2, score: [0, 0] } } });
    const [row] = await database.current.db.select().from(matches).where(eq(matches.id, matchId));
    const kickOffTime = Math.floor(row!.kickOffTime!.getTime() / 1000);
    expect(kickOffTime).toBeGreaterThanOrEqual(before - 600);
    expect(kickOffTime).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 600);
  });

  it('files the match under the competition both teams last played in, and refuses when there is none', async () => {
    const { db } = database.current;
    const idOf = async (name: string) => (await db.select({ id: teams.id }).from(teams).where(eq(teams.name, name)))[0]!.id;
    const [realMadrid, atletico, sevilla] = [await idOf('Real Madrid CF'), await idOf('Club Atlético de Madrid'), await idOf('Sevilla FC')];
    const sink = createMatchWrites({ db, publish: capturePublishes().publish });
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    // Real and Atlético met in the Champions League after their last league matches.
    await sink.upsertFixtures([
      { matchId: 7_000_001, sport: 'football', competitionId: LA_LIGA, homeTeamId: realMadrid, awayTeamId: sevilla, matchTime: now - 10 * day },
      { matchId: 7_000_002, sport: 'football', competitionId: LA_LIGA, homeTeamId: atletico, awayTeamId: sevilla, matchTime: now - 9 * day },
      { matchId: 7_000_003, sport: 'football', competitionId: 6, homeTeamId: atletico, awayTeamId: realMadrid, matchTime: now - 2 * day },
      // a future match does not count as played
      { matchId: 7_000_004, sport: 'football', competitionId: LA_LIGA, homeTeamId: realMadrid, awayTeamId: atletico, matchTime: now + 5 * day },
    ]);
    const created = await call('/api/staff/replays', staff, { sport: 'football', home_team: 'Real Madrid CF', away_team: 'Club Atlético de Madrid', match_time: now - 3600 });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ competition_id: 6, home_team_id: realMadrid, away_team_id: atletico, match_time: now - 3600, created_teams: [] });
    // Sevilla only plays in La Liga
    const league = await call('/api/staff/replays', staff, { sport: 'football', home_team: 'Sevilla FC', away_team: 'Real Madrid CF' });
    expect(league.body.data.competition_id).toBe(LA_LIGA);

    // a club the catalogue does not know is created; with no shared competition the answer is 400
    const unknown = await call('/api/staff/replays', staff, { sport: 'football', home_team: 'Atlético Tribün', away_team: 'Sevilla FC' }, 'tr');
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 400, message: 'İki takımın birlikte oynadığı bir lig bulunamadı; lütfen competition_id verin', data: { error: 'REPLAY_NO_COMPETITION' } },
    });
    const named = await call('/api/staff/replays', staff, { sport: 'football', home_team: 'Atlético Tribün', away_team: 'Sevilla FC', competition_id: LA_LIGA });
    expect(named.body.data.created_teams).toEqual(['Atlético Tribün']);
    expect(named.body.data.home_team_id).toBe(await idOf('Atlético Tribün'));
  });

  it('refuses the signed-out (401), fans (403), unknown matches (404), other matches (409) and bad bodies (400)', async () => {
    const body = { sport: 'football', home_team: 'FC Barcelona', away_team: 'Girona FC', competition_id: LA_LIGA };
    expect((await call('/api/staff/replays', null, body)).status).toBe(401);
    expect((await call('/api/staff/replays', fan, body)).status).toBe(403);
    expect((await call('/api/staff/replays/5/updates', fan, { updates: [] })).status).toBe(403);
    const update = { status_id: 2, home_score: 0, away_score: 0, kind: 'score' };

    const missing = await call('/api/staff/replays/9999999/updates', staff, { updates: [update] }, 'zh');
    expect(missing).toMatchObject({ status: 404, body: { code: 404, message: '未找到比赛', data: { error: 'NOT_FOUND' } } });
    // a simulated (or imported) match is not a replay
    await createMatchWrites({ db: database.current.db, publish: capturePublishes().publish }).upsertFixtures([
      { matchId: 7_100_001, sport: 'football', competitionId: LA_LIGA, homeTeamId: FC_BARCELONA, awayTeamId: GIRONA_FC, matchTime: Math.floor(Date.now() / 1000) },
    ]);
    const other = await call('/api/staff/replays/7100001/updates', staff, { updates: [update] });
    expect(other).toMatchObject({ status: 409, body: { data: { error: 'NOT_A_REPLAY' } } });
    const [untouched] = await database.current.db.select().from(matches).where(eq(matches.id, 7_100_001));
    expect(untouched!.statusId).toBe(1);

    const same = await call('/api/staff/replays', staff, { ...body, away_team: 'FC Barcelona' });
    expect(same).toMatchObject({ status: 400, body: { data: { error: 'VALIDATION', fields: [{ field: 'away_team', message: 'The home and away teams must differ' }] } } });
    const noTeam = await call('/api/staff/replays', staff, { ...body, home_team: '  ' });
    expect(noTeam.body.data.fields).toEqual([{ field: 'home_team', message: 'Please enter the team name' }]);
    const basketball = await call('/api/staff/replays', staff, { ...body, sport: 'basketball' });
    expect(basketball.body.data.fields).toEqual([{ field: 'sport', message: 'Only football matches can be replayed for now' }]);
    const noCompetition = await call('/api/staff/replays', staff, { ...body, competition_id: 101 });
    expect(noCompetition).toMatchObject({ status: 400, body: { data: { fields: [{ field: 'competition_id', message: 'There is no football competition with this id' }] } } });

    const created = await call('/api/staff/replays', staff, body);
    const url = `/api/staff/replays/${created.body.data.match_id}/updates`;
    expect((await call(url, staff, { updates: [] })).body.data.fields).toEqual([{ field: 'updates', message: 'Please send at least one update' }]);
    const badStatus = await call(url, staff, { updates: [{ ...update, status_id: 6 }] });
    expect(badStatus).toMatchObject({ status: 400, body: { data: { fields: [{ field: 'updates.0.status_id', message: 'The match status must be 1, 2, 3, 4, 5, 7 or 8' }] } } });
    const badEvent = await call(url, staff, { updates: [{ ...update, events: [{ type: 99, minute: 1, added_minute: null, side: 'home', player: null, related_player: null, detail: null }] }] });
    expect(badEvent.status).toBe(400);
    // nothing of a refused batch was applied
    const [row] = await database.current.db.select().from(matches).where(eq(matches.id, created.body.data.match_id));
    expect(row!.statusId).toBe(1);
  });

  it('plays on time: a replay at speed 60 waits a second of real time per match minute, sending what is due together', async () => {
    const replay = sampleReplay('girona');
    // the first half and the break: the steps up to half time
    const steps = replay.steps.slice(0, replay.steps.findIndex((step) => step.update.statusId === 3) + 1);
    let clockMs = 1_000_000;
    const sleeps: number[] = [];
    const batches: number[] = [];
    let applied = 0;
    const played = await playReplay({
      server: origin,
      token: staff.token,
      speed: 60,
      competitionId: LA_LIGA,
      script: { homeTeam: replay.home.name, awayTeam: replay.away.name, steps },
      nowMs: () => clockMs,
      sleep: async (ms) => {
        sleeps.push(ms);
        clockMs += ms;
      },
      onProgress: (progress) => {
        batches.push(progress.applied - applied);
        applied = progress.applied;
      },
    });
    expect(played).toMatchObject({ statusId: 3, score: [1, 1] });
    // 2881 match seconds (45 minutes, 3 added, and a second) in 48 real seconds
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeCloseTo((steps[steps.length - 1]!.atSec * 1000) / 60, 6);
    expect(batches.reduce((sum, count) => sum + count, 0)).toBe(steps.length);
    // the kick-off is sent at once, with no wait before it
    expect(sleeps.length).toBe(batches.length - 1);

    // a client that wakes up late sends everything already due in one request
    const late: number[] = [];
    await playReplay({
      server: origin,
      token: staff.token,
      speed: 60,
      competitionId: LA_LIGA,
      script: { homeTeam: replay.home.name, awayTeam: replay.away.name, steps: steps.slice(0, 20) },
      nowMs: () => clockMs,
      sleep: async (ms) => {
        clockMs += ms + 5_000;
      },
      onProgress: (progress) => late.push(progress.applied),
    });
    expect(late[late.length - 1]).toBe(20);
    expect(late.length).toBeLessThan(20);
  });

  it('reports what the server refused to the replay client', async () => {
    const replay = sampleReplay('girona');
    const script = { homeTeam: replay.home.name, awayTeam: replay.away.name, steps: replay.steps.slice(0, 3) };
    const refused = await playReplay({ server: origin, token: fan.token, speed: 0, script }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ReplayApiError);
    expect(refused).toMatchObject({ status: 403 });
  });
});

describe.each(TEST_DATABASE_KINDS)('a fan with the live channel open watches a replay, on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('receives the kick-off, the real goals and the final whistle over MQTT', async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const broker = await createEmbeddedBroker();
    const app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      feedSink: createMatchWrites({ db, publish: (topic, payload) => broker.publish(topic, payload) }),
    });
    broker.attach(app.server);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const fan = await connectTestClient(`ws://127.0.0.1:${port}/mqtt`);
    try {
      expect(await fan.subscribe(['football'])).toEqual([0]);
      const staff = await createTestUser(db, { role: 'staff' });
      const replay = sampleReplay('alaves');
      const played = await playReplay({
        server: `http://127.0.0.1:${port}`,
        token: staff.token,
        speed: 0,
        competitionId: LA_LIGA,
        script: { homeTeam: replay.home.name, awayTeam: replay.away.name, lineups: replay.lineups, steps: replay.steps },
      });
      const ofMatch = (payload: string) => {
        const message = LiveMessageSchema.parse(JSON.parse(payload));
        return message.data.match_id === played.matchId ? message : null;
      };
      await fan.waitForMessage((message) => ofMatch(message.payload)?.data.status === 8, 10_000);
      const seen = fan.messages.map((message) => ofMatch(message.payload)).filter((message) => message !== null);
      expect(seen[0]!.data).toMatchObject({ status: 1, lineups_changed: true });
      expect(seen.find((message) => message.data.status === 2)!.data.events?.[0]).toMatchObject({ type: 9 });
      const scorers = seen.flatMap((message) => message.data.events ?? []).filter((event) => event.type === 0).map((event) => event.player);
      expect(scorers).toEqual(['Lionel Messi', 'Philippe Coutinho', 'Lionel Messi']);
      expect(seen[seen.length - 1]).toMatchObject({ type: 'score', data: { status: 8, a0: 3, b0: 0 } });
    } finally {
      await fan.end();
      await broker.close();
      await app.close();
    }
  });
});
