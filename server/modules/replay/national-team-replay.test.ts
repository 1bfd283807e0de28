import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { EUROPEAN_CHAMPIONSHIP_ID, WORLD_CUP_ID } from '../../catalog/national-teams';
import { seedCatalog } from '../../catalog/seed-catalog';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { playReplay } from '../../feed/replay/replay-client';
import { parseReplayDate } from '../../feed/replay/replay-date';
import { buildStatsbombReplay } from '../../feed/replay/statsbomb/build-statsbomb-replay';
import { readStatsbombSample, STATSBOMB_SAMPLES } from '../../feed/replay/statsbomb/statsbomb-fixtures';
import { parseStatsbombEvents, parseStatsbombLineups } from '../../feed/replay/statsbomb/statsbomb-schema';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { createTestUser } from '../../test-support/users';
import { createMatchWrites } from '../matches/match-writes';
import { createMatchService } from '../matches/matches.service';

/**
 * Replays of national-team matches and replays that keep the real match's date (decision 088):
 * a national-team match finds the World Cup or the European Championship of the catalogue — never
 * a club competition — and a replay given the real kick-off is stored, listed and titled with it.
 */
describe.each(TEST_DATABASE_KINDS)('national-team replays and real dates on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let origin: string;
  let staffToken: string;

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const live = capturePublishes();
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      feedSink: createMatchWrites({ db, publish: live.publish }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    staffToken = (await createTestUser(db, { role: 'staff' })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function createReplay(body: Record<string, unknown>) {
    const response = await app.inject({ method: 'POST', url: '/api/staff/replays', headers: { language: 'en', token: staffToken }, payload: { sport: 'football', ...body } });
    return { status: response.statusCode, body: response.json() };
  }

  it('the 2018 World Cup final finds the World Cup, joins the catalogue national teams and keeps its date', async () => {
    const { db } = database.current;
    const kickOff = parseReplayDate('2018-07-15T18:00+03:00');
    const created = await createReplay({ home_team: 'France', away_team: 'Croatia', match_time: kickOff });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ competition_id: WORLD_CUP_ID, match_time: kickOff, created_teams: [] });
    const [france] = await db.select().from(teams).where(eq(teams.id, created.body.data.home_team_id));
    expect(france).toMatchObject({ name: 'France', sport: 'football' });

    const matchId = created.body.data.match_id as number;
    const updates = [
      { status_id: 2, home_score: 0, away_score: 0, half_played_sec: 0, kind: 'score' },
      { status_id: 3, home_score: 2, away_score: 1, half_time: [2, 1], kind: 'score' },
      { status_id: 8, home_score: 4, away_score: 2, half_time: [2, 1], kind: 'score' },
    ];
    const applied = await app.inject({ method: 'POST', url: `/api/staff/replays/${matchId}/updates`, headers: { language: 'en', token: staffToken }, payload: { updates } });
    expect(applied.json().data).toMatchObject({ applied: 3, status_id: 8, score: [4, 2] });
    const [row] = await db.select().from(matches).where(eq(matches.id, matchId));
    // Dated and so titled with its real year (the match page's year is its kick-off's), filed under the World Cup.
    expect(row).toMatchObject({ competitionId: WORLD_CUP_ID, statusId: 8, homeScore: 4, awayScore: 2, htHome: 2, htAway: 1 });
    expect(row?.matchTime.toISOString()).toBe('2018-07-15T15:00:00.000Z');
  });

  it('a match of a European Championship year finds the European Championship; a World Cup year the World Cup', async () => {
    const euro2020 = await createReplay({ home_team: 'Italy', away_team: 'England', match_time: parseReplayDate('2021-07-11T21:00+01:00') });
    expect(euro2020.body.data.competition_id).toBe(EUROPEAN_CHAMPIONSHIP_ID);
    const euro2024 = await createReplay({ home_team: 'Turkey', away_team: 'Georgia', match_time: parseReplayDate('2024-06-18') });
    expect(euro2024.body.data.competition_id).toBe(EUROPEAN_CHAMPIONSHIP_ID);
    const worldCup2022 = await createReplay({ home_team: 'Spain', away_team: 'Germany', match_time: parseReplayDate('2022-11-27T22:00+03:00') });
    expect(worldCup2022.body.data.competition_id).toBe(WORLD_CUP_ID);
    // Only the World Cup lists both: whatever the year.
    const onlyWorldCup = await createReplay({ home_team: 'Argentina', away_team: 'Brazil', match_time: parseReplayDate('2024-06-18') });
    expect(onlyWorldCup.body.data.competition_id).toBe(WORLD_CUP_ID);
  });

  it('a national team and a club share no competition: the replay is refused, not filed under a club competition', async () => {
    const mixed = await createReplay({ home_team: 'France', away_team: 'FC Barcelona' });
    expect(mixed).toMatchObject({ status: 400, body: { data: { error: 'REPLAY_NO_COMPETITION' } } });
  });

  it('a StatsBomb replay given the real date (Barcelona 2-2 Girona, 23 September 2018) is stored with it and ends with the real score', async () => {
    const { db } = database.current;
    const files = STATSBOMB_SAMPLES.girona;
    const replay = buildStatsbombReplay({
      events: parseStatsbombEvents(JSON.parse(readStatsbombSample(files.events))),
      lineups: parseStatsbombLineups(JSON.parse(readStatsbombSample(files.lineups))),
    });
    const kickOff = parseReplayDate('2018-09-23T20:45+02:00');
    const played = await playReplay({
      server: origin,
      token: staffToken,
      speed: 0,
      matchTime: kickOff,
      script: { homeTeam: replay.home.name, awayTeam: replay.away.name, lineups: replay.lineups, steps: replay.steps },
    });
    expect(played).toMatchObject({ statusId: 8, score: [2, 2], createdTeams: [] });
    const [row] = await db.select().from(matches).where(eq(matches.id, played.matchId));
    // Barcelona and Girona both in the catalogue's La Liga: found without --competition.
    expect(row).toMatchObject({ competitionId: 3, statusId: 8, homeScore: 2, awayScore: 2 });
    expect(row?.matchTime.toISOString()).toBe('2018-09-23T18:45:00.000Z');
  });
});
