import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { COLLECTION_LIMIT, CollectionsDataSchema } from '../../../core/contracts/collections';
import { seedCatalog } from '../../catalog/seed-catalog';
import { matchCollections, teamCollections } from '../../db/schema/collections';
import { createMatchWrites } from '../matches/match-writes';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { FIXTURES, M, NOW_MS, UPDATES } from '../../test-support/match-day';
import { createTestUser } from '../../test-support/users';
import { buildTestApp } from '../points/points-test-support';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

describe.each(TEST_DATABASE_KINDS)('collections API on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const sink = createMatchWrites({ db, publish: capturePublishes().publish, now: () => NOW_MS });
    await sink.upsertFixtures(FIXTURES);
    for (const update of UPDATES) await sink.applyUpdate(update);
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function post(url: string, user: TestUser | null, body: unknown, language = 'en') {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { language, ...(user ? { token: user.token } : {}) },
      payload: body as object,
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function collections(user: TestUser, language = 'en') {
    const response = await app.inject({ method: 'GET', url: '/api/user/collections', headers: { token: user.token, language } });
    expect(response.statusCode).toBe(200);
    return apiSuccessSchema(CollectionsDataSchema).parse(response.json()).data;
  }

  const newUser = () => createTestUser(database.current.db);

  it('collects football and basketball matches, idempotently, and lists them newest first with header data', async () => {
    const user = await newUser();
    const added = await post('/api/football/collectAdd', user, { match_id: M.liveDerby });
    expect(added).toEqual({ status: 200, body: { code: 0, msg: 'success', data: { match_id: M.liveDerby, is_collect: true } } });
    expect((await post('/api/football/collectAdd', user, { match_id: M.liveDerby })).status).toBe(200);
    // a string of digits is a match id too (form bodies of older clients)
    expect((await post('/api/basketball/collectAdd', user, { match_id: String(M.bslLive) })).body.data).toEqual({
      match_id: M.bslLive,
      is_collect: true,
    });
    expect((await post('/api/competition/collectAdd', user, { competition_id: 1 })).body.data).toEqual({
      competition_id: 1,
      is_collect: true,
    });

    const data = await collections(user);
    expect(data.matches.map((entry) => [entry.sport, entry.match_id])).toEqual([
      ['basketball', M.bslLive],
      ['football', M.liveDerby],
    ]);
    const derby = data.matches[1];
    expect(derby?.match).toMatchObject({
      match_id: M.liveDerby,
      status_id: 2,
      a0: 1,
      b0: 0,
      home_team_name: 'Galatasaray',
      away_team_name: 'Fenerbahçe',
      is_collect: true,
    });
    expect(derby?.competition).toMatchObject({
      competition_id: 1,
      name: 'Turkish Süper Lig',
      logo: '/crests/competition/1.svg',
      is_collect: true,
    });
    expect(data.matches[0]?.match).toMatchObject({ a0: 35, b0: 31, periods: [[20, 18], [15, 13]], is_collect: true });
    expect(data.matches[0]?.competition.is_collect).toBe(false);
    expect(data.competitions).toEqual([
      { competition_id: 1, sport: 'football', name: 'Turkish Süper Lig', logo: '/crests/competition/1.svg', collected_at: expect.any(String) },
    ]);
    expect((await collections(user, 'zh')).competitions[0]?.name).toBe('土耳其超级联赛');
  });

  it('removes idempotently: removing what is not collected is not an error', async () => {
    const user = await newUser();
    await post('/api/football/collectAdd', user, { match_id: M.finished });
    await post('/api/competition/collectAdd', user, { competition_id: 2 });
    for (let round = 0; round < 2; round += 1) {
      expect((await post('/api/football/collectDel', user, { match_id: M.finished })).body).toEqual({
        code: 0,
        msg: 'success',
        data: { match_id: M.finished, is_collect: false },
      });
      expect((await post('/api/competition/collectDel', user, { competition_id: 2 })).body.data).toEqual({
        competition_id: 2,
        is_collect: false,
      });
    }
    expect(await collections(user)).toEqual({ matches: [], competitions: [], teams: [] });
  });

  it('answers 404 for an unknown match, a match of the other sport, and an unknown competition', async () => {
    const user = await newUser();
    for (const [url, body, message] of [
      ['/api/football/collectAdd', { match_id: 999_999 }, 'Match not found'],
      ['/api/football/collectDel', { match_id: 999_999 }, 'Match not found'],
      ['/api/basketball/collectAdd', { match_id: M.liveDerby }, 'Match not found'],
      ['/api/football/collectAdd', { match_id: M.nbaEnded }, 'Match not found'],
      ['/api/competition/collectAdd', { competition_id: 99_999 }, 'Competition not found'],
      ['/api/competition/collectDel', { competition_id: 99_999 }, 'Competition not found'],
    ] as const) {
      const answer = await post(url, user, body);
      expect([url, answer.status, answer.body]).toEqual([url, 404, { code: 404, message, data: { error: 'NOT_FOUND' } }]);
    }
    expect(await collections(user)).toEqual({ matches: [], competitions: [], teams: [] });
  });

  it.each([
    ['/api/football/collectAdd', {}, 'match_id', 'Please choose a match'],
    ['/api/football/collectAdd', { match_id: 'abc' }, 'match_id', 'Please choose a match'],
    ['/api/basketball/collectDel', { match_id: 0 }, 'match_id', 'Please choose a match'],
    ['/api/basketball/collectAdd', { match_id: 1.5 }, 'match_id', 'Please choose a match'],
    ['/api/football/collectAdd', { match_id: 2 ** 31 }, 'match_id', 'Please choose a match'],
    ['/api/football/collectAdd', { match_id: null }, 'match_id', 'Please choose a match'],
    ['/api/competition/collectAdd', { competition_id: -1 }, 'competition_id', 'Please choose a competition'],
    ['/api/competition/collectDel', { competition_id: '1e3' }, 'competition_id', 'Please choose a competition'],
  ])('%s refuses %j with a 400 on the field', async (url, body, field, message) => {
    const user = await newUser();
    const answer = await post(url, user, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, message: 'The request is not valid', data: { error: 'VALIDATION', fields: [{ field, message }] } });
  });

  it(`stops at ${COLLECTION_LIMIT} collected matches with 409 COLLECTION_LIMIT`, async () => {
    const user = await newUser();
    await database.current.db.insert(matchCollections).values(
      Array.from({ length: COLLECTION_LIMIT }, (_, index) => ({ userId: user.id, sport: 'football' as const, matchId: 9_000_000 + index })),
    );
    const refused = await post('/api/football/collectAdd', user, { match_id: M.soon });
    expect([refused.status, refused.body]).toEqual([
      409,
      { code: 409, message: `You can follow at most ${COLLECTION_LIMIT} items`, data: { error: 'COLLECTION_LIMIT' } },
    ]);
    // removing one makes room again
    await database.current.db
      .delete(matchCollections)
      .where(and(eq(matchCollections.userId, user.id), eq(matchCollections.matchId, 9_000_000)));
    expect((await post('/api/football/collectAdd', user, { match_id: M.soon })).status).toBe(200);
  });

  it('is 401 without a token on every endpoint', async () => {
    for (const url of ['/api/football/collectAdd', '/api/football/collectDel', '/api/basketball/collectAdd', '/api/basketball/collectDel']) {
      expect((await post(url, null, { match_id: M.liveDerby })).status).toBe(401);
    }
    for (const url of ['/api/competition/collectAdd', '/api/competition/collectDel']) {
      expect((await post(url, null, { competition_id: 1 })).status).toBe(401);
    }
    const list = await app.inject({ method: 'GET', url: '/api/user/collections', headers: { language: 'en' } });
    expect([list.statusCode, list.json().message]).toEqual([401, 'Please log in first']);
  });

  const galatasaray = () => FIXTURES.find((fixture) => fixture.matchId === M.liveDerby)!.homeTeamId;

  it('follows and unfollows a team, idempotently, and lists it with its crest', async () => {
    const user = await newUser();
    const teamId = galatasaray();
    for (let round = 0; round < 2; round += 1) {
      expect(await post('/api/team/collectAdd', user, { team_id: teamId })).toEqual({
        status: 200,
        body: { code: 0, msg: 'success', data: { team_id: teamId, is_collect: true } },
      });
    }
    // a string of digits is a team id too
    expect((await post('/api/team/collectAdd', user, { team_id: String(teamId) })).status).toBe(200);
    const data = await collections(user);
    expect(data.teams).toEqual([
      { team_id: teamId, sport: 'football', name: 'Galatasaray', logo: `/crests/team/${teamId}.svg`, collected_at: expect.any(String) },
    ]);
    expect(data.matches).toEqual([]);
    for (let round = 0; round < 2; round += 1) {
      expect((await post('/api/team/collectDel', user, { team_id: teamId })).body.data).toEqual({ team_id: teamId, is_collect: false });
    }
    expect(await collections(user)).toEqual({ matches: [], competitions: [], teams: [] });
  });

  it('answers a translated 404 for an unknown team and a translated 400 for a bad team id', async () => {
    const user = await newUser();
    for (const [url, language, message] of [
      ['/api/team/collectAdd', 'en', 'Team not found'],
      ['/api/team/collectDel', 'en', 'Team not found'],
      ['/api/team/collectAdd', 'tr', 'Takım bulunamadı'],
      ['/api/team/collectAdd', 'zh', '未找到球队'],
    ] as const) {
      const answer = await post(url, user, { team_id: 99_999_999 }, language);
      expect([url, answer.status, answer.body]).toEqual([url, 404, { code: 404, message, data: { error: 'NOT_FOUND' } }]);
    }
    for (const body of [{}, { team_id: 'abc' }, { team_id: 0 }, { team_id: 1.5 }, { team_id: '1\u0000' }]) {
      const answer = await post('/api/team/collectAdd', user, body);
      expect([body, answer.status, answer.body.data]).toEqual([body, 400, { error: 'VALIDATION', fields: [{ field: 'team_id', message: 'Please choose a team' }] }]);
    }
    expect((await post('/api/team/collectAdd', user, { team_id: 'x' }, 'tr')).body.data.fields[0].message).toBe('Lütfen bir takım seçin');
    expect((await collections(user)).teams).toEqual([]);
  });

  it(`stops at ${COLLECTION_LIMIT} followed teams with 409 COLLECTION_LIMIT`, async () => {
    const user = await newUser();
    await database.current.db
      .insert(teamCollections)
      .values(Array.from({ length: COLLECTION_LIMIT }, (_, index) => ({ userId: user.id, teamId: 9_000_000 + index })));
    const refused = await post('/api/team/collectAdd', user, { team_id: galatasaray() });
    expect([refused.status, refused.body.data]).toEqual([409, { error: 'COLLECTION_LIMIT' }]);
  });

  it('team follow endpoints are 401 without a token', async () => {
    for (const url of ['/api/team/collectAdd', '/api/team/collectDel']) {
      expect((await post(url, null, { team_id: galatasaray() })).status).toBe(401);
    }
  });

  it("keeps every user's collections their own: B can never read or change A's", async () => {
    const a = await newUser();
    const b = await newUser();
    await post('/api/football/collectAdd', a, { match_id: M.championsLeague });
    await post('/api/basketball/collectAdd', a, { match_id: M.euroLeagueWaiting });
    await post('/api/competition/collectAdd', a, { competition_id: 6 });
    const before = await collections(a);

    await post('/api/football/collectDel', b, { match_id: M.championsLeague, user_id: a.id });
    await post('/api/basketball/collectDel', b, { match_id: M.euroLeagueWaiting, userId: a.id });
    await post('/api/competition/collectDel', b, { competition_id: 6, id: a.id });
    await post('/api/football/collectAdd', b, { match_id: M.cup, user_id: a.id });
    expect(await collections(b)).toMatchObject({ matches: [{ match_id: M.cup }], competitions: [] });
    expect(await collections(a)).toEqual(before);
    expect(before.matches).toHaveLength(2);
  });
});
